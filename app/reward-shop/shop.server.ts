import { type SQL, sql } from "drizzle-orm";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import type { ImageData } from "#app/components/ui/responsive-image.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import { type Executor, queryRows } from "#app/db/database.server.ts";
import type { RewardKind } from "./reward-kinds.ts";
import type { RewardSort } from "./reward-sorts.ts";

/**
 * The shop's side of rewards (issue 23, decision 056): what `/rewardShop`, its browse and search
 * pages, its checkout and `/shop/{category}` show. A reward is on offer when it is active, today
 * (Lagos) is within its days, some is left, and its business (if any) is active.
 */
export interface RewardCard {
  id: string;
  name: string;
  kind: RewardKind;
  pointsCost: number;
  /** Left, when the stock is counted. */
  left: number | null;
  business: { slug: string; name: string } | null;
  endsOn: string | null;
  /** The reward's own picture. */
  image: ImageData | null;
  /** Its business's logo, shown when it has no picture of its own. */
  logo: ImageData | null;
}

export const rewardPageSize = 24;
/** Results a search pages through at most: past that, better words help more than pages. */
const maxSearchResults = 240;
/** How closely a typed word must read like a word of a reward (pg_trgm's word similarity). */
const rewardWordSimilarity = 0.5;

export { type RewardSort, rewardSorts } from "./reward-sorts.ts";

const orderBy: Record<RewardSort, SQL> = {
  "points-asc": sql`r.points_cost asc, r.id collate "C" asc`,
  "points-desc": sql`r.points_cost desc, r.id collate "C" asc`,
  newest: sql`r.created_at desc, r.id collate "C" asc`,
};

/** On offer today (see the module's comment), over `r` (rewards) and `b` (its business). */
function onOffer(today: string): SQL {
  return sql`r.status = 'active' and r.starts_on <= ${today}::date
    and (r.ends_on is null or r.ends_on >= ${today}::date)
    and (r.stock is null or r.stock > 0)
    and (r.business_id is null or b.status = 'active')`;
}

const cardColumns = sql`r.id, r.name, r.kind, r.points_cost, r.stock, r.ends_on::text as ends_on,
  b.slug as business_slug, b.name as business_name, img.path as image_path,
  img.width as image_width, img.height as image_height, logo.path as logo_path,
  logo.width as logo_width, logo.height as logo_height`;

// A business's reward without a picture of its own shows its business's logo: a cover is wide
// and often carries the business's name, which a card's crop would cut.
const cardJoins = sql`left join businesses b on b.id = r.business_id
  left join images img on img.id = r.image_id
  left join images logo on logo.id = b.logo_image_id`;

interface CardRow {
  id: string;
  name: string;
  kind: RewardKind;
  points_cost: number;
  stock: number | null;
  ends_on: string | null;
  business_slug: string | null;
  business_name: string | null;
  image_path: string | null;
  image_width: number | null;
  image_height: number | null;
  logo_path: string | null;
  logo_width: number | null;
  logo_height: number | null;
}

function imageOf(path: string | null, width: number | null, height: number | null) {
  return path ? { url: mediaUrl(path), width: width ?? 800, height: height ?? 800, alt: "" } : null;
}

function toCard(row: CardRow): RewardCard {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    pointsCost: Number(row.points_cost),
    left: row.stock === null ? null : Number(row.stock),
    business:
      row.business_slug && row.business_name
        ? { slug: row.business_slug, name: row.business_name }
        : null,
    endsOn: row.ends_on,
    image: imageOf(row.image_path, row.image_width, row.image_height),
    logo: imageOf(row.logo_path, row.logo_width, row.logo_height),
  };
}

