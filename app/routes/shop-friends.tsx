import { Gift } from "lucide-react";
import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "#app/catalog/catalog.server.ts";
import { giftIdeas, InvalidFeedCursorError } from "#app/catalog/feeds.server.ts";
import { ProductCard } from "#app/components/product-card.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { CopyButton } from "#app/components/ui/copy-button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { ShareButton } from "#app/components/ui/share-button.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { absoluteUrl, pageMeta, publicOrigin } from "#app/seo/meta.ts";
import { listOffers } from "#app/vouchers/marketplace.server.ts";
import { OfferGrid } from "#app/vouchers/offer-card.tsx";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/shop-friends";

/**
 * /shop/friends: the gifting hub. Gift vouchers (the biggest savings on sale: buy one, then send
 * it with a message on the day you choose), and products their businesses tagged as gift ideas,
 * each with "Send to a friend" (the phone's share sheet where the browser has one, else a copy
 * button).
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const origin = publicOrigin(matches);
  return pageMeta(matches, {
    title: "Gifts for friends",
    description:
      "Gift ideas from spas, restaurants and shops across Nigeria: pick something lovely and send the link to a friend.",
    path: "/shop/friends",
    noindex: Boolean(loaderData?.after),
    jsonLd: {
      "@type": "ItemList",
      name: "Gift ideas on Oja",
      itemListElement: (loaderData?.items ?? []).map((product, index) => ({
        "@type": "ListItem",
        position: index + 1,
        url: absoluteUrl(origin, productPath(product)),
        name: product.name,
      })),
    },
  });
}

const querySchema = z.object({ after: z.string().max(200).optional() });

export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = querySchema.safeParse({ after: url.searchParams.get("after") ?? undefined });
  if (!parsed.success) throw publicError(400, new InvalidFeedCursorError().message);
  const { db, settings } = services(context);
  try {
    const [page, vouchers] = await Promise.all([
      giftIdeas(db, { after: parsed.data.after, limit: 24 }),
      // The vouchers lead the first page only; the next pages are more gift ideas.
      parsed.data.after
        ? []
        : listOffers(db, { sort: "saving", limit: 4 }).then((offers) => offers.items),
    ]);
    return { ...page, vouchers, after: parsed.data.after ?? null, origin: settings.publicUrl };
  } catch (error) {
    if (error instanceof InvalidFeedCursorError) throw publicError(400, error.message);
    throw error;
  }
}

function productPath(product: ProductCardData): string {
  return `/${product.business.slug}/products/${product.slug}`;
}

export default function ShopFriends({ loaderData }: Route.ComponentProps) {
  const { items, nextCursor, origin } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="rounded-card bg-brand-soft p-6 sm:p-8">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">Gifts for friends</h1>
        <p className="mt-2 max-w-2xl text-ink">
          Couples massages, spa days and more, picked by the businesses themselves as gift ideas.
          Find one you love and send it to a friend.
        </p>
      </div>

      {loaderData.vouchers.length > 0 ? (
        <section aria-labelledby="gift-vouchers" className="mt-8">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="gift-vouchers" className="text-xl font-bold text-ink">
              Gift vouchers
            </h2>
            <Link to="/vouchers" className="text-sm font-semibold text-brand-strong underline">
              Every voucher
            </Link>
          </div>
          <p className="mt-1 max-w-2xl text-sm text-ink-muted">
            Buy a voucher, then send it from your account with a message, on the day you choose:
            your friend gets an email and claims it.
          </p>
          <OfferGrid offers={loaderData.vouchers} className="mt-4" />
        </section>
      ) : null}

      <section aria-labelledby="gift-ideas" className="mt-8">
        <h2 id="gift-ideas" className="text-xl font-bold text-ink">
          Gift ideas
        </h2>
        {items.length === 0 ? (
          <div className="mt-4">
            <EmptyState
              icon={Gift}
              title="No gift ideas yet"
              action={<ButtonLink to="/shop/spas-wellness">Browse spas & wellness</ButtonLink>}
            >
              Businesses haven't marked any products as gifts yet. Spa treatments make lovely
              presents: have a look there.
            </EmptyState>
          </div>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {items.map((product, index) => (
              <li key={product.id} className="flex min-w-0 flex-col gap-2">
                <ProductCard product={product} eager={index < 4} />
                <SendToFriend
                  name={product.name}
                  url={absoluteUrl(origin.replace(/\/+$/, ""), productPath(product))}
                />
              </li>
            ))}
          </ul>
        )}
        <NextPageLink cursor={nextCursor} label="Show more gift ideas" />
      </section>
    </div>
  );
}

/** Shares the product's link: the share sheet where the browser has one, else a copy button. */
function SendToFriend({ name, url }: { name: string; url: string }) {
  return (
    <ShareButton
      label="Send to a friend"
      accessibleLabel={`Send ${name} to a friend`}
      title={name}
      text={`A gift idea on Oja: ${name}`}
      url={url}
      fallback={
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-medium text-ink">Send to a friend</span>
          <CopyButton text={url} label="Copy" what={`link to ${name}`} />
        </div>
      }
    />
  );
}
