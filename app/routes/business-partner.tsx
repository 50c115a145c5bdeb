import { ArrowRight, Handshake } from "lucide-react";
import { Link } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { businessPartner } from "#app/catalog/partners.server.ts";
import { BusinessCard, BusinessLogo } from "#app/components/business-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { services } from "#app/context.server.ts";
import { notFound } from "#app/errors.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/business-partner";

/**
 * /{slug}/partners/{partner}: a partner business presented by {slug}, with the partner's offer
 * (partnerships are agreed on /collab and in the vendor console). Only an active partnership
 * between two active businesses is shown; anything else is a 404.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business, partner } = loaderData;
  return pageMeta(matches, {
    title: `${partner.offerTitle} · ${partner.business.name}, a partner of ${business.name}`,
    description: shortDescription(
      partner.offerDetails || `${business.name} recommends ${partner.business.name}.`,
    ),
    path: `/${business.slug}/partners/${partner.business.slug}`,
    image: partner.business.logoUrl,
  });
}

const paramsSchema = z.object({ id: z.string().min(1).max(100), p: z.string().min(1).max(100) });

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const parsed = paramsSchema.safeParse(params);
  if (!parsed.success) throw notFound(url);
  const { db } = services(context);
  const business = await businessProfile(db, parsed.data.id);
  if (!business) throw notFound(url);
  const partner = await businessPartner(db, business.id, parsed.data.p);
  if (!partner) throw notFound(url);
  return { business, partner };
}

export default function BusinessPartner({ loaderData }: Route.ComponentProps) {
  const { business, partner } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <p className="flex items-center gap-2 text-sm text-ink-muted">
        <BusinessLogo business={business} size={28} />
        <span>
          <Link to={`/${business.slug}`} className="font-semibold text-ink hover:underline">
            {business.name}
          </Link>{" "}
          recommends a partner
        </span>
      </p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-ink">{partner.offerTitle}</h1>
      <p className="mt-1 text-lg text-ink-muted">at {partner.business.name}</p>
      <div className="mt-6 rounded-card border border-line bg-surface p-5">
        <h2 className="flex items-center gap-2 text-lg font-bold text-ink">
          <Handshake aria-hidden="true" className="size-5 text-brand" /> The offer
        </h2>
        {partner.offerDetails ? (
          <p className="mt-2 whitespace-pre-line text-ink">{partner.offerDetails}</p>
        ) : null}
        {partner.offerCode ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-sm text-ink-muted">
              Show this code at {partner.business.name}:{" "}
              <span className="rounded-lg bg-surface-sunken px-2 py-1 font-mono text-base font-bold text-ink">
                {partner.offerCode}
              </span>
            </p>
            <CopyButton text={partner.offerCode} label="Copy code" what="offer code" />
          </div>
        ) : null}
      </div>
      <h2 className="mt-8 text-lg font-bold text-ink">About the partner</h2>
      <div className="mt-3">
        <BusinessCard business={partner.business} />
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to={`/${partner.business.slug}`}>
          Visit {partner.business.name} <ArrowRight aria-hidden="true" className="size-4" />
        </ButtonLink>
        <ButtonLink to={`/${business.slug}`} variant="secondary">
          Back to {business.name}
        </ButtonLink>
      </div>
    </div>
  );
}
