import { ArrowLeft } from "lucide-react";
import { data, Link, redirect } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { requireCatalogueManager, tooLarge } from "#app/console/catalogue/guard.server.ts";
import { newOfferDefaults, OfferForm } from "#app/vouchers/offer-form.tsx";
import { maxOfferFormBytes, submitOfferForm } from "#app/vouchers/offer-guard.server.ts";
import type { Route } from "./+types/vendor-voucher-new";

/** /vendor/{business}/vouchers/new: a new voucher offer (managers and owners). */
export function meta() {
  return [{ title: "New voucher offer · Console · Oja" }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireCatalogueManager(context, request, params.business);
  return null;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { business, actor } = await requireCatalogueManager(context, request, params.business);
  if (tooLarge(request, maxOfferFormBytes)) {
    return data<{ errors: FieldErrors }>(
      { errors: { images: "Those pictures are too large together. Add fewer at a time." } },
      { status: 413 },
    );
  }
  const result = await submitOfferForm(context, actor, await request.formData(), null);
  if (!result.ok)
    return data<{ errors: FieldErrors }>({ errors: result.errors }, { status: result.status });
  throw redirect(`/vendor/${business.slug}/vouchers/${result.offerId}?notice=created`);
}

export default function VendorVoucherNew({ params, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="new-offer-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/vouchers`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Vouchers
      </Link>
      <h1 id="new-offer-heading" className="text-xl font-semibold text-ink">
        New voucher offer
      </h1>
      <OfferForm
        businessSlug={params.business}
        defaults={newOfferDefaults}
        errors={actionData?.errors ?? {}}
        submitLabel="Create offer"
      />
    </section>
  );
}
