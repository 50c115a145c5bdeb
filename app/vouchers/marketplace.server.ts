import { type SQL, sql } from "drizzle-orm";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import type { ImageData } from "#app/components/ui/responsive-image.tsx";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Database } from "#app/db/database.server.ts";
import { queryRows } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTimeKey } from "#app/db/page-cursor.server.ts";
import type { AttachedPicture } from "#app/media/uploads.server.ts";
import { type Kobo, kobo } from "#app/money.ts";
import type { OfferStatus } from "./offer-limits.ts";
import { expiringDays, type VoucherSort } from "./offer-terms.ts";
import { offerPictures } from "./offers.server.ts";

/**
 * The shop's side of voucher offers (issue 19): `/vouchers` and `/vouchers/{id}`. An offer is
 * on sale when it is active, its business is active, its fixed end (if any) has not passed in
 * Lagos, and it is not sold out. The marketplace lists what is on sale; an offer's own page
 * also opens for one that is paused, ended or sold out (people keep links), saying so.
 */

export interface VoucherFilters {
  /** One business's offers (its page's vouchers section). */
  businessId?: string | null;
  category?: string | null;
  city?: string | null;
  /** Highest price, kobo. */
  maxPriceKobo?: number | null;
  /** Least saving, percent of the value. */
  minSavingPercent?: number | null;
  /** Only offers whose fixed end is within the next `expiringDays` days. */
  expiringSoon?: boolean;
  sort?: VoucherSort;
  after?: string | null;
  /** How many to a page (default `voucherPageSize`). */
  limit?: number;
}

export const voucherPageSize = 24;

export interface OfferCard {
  id: string;
  title: string;
  valueKobo: Kobo;
  priceKobo: Kobo;
  validDays: number | null;
  validUntil: string | null;
  /** Left to sell when the quantity is limited. */
  remaining: number | null;
  business: { id: string; slug: string; name: string; city: string };
  category: { slug: string; name: string };
  image: ImageData | null;
}

interface SortKey {
  /** The key as SQL over `o` (offers), and its text for the cursor. */
  key: SQL;
  text: SQL;
  pattern: RegExp;
  descending: boolean;
  cast: SQL;
}

