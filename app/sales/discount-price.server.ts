import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { type Kobo, kobo } from "#app/money.ts";

/**
 * A product's discount sale price as select columns (issue 22, decision 055), from the database
 * function `oja_discount_sale` (migration 0038): the one rule every card, product page, search
 * result and checkout quote prices with. `at` is the database's clock unless given (tests, and
 * a checkout quoting as of its `now`). All three are null when no live sale lowers the price.
 */
export function discountSaleColumns(productId: AnyColumn | SQL, at?: Date) {
  const instant = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const sale = (expression: string) =>
    sql`(select ${sql.raw(expression)} from oja_discount_sale(${productId}, ${instant}))`;
  return {
    discountSaleId: sql<string | null>`${sale("sale_id")}`,
    // float8: both drivers give a number (a bigint comes back as text from one of them).
    discountPriceKobo: sql<number | null>`${sale("price_kobo::float8")}`,
    discountEndsMs: sql<number | null>`${sale("extract(epoch from ends_at)::float8 * 1000")}`,
  };
}

export interface DiscountSaleRow {
  discountSaleId: string | null;
  discountPriceKobo: number | string | null;
  discountEndsMs: number | string | null;
}

/** A product's price with its discount sale applied, as lists and pages show it. */
export interface DiscountedPrice {
  /** What a shopper pays now. */
  priceKobo: Kobo;
  /** The sale, when one lowers the price: its id, the usual price, and when it ends. */
  sale: { id: string; usualKobo: Kobo; endsAt: string; endsLabel: string } | null;
}

export function discountedPrice(usualKobo: number, row: DiscountSaleRow): DiscountedPrice {
  if (
    row.discountSaleId === null ||
    row.discountPriceKobo === null ||
    row.discountEndsMs === null
  ) {
    return { priceKobo: kobo(usualKobo), sale: null };
  }
  const endsAt = new Date(Number(row.discountEndsMs));
  return {
    priceKobo: kobo(Number(row.discountPriceKobo)),
    sale: {
      id: row.discountSaleId,
      usualKobo: kobo(usualKobo),
      endsAt: endsAt.toISOString(),
      endsLabel: `Sale ends ${formatLagosTime(endsAt)}`,
    },
  };
}
