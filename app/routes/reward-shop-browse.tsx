import { Gift, SearchX } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { currentUser, requireUser } from "#app/auth/session.server.ts";
import { findCategory } from "#app/catalog/feeds.server.ts";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { SelectField } from "#app/components/ui/field.tsx";
import { FilterChip } from "#app/components/ui/filter-chip.tsx";
import { NextPageLink } from "#app/components/ui/next-page-link.tsx";
import { services } from "#app/context.server.ts";
import { publicError } from "#app/errors.ts";
import { blankToUndefined, listingQuery } from "#app/listing-query.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { formatPoints } from "#app/points/points-text.ts";
import { RewardGrid } from "#app/reward-shop/reward-card.tsx";
import { rewardKinds as kinds, rewardKindLabels } from "#app/reward-shop/reward-kinds.ts";
import { RewardSearchForm } from "#app/reward-shop/reward-search-form.tsx";
import { type RewardSort, rewardSorts } from "#app/reward-shop/reward-sorts.ts";
import { browseRewards } from "#app/reward-shop/shop.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { pageMeta } from "#app/seo/meta.ts";
import { z } from "#app/zod.ts";
import type { Route } from "./+types/reward-shop-browse";

/**
 * /rewardShop/browse: every reward on offer, by category (the kind; /shop/{category}'s "See all"
 * adds a marketplace category), by most points ("what I can afford" is the shopper's balance),
 * sorted, a page at a time ("Show more" carries `after`). The
 * filters are a GET form, so each view has its address and works before JavaScript; a value that
 * can't be one answers 400 naming it. A signed-in shopper's cards say what is in reach.
 */
export const headers = privatePageHeaders;

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const f = loaderData?.filters;
  const kind = f?.kind ? rewardKindLabels[f.kind] : null;
  return pageMeta(matches, {
    title: kind ? `${kind} rewards` : "All rewards",
    description: "Every reward in the Oja reward shop: airtime, data, partner vouchers and treats.",
    path: "/rewardShop/browse",
    noindex: Boolean(f && (loaderData?.category || f.max || f.after || f.sort !== "points-asc")),
  });
}

/** The most-points choices; "afford" is the signed-in shopper's own balance. */
const maxChoices = ["500", "1000", "2500", "5000"] as const;
const sorts = rewardSorts.map((sort) => sort.value) as [RewardSort, ...RewardSort[]];
/** "Show more" never goes past this many: the filters narrow faster than paging. */
const maxAfter = 10_000;

const filtersSchema = z.object({
  category: z
    .string()
    .max(100, "That category name is too long.")
    .optional()
    .transform(blankToUndefined),
  kind: z
    .enum(kinds, { message: "Choose airtime, data, partner vouchers or from businesses." })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  max: z
    .enum([...maxChoices, "afford"], {
      message: "Choose up to 500, 1,000, 2,500 or 5,000 points, or what you can afford.",
    })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  sort: z.enum(sorts, { message: "Sort by fewest points, most points or newest." }).optional(),
  after: z
    .string()
    .optional()
    .transform(blankToUndefined)
    .refine((text) => text === undefined || (/^\d{1,5}$/.test(text) && Number(text) <= maxAfter), {
      message: "That page of rewards doesn't exist: start again from the first.",
    }),
});

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const {
    category: categorySlug,
    kind,
    max,
    sort = "points-asc",
    after,
  } = listingQuery(filtersSchema, url);
  const { db } = services(context);
  // A marketplace category, as /shop/{category}'s "See all" asks for its rewards.
  const category = categorySlug ? await findCategory(db, categorySlug) : null;
  if (categorySlug && !category) throw publicError(400, "category: There is no such category.");
  // What a guest can afford means nothing: signing in makes the filter mean something.
  const user = max === "afford" ? requireUser(context, request) : currentUser(context);
  const balance = user ? (await walletOf(db, user.id)).available : null;
  const page = await browseRewards(db, {
    categoryId: category?.id,
    kind,
    maxPoints: max === "afford" ? balance : max ? Number(max) : null,
    sort,
    after: after ? Number(after) : 0,
  });
  return {
    filters: { kind: kind ?? null, max: max ?? "", sort, after: after ?? "" },
    category: category ? { slug: category.slug, name: category.name } : null,
    balance,
    items: page.items,
    nextAfter: page.nextAfter === null ? null : String(page.nextAfter),
  };
}

