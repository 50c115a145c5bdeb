import { ArrowLeft, PackageOpen } from "lucide-react";
import { data, Link } from "react-router";
import { businessProfile } from "#app/catalog/catalog.server.ts";
import { collectionPage } from "#app/catalog/storefront.server.ts";
import { BusinessLogo } from "#app/components/business-card.tsx";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { notFound, type PublicErrorData } from "#app/errors.ts";
import { pageMeta, shortDescription } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/storefront-collection";

/** /b/{business}/collection/{collection}: one collection, in the order the business set. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { business, collection } = loaderData;
  return pageMeta(matches, {
    title: `${collection.name} · ${business.name}`,
    description: shortDescription(
      collection.description || `${collection.name} from ${business.name}, ${business.city}.`,
    ),
    path: `/b/${business.slug}/collection/${collection.slug}`,
    image: loaderData.items[0]?.image?.url,
  });
}

const paramsSchema = z.object({
  id: z.string().trim().min(1).max(100),
  collection: z.string().trim().min(1).max(200),
});

const querySchema = z.object({ after: z.string().max(500).optional() });

function badCursor(message: string) {
  return data<PublicErrorData & { fields: Record<string, string> }>(
    { message, fields: { after: message } },
    { status: 400 },
  );
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const parsedParams = paramsSchema.safeParse(params);
  if (!parsedParams.success) throw notFound(url);
  const { db } = services(context);
  const business = await businessProfile(db, parsedParams.data.id);
  if (!business) throw notFound(url);
  const query = querySchema.safeParse({ after: url.searchParams.get("after") ?? undefined });
  if (!query.success) throw badCursor("This page link is too long.");
  try {
    const page = await collectionPage(db, business.id, parsedParams.data.collection, {
      after: query.data.after,
    });
    if (!page) throw notFound(url);
    return {
      business: {
        slug: business.slug,
        name: business.name,
        city: business.city,
        brandColor: business.brandColor,
        logoUrl: business.logoUrl,
      },
      collection: page.collection,
      items: page.items,
      nextCursor: page.nextCursor,
      paged: Boolean(query.data.after),
    };
  } catch (error) {
    if (error instanceof InvalidPageCursorError) throw badCursor(error.message);
    throw error;
  }
}

export default function StorefrontCollection({ loaderData }: Route.ComponentProps) {
  const { business, collection, items, nextCursor, paged } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Link
        to={`/b/${business.slug}`}
        className="inline-flex min-h-11 items-center gap-3 rounded-card text-ink hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4 text-ink-muted" />
        <BusinessLogo business={business} size={36} />
        <span className="font-semibold">{business.name}</span>
        <span className="sr-only">: back to the shop</span>
      </Link>
      <header className="mt-4">
        <p className="text-sm font-medium text-ink-muted">Collection</p>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">{collection.name}</h1>
        {collection.description ? (
          <p className="mt-2 max-w-2xl text-ink-muted">{collection.description}</p>
        ) : null}
      </header>

      <h2 className="sr-only">Products in {collection.name}</h2>
      {items.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon={PackageOpen}
            title={paged ? "No more products here" : "Nothing in this collection right now"}
            action={<ButtonLink to={`/b/${business.slug}`}>See all of {business.name}</ButtonLink>}
          >
            {paged
              ? "You've seen the whole collection."
              : `${business.name} has no products on sale in ${collection.name} at the moment.`}
          </EmptyState>
        </div>
      ) : (
        <ul
          aria-label={`${collection.name} products`}
          className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
        >
          {items.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} eager={!paged && index < 2} />
            </li>
          ))}
        </ul>
      )}
      <NextPageLink cursor={nextCursor} label="Show more products" />
    </div>
  );
}
