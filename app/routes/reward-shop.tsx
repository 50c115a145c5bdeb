import { Gift, Sparkles } from "lucide-react";
import { Link, redirect } from "react-router";
import { currentUser } from "#app/auth/session.server.ts";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { services } from "#app/context.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { formatPoints, pointsText } from "#app/points/points-text.ts";
import { RewardGrid } from "#app/reward-shop/reward-card.tsx";
import { rewardKindIcons } from "#app/reward-shop/reward-kind-icons.ts";
import { rewardKindLabels, rewardKinds } from "#app/reward-shop/reward-kinds.ts";
import { RewardSearchForm, rewardSearchPath } from "#app/reward-shop/reward-search-form.tsx";
import { shopFront } from "#app/reward-shop/shop.server.ts";
import { cleanSearchText } from "#app/search/search.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { pageMeta } from "#app/seo/meta.ts";
import type { Route } from "./+types/reward-shop";

/**
 * /rewardShop (shop layout): where points become rewards (issue 23). The shopper's balance (or,
 * for a guest, the way to an account), what they can afford now, the newest rewards, the shop's
 * categories (the kinds) with how many each holds, and a search. The balance makes it personal.
 */
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Reward shop",
    description:
      "Spend your Oja points on airtime, data bundles, partner vouchers and treats at businesses near you.",
    path: "/rewardShop",
  });
}

export async function loader({ context, url }: Route.LoaderArgs) {
  // The search box's answer before JavaScript: on to the term's own page.
  if (url.searchParams.has("q")) {
    const term = cleanSearchText(url.searchParams.get("q"));
    throw redirect(term ? rewardSearchPath(term) : "/rewardShop");
  }
  const { db } = services(context);
  const user = currentUser(context);
  const balance = user ? (await walletOf(db, user.id)).available : null;
  const front = await shopFront(db, balance);
  const kinds = rewardKinds
    .map((kind) => ({ kind, label: rewardKindLabels[kind], count: front.kinds[kind] ?? 0 }))
    .filter((entry) => entry.count > 0);
  return {
    balance,
    featured: front.featured,
    affordable: front.affordable,
    kinds,
  };
}

export default function RewardShop({ loaderData }: Route.ComponentProps) {
  const { balance, featured, affordable, kinds } = loaderData;
  const empty = featured.length === 0;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-8 px-4 py-6 sm:py-8">
      <section
        aria-labelledby="shop-title"
        className="flex flex-col gap-4 rounded-card border border-line bg-points-soft p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div className="space-y-1">
          <h1 id="shop-title" className="text-2xl font-extrabold tracking-tight text-ink">
            Reward shop
          </h1>
          {balance === null ? (
            <p className="text-ink">
              Spend Oja points on airtime, data and treats. Join free and get points on every order.
            </p>
          ) : (
            <p className="text-ink">
              You have{" "}
              <strong className="text-2xl font-extrabold tabular-nums">
                {formatPoints(balance)}
              </strong>{" "}
              {balance === 1 ? "point" : "points"} to spend.
            </p>
          )}
        </div>
        {balance === null ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            <ButtonLink to="/CreateAccount?redirectTo=%2FrewardShop">Join Oja</ButtonLink>
            <ButtonLink to="/Login?redirectTo=%2FrewardShop" variant="secondary">
              Sign in
            </ButtonLink>
          </div>
        ) : (
          <Link
            to="/rewards"
            className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-strong underline underline-offset-2"
          >
            Your points and how to earn more
          </Link>
        )}
      </section>

      <RewardSearchForm className="max-w-xl" />

      {empty ? (
        <EmptyState
          icon={Gift}
          title="The shop is being stocked"
          action={<ButtonLink to="/rewards">See your points</ButtonLink>}
        >
          There are no rewards on offer right now. Your points keep while you shop on Oja: come back
          soon to spend them.
        </EmptyState>
      ) : (
        <>
          {kinds.length > 0 ? (
            <nav aria-labelledby="kinds-title">
              <h2 id="kinds-title" className="text-lg font-bold text-ink">
                Categories
              </h2>
              <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
                {kinds.map(({ kind, label, count }) => {
                  const Icon = rewardKindIcons[kind];
                  return (
                    <li key={kind}>
                      <Link
                        to={`/rewardShop/browse?kind=${kind}`}
                        className="flex min-h-16 items-center gap-3 rounded-card border border-line bg-surface p-3 hover:border-points"
                      >
                        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-points-soft">
                          <Icon aria-hidden="true" className="size-5 text-points" />
                        </span>
                        <span className="min-w-0">
                          <span className="block text-sm leading-tight font-semibold text-ink">
                            {label}
                          </span>
                          <span className="block text-xs text-ink-muted">
                            {count} {count === 1 ? "reward" : "rewards"}
                          </span>
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>
          ) : null}

          {balance !== null ? (
            <section aria-labelledby="afford-title">
              <div className="flex items-baseline justify-between gap-4">
                <h2 id="afford-title" className="text-lg font-bold text-ink">
                  You can afford
                </h2>
                {affordable.length > 0 ? (
                  <Link
                    to="/rewardShop/browse?max=afford&sort=points-desc"
                    className="text-sm font-semibold text-brand hover:underline"
                  >
                    See all
                  </Link>
                ) : null}
              </div>
              {affordable.length > 0 ? (
                <RewardGrid rewards={affordable} balance={balance} eagerFirst className="mt-3" />
              ) : (
                <p className="mt-2 flex items-start gap-2 text-ink-muted">
                  <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-points" />
                  <span>
                    Nothing is within your {pointsText(balance)} yet. Points come with every order
                    you pay on Oja;{" "}
                    <Link to="/rewards" className="font-semibold text-brand-strong underline">
                      see the ways to earn
                    </Link>
                    .
                  </span>
                </p>
              )}
            </section>
          ) : null}

          <section aria-labelledby="new-title">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="new-title" className="text-lg font-bold text-ink">
                New in the shop
              </h2>
              <Link
                to="/rewardShop/browse?sort=newest"
                className="text-sm font-semibold text-brand hover:underline"
              >
                All rewards
              </Link>
            </div>
            <RewardGrid
              rewards={featured}
              balance={balance}
              eagerFirst={balance === null || affordable.length === 0}
              className="mt-3"
            />
          </section>
        </>
      )}
    </div>
  );
}
