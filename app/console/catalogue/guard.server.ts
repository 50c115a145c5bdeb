import type { RouterContextProvider } from "react-router";
import { fieldErrors } from "#app/auth/forms.ts";
import { requireBusinessMember } from "#app/auth/session.server.ts";
import { saveWithFormPictures } from "#app/console/form-pictures.server.ts";
import { services } from "#app/context.server.ts";
import { productFormSchema, productFormValues, productLimits } from "./product-input.ts";
import { type CatalogueActor, type SaveResult, saveProduct } from "./products.server.ts";

/**
 * The guard of every catalogue page and action: managers and owners of the business only. Staff,
 * other businesses' members, admins and shoppers get the same 404 as a page that doesn't exist;
 * guests are sent to sign in (decision 017).
 */
export async function requireCatalogueManager(
  context: Readonly<RouterContextProvider>,
  request: Request,
  businessSlug: string,
) {
  const { user, membership } = await requireBusinessMember(
    context,
    request,
    businessSlug,
    "manager",
  );
  const actor: CatalogueActor = { businessId: membership.businessId, userId: user.id, request };
  return {
    user,
    business: { id: membership.businessId, slug: membership.slug, name: membership.name },
    actor,
  };
}

/**
 * The product form's post: checks the fields, stores pictures posted with the form itself (the
 * form without JavaScript), then saves. Pictures are stored only once the fields are right, so
 * a refused form leaves nothing behind.
 */
export async function submitProductForm(
  context: Readonly<RouterContextProvider>,
  actor: CatalogueActor,
  form: FormData,
  productId: string | null,
): Promise<SaveResult> {
  const parsed = productFormSchema.safeParse(productFormValues(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  return saveWithFormPictures(
    context,
    form,
    {
      chosen: input.images,
      most: productLimits.images,
      tooMany: `A product can have at most ${productLimits.images} pictures`,
      alt: input.name,
      businessId: actor.businessId,
    },
    (images) => saveProduct(services(context).db, actor, { ...input, images }, productId),
  );
}

/** A whole multipart post larger than this is refused before it is read (10 pictures of 8 MB). */
export const maxProductFormBytes = 90 * 1024 * 1024;

export function tooLarge(request: Request, limit: number): boolean {
  const length = Number(request.headers.get("content-length") ?? 0);
  return Number.isFinite(length) && length > limit;
}
