import { PackageOpen, Search } from "lucide-react";
import { data, Form, Link, redirect, useNavigate } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { listCollections, storefrontProducts } from "#app/catalog/storefront.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { BusinessPagesNav } from "#app/components/business-pages-nav.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { ResponsiveImage } from "#app/components/ui/responsive-image.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { notFound, type PublicErrorData } from "#app/errors.ts";
import type { Brand } from "#app/layouts/custom.tsx";
import { TrustScoreLine } from "#app/reviews/trust-score-line.tsx";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/storefront";

/**
 * /b/{business}: the business's storefront in its own chrome (logo, name, accent colour): cover,
 * rating, collections, a search inside the shop and every active product, newest first, a page
 * at a time, and its vouchers.
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business } = loaderData;
  return pageMeta(matches, {
    title: `${business.name} · Shop`,
    description: shortDescription(
      business.tagline ||
        business.description ||
        `Shop ${business.name} in ${business.city} on Oja.`,
    ),
    path: `/b/${business.slug}`,
    image: business.cover?.url ?? business.logoUrl,
    type: "business.business",
  });
}

const querySchema = z.object({
  q: z.string().trim().max(100).optional(),
  after: z.string().max(500, "This page link is too long").optional(),
});

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const business = await businessProfile(db, params.id);
  if (!business) throw notFound(url);
  const query = querySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    throw data<PublicErrorData & { fields: Record<string, string> }>(
      { message: "This page link is broken.", fields: { after: "This page link is too long" } },
      { status: 400 },
    );
  }
  // The search box lands here before JavaScript loads: ?q=term → /b/{slug}/{term}.
  if (query.data.q) {
    throw redirect(`/b/${business.slug}/${encodeURIComponent(query.data.q)}`);
  }
  try {
    const [collections, products, vouchers] = await Promise.all([
      listCollections(db, business.id),
      storefrontProducts(db, business.id, { after: query.data.after }),
      // On the first page only: later pages are more products.
      query.data.after
        ? null
        : listOffers(db, { businessId: business.id, sort: "saving", limit: 4 }),
    ]);
    const brand: Brand = {
      name: business.name,
      slug: business.slug,
      color: business.brandColor,
      logoUrl: business.logoUrl,
    };
    return {
      business,
      collections,
      products,
      vouchers: vouchers ? { items: vouchers.items, more: vouchers.nextCursor !== null } : null,
      paged: Boolean(query.data.after),
      brand,
    };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) {
      throw data<PublicErrorData & { fields: Record<string, string> }>(
        { message: error.message, fields: { after: error.message } },
        { status: 400 },
      );
    }
    throw error;
  }
}

function ShopSearch({ slug, name }: { slug: string; name: string }) {
  const navigate = useNavigate();
  return (
    <Form
      role="search"
      method="get"
      action={`/b/${slug}`}
      className="w-full"
      onSubmit={(event) => {
        event.preventDefault();
        const term = new FormData(event.currentTarget).get("q")?.toString().trim();
        if (term) navigate(`/b/${slug}/${encodeURIComponent(term)}`);
      }}
    >
      <label className="relative block">
        <span className="sr-only">Search {name}</span>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-ink-muted"
        />
        <input
          type="search"
          name="q"
          placeholder={`Search ${name}`}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-11 w-full rounded-lg border border-line bg-surface pr-3 pl-10 text-base text-ink placeholder:text-ink-muted"
        />
      </label>
    </Form>
  );
}

export default function Storefront({ loaderData }: Route.ComponentProps) {
  const { business, collections, products, vouchers, paged } = loaderData;
  return (
    <div className="pb-12">
      <div className="mx-auto max-w-5xl sm:px-4 sm:pt-4">
        <div className="aspect-[8/3] overflow-hidden bg-brand sm:rounded-card">
          {business.cover ? (
            <ResponsiveImage
              image={business.cover}
              sizes="(min-width: 1024px) 992px, 100vw"
              priority
              className="size-full object-cover"
            />
          ) : null}
        </div>
      </div>

      <div className="mx-auto max-w-5xl px-4">
        <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 items-start gap-3">
            <div className="-mt-8 shrink-0 rounded-xl bg-surface p-1 shadow-sm sm:-mt-10">
              <BusinessLogo
                business={{
                  name: business.name,
                  logoUrl: business.logoUrl,
                  brandColor: business.brandColor,
                }}
                size={80}
              />
            </div>
            <div className="min-w-0 pt-2">
              <h1 className="text-2xl font-bold text-ink sm:text-3xl">{business.name}</h1>
              <p className="text-sm text-ink-muted">
                {business.category.name} · {business.city}
              </p>
            </div>
          </div>
          <div className="w-full sm:max-w-xs sm:pt-3">
            <ShopSearch slug={business.slug} name={business.name} />
          </div>
        </header>

        {business.tagline ? <p className="mt-3 text-ink">{business.tagline}</p> : null}
        <BusinessPagesNav business={business} current="shop" className="mt-4" />
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <Link
            to={`/${business.slug}/reviews`}
            className="inline-flex items-center rounded-full border border-line bg-surface px-3 py-1 hover:border-brand"
          >
            <TrustScoreLine score={business.trustScore} />
          </Link>
        </div>

        {collections.length > 0 ? (
          <nav aria-label="Collections" className="mt-6 -mx-4 overflow-x-auto px-4">
            <ul className="flex gap-2 pb-1">
              <li className="shrink-0">
                <span
                  aria-current="page"
                  className="inline-flex min-h-10 items-center rounded-full bg-brand px-4 text-sm font-semibold text-on-brand"
                >
                  All products
                </span>
              </li>
              {collections.map((collection) => (
                <li key={collection.slug} className="shrink-0">
                  <Link
                    to={`/b/${business.slug}/collection/${collection.slug}`}
                    className="inline-flex min-h-10 items-center rounded-full border border-line bg-surface px-4 text-sm font-medium text-ink hover:border-brand hover:text-brand"
                  >
                    {collection.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        {vouchers && vouchers.items.length > 0 ? (
          <section aria-labelledby="vouchers-title" className="mt-6">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="vouchers-title" className="text-xl font-bold text-ink">
                Vouchers
              </h2>
              {vouchers.more ? (
                <Link
                  to={`/${business.slug}/vouchers`}
                  className="text-sm font-semibold text-brand-strong"
                >
                  See all
                </Link>
              ) : null}
            </div>
            <OfferGrid offers={vouchers.items} className="mt-4" />
          </section>
        ) : null}

        <section aria-labelledby="products-title" className="mt-6">
          <h2 id="products-title" className="text-xl font-bold text-ink">
            {paged ? "More products" : "Products"}
          </h2>
          {products.items.length === 0 ? (
            <div className="mt-4">
              <EmptyState
                icon={PackageOpen}
                title={paged ? "No more products" : `${business.name} has no products yet`}
                action={
                  <ButtonLink
                    to={paged ? `/b/${business.slug}` : `/shop/${business.category.slug}`}
                  >
                    {paged ? "Back to the first page" : `Browse ${business.category.name}`}
                  </ButtonLink>
                }
              >
                {paged
                  ? "You've seen everything this shop sells."
                  : `Check back soon, or find something similar from other businesses in ${business.category.name}.`}
              </EmptyState>
            </div>
          ) : (
            <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {products.items.map((product, index) => (
                <li key={product.id}>
                  <ProductCard product={product} eager={!paged && index < 2} />
                </li>
              ))}
            </ul>
          )}
          <NextPageLink cursor={products.nextCursor} label="Show more products" />
        </section>
      </div>
    </div>
  );
}