const sortKeys: Record<VoucherSort, SortKey> = {
  newest: {
    key: sql`o.created_at`,
    text: sql`to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    pattern: exactTimeKey,
    descending: true,
    cast: sql`timestamptz`,
  },
  // The saving in hundredths of a percent, whole: one exact number per offer.
  saving: {
    key: sql`((o.value_kobo - o.price_kobo) * 10000 / o.value_kobo)`,
    text: sql`((o.value_kobo - o.price_kobo) * 10000 / o.value_kobo)::text`,
    pattern: /^\d{1,5}$/,
    descending: true,
    cast: sql`bigint`,
  },
  price: {
    key: sql`o.price_kobo`,
    text: sql`o.price_kobo::text`,
    pattern: /^\d{1,15}$/,
    descending: false,
    cast: sql`bigint`,
  },
  // Offers valid for days after purchase have no end: they come after every dated one.
  ending: {
    key: sql`coalesce(o.valid_until, date '9999-12-31')`,
    text: sql`coalesce(o.valid_until, date '9999-12-31')::text`,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    descending: false,
    cast: sql`date`,
  },
};

/** On sale today (see the module's comment), as a condition over `o` and `b`. */
function onSale(today: string): SQL {
  return sql`o.status = 'active' and b.status = 'active'
    and (o.valid_until is null or o.valid_until >= ${today}::date)
    and (o.total_quantity is null or o.sold_count < o.total_quantity)`;
}

interface CardRow {
  id: string;
  title: string;
  value_kobo: string | number;
  price_kobo: string | number;
  valid_days: number | null;
  valid_until: string | null;
  remaining: number | null;
  business_id: string;
  business_slug: string;
  business_name: string;
  city: string;
  category_slug: string;
  category_name: string;
  image_path: string | null;
  image_width: number | null;
  image_height: number | null;
}

const cardColumns = sql`o.id, o.title, o.value_kobo, o.price_kobo, o.valid_days,
  o.valid_until::text as valid_until,
  case when o.total_quantity is null then null else o.total_quantity - o.sold_count end as remaining,
  b.id as business_id, b.slug as business_slug, b.name as business_name, b.city, c.slug as category_slug,
  c.name as category_name, img.path as image_path, img.width as image_width,
  img.height as image_height`;

// An offer without a picture of its own shows its business's cover.
const cardJoins = sql`join businesses b on b.id = o.business_id
  join categories c on c.id = b.category_id
  left join voucher_offer_images oi on oi.offer_id = o.id and oi.position = 0
  left join images img on img.id = coalesce(oi.image_id, b.cover_image_id)`;

function toCard(row: CardRow): OfferCard {
  return {
    id: row.id,
    title: row.title,
    valueKobo: kobo(Number(row.value_kobo)),
    priceKobo: kobo(Number(row.price_kobo)),
    validDays: row.valid_days,
    validUntil: row.valid_until,
    remaining: row.remaining === null ? null : Number(row.remaining),
    business: {
      id: row.business_id,
      slug: row.business_slug,
      name: row.business_name,
      city: row.city,
    },
    category: { slug: row.category_slug, name: row.category_name },
    image: row.image_path
      ? {
          url: mediaUrl(row.image_path),
          width: row.image_width ?? 800,
          height: row.image_height ?? 800,
          alt: "",
        }
      : null,
  };
}

/** The offers on sale that pass the filters, a page at a time (keyset on the sort's key, id). */
export async function listOffers(db: Database, filters: VoucherFilters, now = new Date()) {
  const sort = sortKeys[filters.sort ?? "newest"];
  const today = lagosToday(now);
  const conditions: SQL[] = [onSale(today)];
  if (filters.businessId) conditions.push(sql`o.business_id = ${filters.businessId}`);
  if (filters.category) conditions.push(sql`c.slug = ${filters.category}`);
  if (filters.city) conditions.push(sql`lower(b.city) = lower(${filters.city})`);
  if (filters.maxPriceKobo != null) conditions.push(sql`o.price_kobo <= ${filters.maxPriceKobo}`);
  if (filters.minSavingPercent != null) {
    conditions.push(
      sql`(o.value_kobo - o.price_kobo) * 100 >= ${filters.minSavingPercent} * o.value_kobo`,
    );
  }
  if (filters.expiringSoon) {
    conditions.push(
      sql`o.valid_until is not null and o.valid_until <= ${today}::date + ${expiringDays}::int`,
    );
  }
  if (filters.after) {
    const cursor = decodeCursor(filters.after, sort.pattern);
    const value = sql`${cursor.key}::${sort.cast}`;
    const idAfter = sql`o.id collate "C" > ${cursor.id}`;
    conditions.push(
      sort.descending
        ? sql`(${sort.key} < ${value} or (${sort.key} = ${value} and ${idAfter}))`
        : sql`(${sort.key} > ${value} or (${sort.key} = ${value} and ${idAfter}))`,
    );
  }
  const direction = sql.raw(sort.descending ? "desc" : "asc");
  const limit = filters.limit ?? voucherPageSize;
  const rows = await queryRows<CardRow & { sort_key: string }>(
    db,
    sql`select ${cardColumns}, ${sort.text} as sort_key
      from voucher_offers o ${cardJoins}
      where ${sql.join(conditions, sql` and `)}
      order by ${sort.key} ${direction}, o.id collate "C" asc
      limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(toCard),
    nextCursor: rows.length > limit && last ? encodeCursor(last.sort_key, last.id) : null,
  };
}

/**
 * The ids of the offers on sale among `after` (a keyset on created_at and id, newest first), as
 * the latest-listings feed reads them beside businesses and products: `at` is the exact time.
 */
export function newestOffersSql(today: string, olderThan: SQL, limit: number): SQL {
  return sql`select 'voucher' as kind, o.id, o.created_at,
      to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
    from voucher_offers o join businesses b on b.id = o.business_id
    where ${onSale(today)} and ${olderThan}
    order by o.created_at desc, o.id collate "C" desc limit ${limit}`;
}

/** Cards of these offers, by id (offers not found are left out). */
export async function offerCardsById(db: Database, ids: string[]) {
  if (ids.length === 0) return new Map<string, OfferCard>();
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns} from voucher_offers o ${cardJoins}
      where o.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(rows.map((row) => [row.id, toCard(row)]));
}