export default function RewardShopBrowse({ loaderData }: Route.ComponentProps) {
  const { filters, category, balance, items, nextAfter } = loaderData;
  const location = useLocation();
  const maxOptions = [
    ...maxChoices.map((value) => ({
      value,
      label: `Up to ${formatPoints(Number(value))} points`,
    })),
    ...(balance === null
      ? []
      : [{ value: "afford", label: `What I can afford (${formatPoints(balance)})` }]),
  ];
  const chips = [
    category ? { name: "category", label: `In ${category.name}` } : null,
    filters.kind ? { name: "kind", label: rewardKindLabels[filters.kind] } : null,
    filters.max
      ? {
          name: "max",
          label:
            filters.max === "afford"
              ? "What I can afford"
              : `Up to ${formatPoints(Number(filters.max))} points`,
        }
      : null,
  ].filter((chip) => chip !== null);
  const without = (name: string) => {
    const search = new URLSearchParams(location.search);
    search.delete(name);
    search.delete("after");
    const query = search.toString();
    return query ? `/rewardShop/browse?${query}` : "/rewardShop/browse";
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
        <Link to="/rewardShop" className="hover:underline">
          Reward shop
        </Link>{" "}
        / <span aria-current="page">All rewards</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight text-ink">
            {filters.kind ? rewardKindLabels[filters.kind] : "All rewards"}
          </h1>
          {balance !== null ? (
            <p className="mt-1 text-ink-muted">
              You have <strong className="text-ink">{formatPoints(balance)}</strong>{" "}
              {balance === 1 ? "point" : "points"} to spend.
            </p>
          ) : null}
        </div>
        <RewardSearchForm className="w-full sm:w-96" />
      </div>

      <Form
        method="get"
        action="/rewardShop/browse"
        aria-label="Filter rewards"
        className="mt-6 grid grid-cols-2 gap-3 rounded-card border border-line bg-surface p-4 sm:grid-cols-4 sm:items-end"
      >
        {category ? <input type="hidden" name="category" value={category.slug} /> : null}
        <SelectField
          label="Category"
          name="kind"
          defaultValue={filters.kind ?? ""}
          placeholder="All categories"
          options={kinds.map((kind) => ({ value: kind, label: rewardKindLabels[kind] }))}
        />
        <SelectField
          label="Points"
          name="max"
          defaultValue={filters.max}
          placeholder="Any points"
          options={maxOptions}
        />
        <SelectField label="Sort" name="sort" defaultValue={filters.sort} options={rewardSorts} />
        <Button type="submit">Show rewards</Button>
      </Form>

      {chips.length > 0 ? (
        <ul aria-label="Filters in use" className="mt-4 flex flex-wrap gap-2">
          {chips.map((chip) => (
            <FilterChip key={chip.name} to={without(chip.name)} label={chip.label} />
          ))}
        </ul>
      ) : null}

      <section aria-label="Rewards" className="mt-6">
        {items.length === 0 ? (
          <EmptyState
            icon={chips.length > 0 ? SearchX : Gift}
            title={
              filters.after
                ? "No more rewards"
                : chips.length > 0
                  ? "No reward matches these filters"
                  : "No rewards on offer yet"
            }
            action={
              chips.length > 0 || filters.after ? (
                <ButtonLink to="/rewardShop/browse">See every reward</ButtonLink>
              ) : (
                <ButtonLink to="/rewards">See your points</ButtonLink>
              )
            }
          >
            {chips.length > 0
              ? "Try another category or more points."
              : "Rewards arrive in the shop often: your points keep until then."}
          </EmptyState>
        ) : (
          <RewardGrid rewards={items} balance={balance} eagerFirst />
        )}
        <NextPageLink cursor={nextAfter} label="Show more rewards" />
      </section>
    </div>
  );
}
