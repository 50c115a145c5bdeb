import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { type Kobo, kobo } from "#app/money.ts";

/**
 * A product's discount sale as a select column (issue 22, decision 055), from the database
 * function `oja_discount_sale` (migration 0038): the one rule every card, product page, search
 * result and checkout quote prices with. `at` is the database's clock unless given (tests, and a
 * checkout quoting as of its `now`).
 *
 * One column per product, read once: [sale id, price, end in ms] as JSON, or null when no live
 * sale lowers the price. Most businesses run no sale at a given moment, so the function is only
 * called when the product's business has one live (one index probe of `discount_sales`).
 */
export function discountSaleColumn(
  productId: AnyColumn | SQL,
  businessId: AnyColumn | SQL,
  at?: Date,
): SQL<unknown> {
  const instant = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  return sql`case when exists (
      select 1 from discount_sales s
      where s.business_id = ${businessId} and s.cancelled_at is null
        and s.starts_at <= ${instant} and s.ends_at > ${instant}
    ) then (
      select json_build_array(d.sale_id, d.price_kobo, extract(epoch from d.ends_at) * 1000)
      from oja_discount_sale(${productId}, ${instant}) d
    ) end`;
}

/** A product's price with its discount sale applied, as lists and pages show it. */
export interface DiscountedPrice {
  /** What a shopper pays now. */
  priceKobo: Kobo;
  /** The "was" price shown: the usual price during a sale, else the business's compare-at. */
  compareAtKobo: Kobo | null;
  /** The sale, when one lowers the price: its id, the usual price, and when it ends. */
  sale: { id: string; usualKobo: Kobo; endsAt: string; endsLabel: string } | null;
}

/**
 * `discountSaleColumn`'s value (parsed by the driver, or text) applied to a product's usual and
 * compare-at prices.
 */
export function discountedPrice(
  product: { priceKobo: number | string; compareAtKobo: number | string | null },
  column: unknown,
): DiscountedPrice {
  const usualKobo = kobo(Number(product.priceKobo));
  const value: unknown = typeof column === "string" ? JSON.parse(column) : column;
  if (!Array.isArray(value) || value.length !== 3) {
    const compareAt = product.compareAtKobo;
    return {
      priceKobo: usualKobo,
      compareAtKobo: compareAt === null ? null : kobo(Number(compareAt)),
      sale: null,
    };
  }
  const [id, priceKobo, endsMs] = value as [string, number | string, number | string];
  const endsAt = new Date(Number(endsMs));
  return {
    priceKobo: kobo(Number(priceKobo)),
    compareAtKobo: usualKobo,
    sale: {
      id,
      usualKobo,
      endsAt: endsAt.toISOString(),
      endsLabel: `Sale ends ${formatLagosTime(endsAt)}`,
    },
  };
}