export type OfferAvailability = "on-sale" | "sold-out" | "expired" | OfferStatus;

export interface OfferDetail extends OfferCard {
  description: string;
  finePrint: string;
  perShopperLimit: number | null;
  availability: OfferAvailability;
  pictures: AttachedPicture[];
}

/**
 * One offer for its page, or undefined when there is none or its business isn't shown (then
 * the page is a 404, as for a business that doesn't exist).
 */
export async function findOffer(
  db: Database,
  offerId: string,
  now = new Date(),
): Promise<OfferDetail | undefined> {
  const today = lagosToday(now);
  const [row] = await queryRows<
    CardRow & {
      description: string;
      fine_print: string;
      per_shopper_limit: number | null;
      status: OfferStatus;
      expired: boolean;
      sold_out: boolean;
    }
  >(
    db,
    sql`select ${cardColumns}, o.description, o.fine_print, o.per_shopper_limit, o.status,
        coalesce(o.valid_until < ${today}::date, false) as expired,
        coalesce(o.sold_count >= o.total_quantity, false) as sold_out
      from voucher_offers o ${cardJoins}
      where o.id = ${offerId} and b.status = 'active'`,
  );
  if (!row) return undefined;
  const availability: OfferAvailability =
    row.status !== "active"
      ? row.status
      : row.expired
        ? "expired"
        : row.sold_out
          ? "sold-out"
          : "on-sale";
  return {
    ...toCard(row),
    description: row.description,
    finePrint: row.fine_print,
    perShopperLimit: row.per_shopper_limit,
    availability,
    pictures: await offerPictures(db, row.id),
  };
}

/** The most words of a search that must each match an offer. */
const maxOfferSearchWords = 8;
/** How alike a typed word and a word of the offer must be (pg_trgm): "masage" finds "massage". */
const offerWordSimilarity = 0.5;
/** The most offers one search pages through: past it, the shopper narrows the words. */
const maxOfferSearchResults = 480;

export class InvalidOfferSearchPageError extends Error {
  constructor() {
    super("This page of results is out of date. Start again from the first page.");
  }
}

/**
 * Search's vouchers tab (decision 043): the offers on sale whose title, description, business,
 * category or city has every word, each as typed or reading like it (a typo), the closest first,
 * then the biggest saving. Offers are few beside products (a handful per business), so each on
 * sale is tested, without an index of their own; `after` is the number of offers already shown.
 */
export async function searchOffers(
  db: Database,
  text: string,
  options: { after?: string | null; limit?: number } = {},
  now = new Date(),
) {
  const limit = options.limit ?? voucherPageSize;
  const offset = options.after ? Number(options.after) : 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > maxOfferSearchResults) {
    throw new InvalidOfferSearchPageError();
  }
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => Array.from(word).length >= 2)
    .slice(0, maxOfferSearchWords);
  if (words.length === 0) return { items: [] as OfferCard[], nextCursor: null };
  const document = sql`oja_unaccent(lower(o.title || ' ' || o.description || ' ' || b.name || ' ' || c.name || ' ' || b.city))`;
  const matches = words.map((word) => {
    const w = sql`oja_unaccent(${word}::text)`;
    return sql`(strpos(${document}, ${w}) > 0 or word_similarity(${w}, ${document}) >= ${offerWordSimilarity})`;
  });
  const rank = sql.join(
    words.map((word) => sql`word_similarity(oja_unaccent(${word}::text), ${document})`),
    sql` + `,
  );
  const rows = await queryRows<CardRow>(
    db,
    sql`select ${cardColumns}
      from voucher_offers o ${cardJoins}
      where ${onSale(lagosToday(now))} and ${sql.join(matches, sql` and `)}
      order by ${rank} desc, (o.value_kobo - o.price_kobo) * 10000 / o.value_kobo desc,
        o.id collate "C" asc
      limit ${limit + 1} offset ${offset}`,
  );
  const more = rows.length > limit && offset + limit < maxOfferSearchResults;
  return {
    items: rows.slice(0, limit).map(toCard),
    nextCursor: more ? String(offset + limit) : null,
  };
}
