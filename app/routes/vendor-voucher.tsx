import { ArrowLeft, ExternalLink } from "lucide-react";
import { data, Link, useSearchParams } from "react-router";
import type { FieldErrors } from "#app/auth/forms.ts";
import { FormMessage } from "#app/components/ui/field.tsx";
import { requireCatalogueManager, tooLarge } from "#app/console/catalogue/guard.server.ts";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { offerFormDefaults } from "#app/vouchers/offer-defaults.ts";
import { OfferForm } from "#app/vouchers/offer-form.tsx";
import { maxOfferFormBytes, submitOfferForm } from "#app/vouchers/offer-guard.server.ts";
import { OfferStatusBadge } from "#app/vouchers/offer-status-badge.tsx";
import { findConsoleOffer } from "#app/vouchers/offers.server.ts";
import type { Route } from "./+types/vendor-voucher";

/**
 * /vendor/{business}/vouchers/{offerId}: edit one voucher offer. Another business's offer is a
 * 404, as is any offer for staff (decision 017).
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.offer.title ?? "Voucher offer"} · Console · Oja` }];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { business } = await requireCatalogueManager(context, request, params.business);
  const offer = await findConsoleOffer(services(context).db, business.id, params.offerId);
  if (!offer) throw notFound(new URL(request.url));
  return {
    offer: {
      id: offer.id,
      title: offer.title,
      status: offer.status,
      soldCount: offer.soldCount,
      updatedAt: offer.updatedAt.toISOString(),
    },
    defaults: offerFormDefaults(offer),
  };
}

interface ActionResult {
  errors?: FieldErrors;
  done?: string;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { actor } = await requireCatalogueManager(context, request, params.business);
  if (tooLarge(request, maxOfferFormBytes)) {
    return data<ActionResult>(
      { errors: { images: "Those pictures are too large together. Add fewer at a time." } },
      { status: 413 },
    );
  }
  const result = await submitOfferForm(context, actor, await request.formData(), params.offerId);
  if (result.ok)
    return data<ActionResult>({ done: "Saved. Vouchers already sold keep their terms." });
  if (result.status === 404) throw notFound(new URL(request.url));
  return data<ActionResult>({ errors: result.errors }, { status: result.status });
}

export default function VendorVoucher({ loaderData, actionData, params }: Route.ComponentProps) {
  const { offer, defaults } = loaderData;
  const [search] = useSearchParams();
  const notice =
    actionData?.done ?? (search.get("notice") === "created" ? "Offer created." : undefined);
  return (
    <section aria-labelledby="offer-heading" className="space-y-5">
      <Link
        to={`/vendor/${params.business}/vouchers`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-strong hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Vouchers
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <h1 id="offer-heading" className="truncate text-xl font-semibold text-ink">
            {offer.title}
          </h1>
          <OfferStatusBadge status={offer.status} />
        </div>
        <a
          href={`/vouchers/${offer.id}`}
          target="_blank"
          rel="noreferrer"
          className="inline-flex min-h-11 items-center gap-1.5 px-2 text-sm font-medium text-brand-strong hover:underline"
        >
          View as shoppers see it <ExternalLink aria-hidden="true" className="size-4" />
        </a>
      </div>
      {notice && !actionData?.errors ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <OfferForm
        // A save reloads the offer: start the form again from what was saved.
        key={offer.updatedAt}
        businessSlug={params.business}
        defaults={defaults}
        errors={actionData?.errors ?? {}}
        soldCount={offer.soldCount}
        submitLabel="Save changes"
      />
    </section>
  );
}
