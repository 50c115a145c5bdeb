import { SearchX } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { RewardGrid } from "#app/reward-shop/reward-card.tsx";
import { RewardSearchForm, rewardSearchPath } from "#app/reward-shop/reward-search-form.tsx";
import { searchRewards } from "#app/reward-shop/shop.server.ts";
import { termOf } from "#app/search/search-pages.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/reward-shop-search";

/**
 * /rewardShop/search/{term}: the rewards on offer matching the words, typos forgiven (searchRewards),
 * the closest first, a page at a time. Nothing found offers other words and the whole shop.
 */
export const headers = privatePageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta(matches, {
    title: `Rewards: ${loaderData.text}`,
    description: `Rewards in the Oja reward shop matching “${loaderData.text}”.`,
    path: rewardSearchPath(loaderData.text),
    noindex: true,
  });
}

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const text = termOf(params.id);
  if (!text) throw redirect("/rewardShop/browse");
  const afterText = url.searchParams.get("after") ?? "";
  if (afterText !== "" && !/^\d{1,4}$/.test(afterText)) {
    throw publicError(400, "That page of results doesn't exist: start again from the first.");
  }
  const { db } = services(context);
  const user = currentUser(context);
  const [page, wallet] = await Promise.all([
    searchRewards(db, text, Number(afterText || 0)),
    user ? walletOf(db, user.id) : null,
  ]);
  return data({
    text,
    balance: wallet?.available ?? null,
    items: page.items,
    nextAfter: page.nextAfter === null ? null : String(page.nextAfter),
    later: afterText !== "",
  });
}

export default function RewardShopSearch({ loaderData }: Route.ComponentProps) {
  const { text, balance, items, nextAfter, later } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to="/rewardShop" className="hover:underline">
          Reward shop
        </Link>{" "}
        / <span aria-current="page">Search</span>
      </nav>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-ink sm:text-3xl">
        Rewards for <q>{text}</q>
      </h1>
      <RewardSearchForm key={text} defaultValue={text} className="mt-4 max-w-xl" />
      <section aria-label="Results" className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={later ? "No more rewards match" : "No rewards match your search"}
            action={
              <div className="flex flex-col gap-2 sm:flex-row">
                <ButtonLink to="/rewardShop/browse">Browse every reward</ButtonLink>
                <ButtonLink to="/rewardShop" variant="secondary">
                  Back to the shop
                </ButtonLink>
              </div>
            }
          >
            Check the spelling or try another word, such as airtime, data or the name of a business.
          </EmptyState>
        ) : (
          <RewardGrid rewards={items} balance={balance} eagerFirst={!later} />
        )}
        <NextPageLink cursor={nextAfter} label="Show more rewards" />
      </section>
    </div>
  );
}