async function cards(executor: Executor, where: SQL, order: SQL, limit: number, offset = 0) {
  const rows = await queryRows<CardRow>(
    executor,
    sql`select ${cardColumns} from rewards r ${cardJoins}
      where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  return rows.map(toCard);
}

/** /rewardShop: the newest rewards, those the shopper can afford, and what each kind holds. */
export async function shopFront(executor: Executor, balance: number | null, now = new Date()) {
  const live = onOffer(lagosToday(now));
  const [featured, affordable, kinds] = await Promise.all([
    cards(executor, live, orderBy.newest, 8),
    balance === null
      ? Promise.resolve([])
      : cards(executor, sql`${live} and r.points_cost <= ${balance}`, orderBy["points-desc"], 8),
    queryRows<{ kind: RewardKind; count: number }>(
      executor,
      sql`select r.kind, count(*)::int as count from rewards r ${cardJoins}
        where ${live} group by r.kind`,
    ),
  ]);
  return {
    featured,
    affordable,
    kinds: Object.fromEntries(kinds.map((row) => [row.kind, Number(row.count)])) as Partial<
      Record<RewardKind, number>
    >,
  };
}

export interface RewardFilters {
  kind?: RewardKind | null;
  /** At most this many points. */
  maxPoints?: number | null;
  categoryId?: string | null;
  /** A business's rewards in this city only (Oja's own are everywhere). */
  city?: string | null;
  sort?: RewardSort;
  /** Rewards already shown (the page's offset). */
  after?: number;
}

/** /rewardShop/browse and /shop/{category}: the rewards on offer, filtered and sorted. */
export async function browseRewards(
  executor: Executor,
  filters: RewardFilters,
  now = new Date(),
  pageSize = rewardPageSize,
) {
  const conditions = [onOffer(lagosToday(now))];
  if (filters.kind) conditions.push(sql`r.kind = ${filters.kind}`);
  if (filters.maxPoints != null) conditions.push(sql`r.points_cost <= ${filters.maxPoints}`);
  if (filters.categoryId) conditions.push(sql`r.category_id = ${filters.categoryId}`);
  if (filters.city) conditions.push(sql`(r.business_id is null or b.city = ${filters.city})`);
  const offset = filters.after ?? 0;
  const found = await cards(
    executor,
    sql.join(conditions, sql` and `),
    orderBy[filters.sort ?? "points-asc"],
    pageSize + 1,
    offset,
  );
  return {
    items: found.slice(0, pageSize),
    nextAfter: found.length > pageSize ? offset + pageSize : null,
  };
}

/**
 * /rewardShop/search/{term}: rewards on offer whose name, description, business or kind has every
 * word, as typed or reading like it (a typo), as search's vouchers tab matches (decision 043): the
 * closest first, then the cheapest. Rewards are few, so each on offer is tested.
 */
export async function searchRewards(executor: Executor, text: string, after = 0, now = new Date()) {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => Array.from(word).length >= 2)
    .slice(0, 8);
  if (words.length === 0 || after > maxSearchResults) return { items: [], nextAfter: null };
  const document = sql`oja_unaccent(lower(r.name || ' ' || r.description || ' ' || coalesce(b.name, 'Oja') || ' ' || replace(r.kind::text, '_', ' ')))`;
  const matches = words.map((word) => {
    const w = sql`oja_unaccent(${word}::text)`;
    return sql`(strpos(${document}, ${w}) > 0 or word_similarity(${w}, ${document}) >= ${rewardWordSimilarity})`;
  });
  const rank = sql.join(
    words.map((word) => sql`word_similarity(oja_unaccent(${word}::text), ${document})`),
    sql` + `,
  );
  const found = await cards(
    executor,
    sql`${onOffer(lagosToday(now))} and ${sql.join(matches, sql` and `)}`,
    sql`${rank} desc, r.points_cost asc, r.id collate "C" asc`,
    rewardPageSize + 1,
    after,
  );
  return {
    items: found.slice(0, rewardPageSize),
    nextAfter:
      found.length > rewardPageSize && after + rewardPageSize < maxSearchResults
        ? after + rewardPageSize
        : null,
  };
}

export interface RewardDetail extends RewardCard {
  description: string;
  perShopperLimit: number | null;
  /** Whether it can be redeemed today (see onOffer). */
  onOffer: boolean;
}

/** One reward as the checkout shows it, on offer or not (people keep links); null if unknown. */
export async function rewardDetail(
  executor: Executor,
  rewardId: string,
  now = new Date(),
): Promise<RewardDetail | null> {
  if (rewardId.length > 64) return null;
  const [row] = await queryRows<
    CardRow & { description: string; per_shopper_limit: number | null; on_offer: boolean }
  >(
    executor,
    sql`select ${cardColumns}, r.description, r.per_shopper_limit,
        (${onOffer(lagosToday(now))}) as on_offer
      from rewards r ${cardJoins}
      where r.id = ${rewardId} and (r.business_id is null or b.status = 'active')`,
  );
  if (!row) return null;
  return {
    ...toCard(row),
    description: row.description,
    perShopperLimit: row.per_shopper_limit,
    onOffer: Boolean(row.on_offer),
  };
}
