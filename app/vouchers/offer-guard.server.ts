import type { RouterContextProvider } from "react-router";
import { fieldErrors } from "#app/auth/forms.ts";
import { saveWithFormPictures } from "#app/console/form-pictures.server.ts";
import { services } from "#app/context.server.ts";
import { offerFormSchema, offerFormValues, offerLimits } from "./offer-input.ts";
import { type OfferActor, type OfferSaveResult, saveOffer } from "./offers.server.ts";

/**
 * The offer form's post (new offer and edit alike): checks the fields as of now, stores pictures
 * posted with the form itself, then saves; a refused form leaves nothing behind. The guard is
 * the catalogue's (requireCatalogueManager): offers are managers' and owners' work.
 */
export async function submitOfferForm(
  context: Readonly<RouterContextProvider>,
  actor: OfferActor,
  form: FormData,
  offerId: string | null,
): Promise<OfferSaveResult> {
  const parsed = offerFormSchema(new Date()).safeParse(offerFormValues(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  return saveWithFormPictures(
    context,
    form,
    {
      chosen: input.images,
      most: offerLimits.images,
      tooMany: `An offer can have at most ${offerLimits.images} pictures`,
      alt: input.title,
      businessId: actor.businessId,
    },
    (images) => saveOffer(services(context).db, actor, { ...input, images }, offerId),
  );
}

/** A whole multipart post larger than this is refused before it is read (6 pictures of 8 MB). */
export const maxOfferFormBytes = 54 * 1024 * 1024;
