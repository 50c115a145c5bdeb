import { Sparkles } from "lucide-react";
import { Link, useLocation } from "react-router";
import {
  type FeedEntry,
  InvalidFeedCursorError,
  latestListings,
} from "#app/catalog/feeds.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { InfiniteList } from "#app/components/infinite-list.tsx";
import { SoldOutBadge } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Money } from "#app/components/ui/money.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { absoluteUrl, pageMeta, publicOrigin } from "#app/seo/meta.ts";
import { savingPercent } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/latest";

/**
 * /ll: the latest listings feed. New businesses and products, newest first, growing as the
 * shopper scrolls (InfiniteList) and paged by a real `?after=` link without JavaScript.
 * Vouchers on sale (issue 19) and sales not over, flash and discount (issue 22), are in it too.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = publicOrigin(matches);
  const items = loaderData?.items ?? [];
  return pageMeta(matches, {
    title: "Latest listings",
    description:
      "The newest businesses and products on Oja, from spas and salons to restaurants and shops across Nigeria.",
    path: "/ll",
    noindex: Boolean(loaderData?.after),
    jsonLd: {
      "@type": "ItemList",
      name: "Latest listings on Oja",
      itemListOrder: "https://schema.org/ItemListOrderDescending",
      itemListElement: items.map((entry, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: absoluteUrl(origin, entryPath(entry)),
        name: entryName(entry),
      })),
    },
  });
}

const querySchema = z.object({
  after: z.string().max(200, "This page of the list has expired.").optional(),
});

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({ after: url.searchParams.get("after") ?? undefined });
  if (!parsed.success) throw publicError(400, new InvalidFeedCursorError().message);
  const { db } = services(context);
  try {
    const page = await latestListings(db, { after: parsed.data.after });
    return { ...page, after: parsed.data.after ?? null };
  } catch (error) {
    if (error instanceof InvalidFeedCursorError) throw publicError(400, error.message);
    throw error;
  }
}

function entryPath(entry: FeedEntry): string {
  switch (entry.kind) {
    case "business":
      return `/${entry.business.slug}`;
    case "product":
      return `/${entry.product.business.slug}/products/${entry.product.slug}`;
    case "voucher":
      return `/vouchers/${entry.offer.id}`;
    case "sale":
      return entry.sale.href;
  }
}

function entryName(entry: FeedEntry): string {
  switch (entry.kind) {
    case "business":
      return entry.business.name;
    case "product":
      return entry.product.name;
    case "voucher":
      return entry.offer.title;
    case "sale":
      return entry.sale.name;
  }
}

const badges: Record<FeedEntry["kind"], { label: string; className: string }> = {
  business: { label: "New business", className: "bg-brand-soft text-brand" },
  product: { label: "New product", className: "bg-surface-sunken text-ink" },
  voucher: { label: "New voucher", className: "bg-ink text-surface" },
  sale: { label: "New sale", className: "bg-danger-soft text-danger" },
};

export default function Latest({ loaderData }: Route.ComponentProps) {
  const { items, nextCursor, after } = loaderData;
  const location = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Latest listings</h1>
      <p className="mt-2 text-ink-muted">
        New businesses, products, vouchers and sales on Oja, newest first.
        {after ? (
          <>
            {" "}
            <Link to="/ll" className="font-semibold text-brand hover:underline">
              Back to the newest
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={Sparkles}
            title="Nothing new yet"
            action={<ButtonLink to="/">Explore Oja</ButtonLink>}
          >
            New businesses and products show up here as soon as they open. Explore the categories in
            the meantime.
          </EmptyState>
        ) : (
          <InfiniteList
            key={location.search}
            items={items}
            nextCursor={nextCursor}
            pageOf={(data: Route.ComponentProps["loaderData"]) => data}
            getKey={(entry) => entry.id}
            renderItem={(entry) => <Entry entry={entry} />}
            noun="listings"
            label="Show more listings"
            className="flex flex-col gap-3"
          />
        )}
      </div>
    </div>
  );
}

function Entry({ entry }: { entry: FeedEntry }) {
  const badge = badges[entry.kind];
  const picture =
    entry.kind === "product"
      ? entry.product.image
      : entry.kind === "voucher"
        ? entry.offer.image
        : entry.kind === "sale"
          ? entry.sale.image
          : null;
  const seller =
    entry.kind === "product"
      ? entry.product.business
      : entry.kind === "voucher"
        ? entry.offer.business
        : entry.kind === "sale"
          ? entry.sale.business
          : null;
  return (
    <article className="flex gap-3 rounded-card border border-line bg-surface p-3 sm:gap-4">
      {entry.kind === "business" ? (
        <BusinessLogo business={entry.business} size={72} />
      ) : (
        <span className="block size-[72px] shrink-0 overflow-hidden rounded-lg bg-surface-sunken">
          {picture ? (
            <ResponsiveImage image={picture} sizes="72px" className="size-full object-cover" />
          ) : null}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 text-xs">
          <span className={`rounded-full px-2 py-0.5 font-semibold ${badge.className}`}>
            {badge.label}
          </span>
          <time dateTime={entry.createdAt} className="text-ink-muted">
            {entry.age}
          </time>
          {entry.kind === "product" && !entry.product.inStock ? <SoldOutBadge /> : null}
        </p>
        <h2
          className={`mt-1 font-semibold text-ink ${entry.kind === "business" ? "truncate" : "line-clamp-2"}`}
        >
          <Link to={entryPath(entry)} className="hover:underline">
            {entryName(entry)}
          </Link>
        </h2>
        {entry.kind === "business" ? (
          <>
            <p className="truncate text-sm text-ink-muted">
              {entry.business.category.name} · {entry.business.city}
            </p>
            {entry.business.tagline ? (
              <p className="line-clamp-1 text-sm text-ink">{entry.business.tagline}</p>
            ) : null}
          </>
        ) : null}
        {seller ? (
          <p className="truncate text-sm text-ink-muted">
            <Link to={`/${seller.slug}`} className="hover:underline">
              {seller.name}
            </Link>{" "}
            · {seller.city}
          </p>
        ) : null}
        {entry.kind === "product" ? (
          <p className="text-sm">
            <Money kobo={entry.product.priceKobo} className="font-bold text-ink" />
          </p>
        ) : null}
        {entry.kind === "sale" ? <p className="text-sm text-ink">{entry.sale.summary}</p> : null}
        {entry.kind === "voucher" ? (
          <p className="text-sm text-ink">
            <Money kobo={entry.offer.priceKobo} className="font-bold" />{" "}
            <span className="text-ink-muted">
              for a <Money kobo={entry.offer.valueKobo} /> voucher (save{" "}
              {savingPercent(entry.offer.valueKobo, entry.offer.priceKobo)}%)
            </span>
          </p>
        ) : null}
      </div>
    </article>
  );
}
