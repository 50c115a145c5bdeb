import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from "drizzle-orm";
import type { Logger } from "pino";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import {
  type ProductCard,
  productCardColumns,
  productCardImageJoin,
  toProductCard,
} from "#app/catalog/catalog.server.ts";
import { businesses, images, productImages, products } from "#app/catalog/schema.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira, type Kobo, kobo } from "#app/money.ts";
import { orderLines, orders } from "#app/orders/schema.server.ts";
import { flashSaleFormSchema } from "./flash-input.ts";
import { flashLimits } from "./flash-limits.ts";
import { flashHolds, flashSales, productPrices } from "./schema.server.ts";

/**
 * Flash sales (issue 22, decision 054): a business puts units of one product aside at a sale
 * price for a while; a shopper's "buy" holds units for 10 minutes and checkout charges the sale
 * price for them. Whether a unit is free is decided under the sale's row lock, so racing buyers
 * queue there and the sale is never oversold: a unit counts as taken while it is sold, or held
 * and its 10 minutes not over. A lapsed hold gives its units back by the clock alone.
 */

const minute = 60_000;
const day = 24 * 60 * minute;

export interface FlashActor {
  businessId: string;
  userId: string;
  request: Request;
}

export type FlashSaleState = "scheduled" | "live" | "sold_out" | "ended" | "cancelled";

type Refusal = { ok: false; status: 400 | 404 | 409 | 410; errors: FieldErrors };

/** A refusal decided inside a transaction: thrown so that nothing it did stays. */
class FlashRefused extends Error {
  readonly result: Refusal;
  constructor(result: Refusal) {
    super("flash sale refused");
    this.result = result;
  }
}

async function refusable<Result>(work: () => Promise<Result>): Promise<Result | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FlashRefused) return error.result;
    throw error;
  }
}

/**
 * The lowest price the product had in the `days` before `now`: every price set in that window,
 * and the one it had when the window opened. Null for a product with no history.
 */
export async function lowestPriceOf(
  executor: Executor,
  productId: string,
  now: Date,
  days: number = flashLimits.priceHistoryDays,
): Promise<Kobo | null> {
  const since = new Date(now.getTime() - days * day);
  const [row] = await executor
    .select({ lowest: sql<string | null>`min(${productPrices.priceKobo})` })
    .from(productPrices)
    .where(
      and(
        eq(productPrices.productId, productId),
        lte(productPrices.fromAt, now),
        or(
          gt(productPrices.fromAt, since),
          eq(
            productPrices.fromAt,
            sql`(select max(${productPrices.fromAt}) from ${productPrices} where ${productPrices.productId} = ${productId} and ${productPrices.fromAt} <= ${since})`,
          ),
        ),
      ),
    );
  return row?.lowest == null ? null : kobo(Number(row.lowest));
}

function formValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    product: text("product"),
    size: text("size"),
    units: text("units"),
    salePrice: text("salePrice"),
    perShopperLimit: text("perShopperLimit") ?? "1",
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
  };
}

/**
 * Makes a flash sale from the console's form: the product must be the business's and on sale,
 * the units in stock (they are taken off it now), the price below the lowest of the last 30
 * days, and no other sale of the product may overlap it. The product's row is locked first, so
 * two managers scheduling the same product at once can't both pass the overlap check.
 */
export async function createFlashSale(
  db: Database,
  actor: FlashActor,
  form: FormData,
  now = new Date(),
): Promise<{ ok: true; saleId: string } | Refusal> {
  const parsed = flashSaleFormSchema(now).safeParse(formValues(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  return refusable(() =>
    db.transaction(async (tx) => {
      const [product] = await tx
        .select({
          id: products.id,
          name: products.name,
          priceKobo: products.priceKobo,
          sizes: products.sizes,
          stock: products.stock,
        })
        .from(products)
        .where(
          and(
            eq(products.id, input.product),
            eq(products.businessId, actor.businessId),
            eq(products.status, "active"),
          ),
        )
        .for("update");
      const refuse = (errors: FieldErrors, status: Refusal["status"] = 400) => {
        throw new FlashRefused({ ok: false, status, errors });
      };
      if (!product) return refuse({ product: "Choose one of your products on sale" });
      if (product.sizes.length > 0 && (!input.size || !product.sizes.includes(input.size))) {
        refuse({ size: `Choose a size: ${product.sizes.join(", ")}` });
      }
      const size = product.sizes.length > 0 ? input.size : null;
      if (input.units > product.stock) {
        refuse({
          units:
            product.stock === 0
              ? `${product.name} is out of stock`
              : `Only ${product.stock} in stock: the sale's units come from it`,
        });
      }
      const wasPriceKobo = (await lowestPriceOf(tx, product.id, now)) ?? kobo(product.priceKobo);
      if (input.salePrice >= wasPriceKobo) {
        refuse({
          salePrice: `Below ${formatNaira(wasPriceKobo)}, the lowest price of the last ${flashLimits.priceHistoryDays} days`,
        });
      }
      const [overlapping] = await tx
        .select({ startsAt: flashSales.startsAt, endsAt: flashSales.endsAt })
        .from(flashSales)
        .where(
          and(
            eq(flashSales.productId, product.id),
            isNull(flashSales.cancelledAt),
            lt(flashSales.startsAt, input.endsAt),
            gt(flashSales.endsAt, input.startsAt),
          ),
        )
        .limit(1);
      if (overlapping) {
        refuse(
          { startsAt: "Another flash sale of this product runs then: choose other times" },
          409,
        );
      }
      const saleId = newId("fls");
      await tx.insert(flashSales).values({
        id: saleId,
        businessId: actor.businessId,
        productId: product.id,
        size,
        units: input.units,
        salePriceKobo: input.salePrice,
        wasPriceKobo,
        perShopperLimit: input.perShopperLimit,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        createdBy: actor.userId,
        createdAt: now,
      });
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${input.units}` })
        .where(eq(products.id, product.id));
      await recordAudit(tx, {
        action: "flash-sale.created",
        actorId: actor.userId,
        subjectId: actor.businessId,
        ...auditSource(actor.request),
        details: { saleId, productId: product.id, units: input.units },
      });
      return { ok: true as const, saleId };
    }),
  );
}

/**
 * Calls off a sale that hasn't started: its units go back to the product's stock at once. A
 * started sale runs to its end (a shopper may be holding a unit of it).
 */
export async function cancelFlashSale(
  db: Database,
  actor: FlashActor,
  saleId: string,
  now = new Date(),
): Promise<{ ok: true } | Refusal> {
  return refusable(() =>
    db.transaction(async (tx) => {
      const [sale] = await tx
        .select()
        .from(flashSales)
        .where(and(eq(flashSales.id, saleId), eq(flashSales.businessId, actor.businessId)))
        .for("update");
      if (!sale) throw new FlashRefused({ ok: false, status: 404, errors: {} });
      if (sale.cancelledAt) return { ok: true as const };
      if (sale.startsAt <= now) {
        throw new FlashRefused({
          ok: false,
          status: 409,
          errors: { form: "This sale has started: it runs to its end." },
        });
      }
      await tx
        .update(flashSales)
        .set({ cancelledAt: now, closedAt: now })
        .where(eq(flashSales.id, sale.id));
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${sale.units}` })
        .where(eq(products.id, sale.productId));
      await recordAudit(tx, {
        action: "flash-sale.cancelled",
        actorId: actor.userId,
        subjectId: actor.businessId,
        ...auditSource(actor.request),
        details: { saleId: sale.id },
      });
      return { ok: true as const };
    }),
  );
}

/** The one rule of what a hold takes from its sale at `now`: sold, or held and not run out. */
function takesUnits(now: Date) {
  return or(
    eq(flashHolds.status, "sold"),
    and(eq(flashHolds.status, "held"), gt(flashHolds.expiresAt, now)),
  );
}

/** The units of a sale taken now (one hold left out). */
async function takenUnits(
  tx: Executor,
  saleId: string,
  now: Date,
  filter: { shopperId?: string; exceptHoldId?: string } = {},
): Promise<number> {
  const [row] = await tx
    .select({ taken: sql<number>`coalesce(sum(${flashHolds.quantity}), 0)::int` })
    .from(flashHolds)
    .where(
      and(
        eq(flashHolds.saleId, saleId),
        takesUnits(now),
        filter.shopperId ? eq(flashHolds.shopperId, filter.shopperId) : undefined,
        filter.exceptHoldId ? ne(flashHolds.id, filter.exceptHoldId) : undefined,
      ),
    );
  return row?.taken ?? 0;
}

function stateAt(
  sale: { startsAt: Date; endsAt: Date; cancelledAt: Date | null; units: number },
  taken: number,
  now: Date,
): FlashSaleState {
  if (sale.cancelledAt) return "cancelled";
  if (now < sale.startsAt) return "scheduled";
  if (now >= sale.endsAt) return "ended";
  return taken >= sale.units ? "sold_out" : "live";
}

export interface FlashHold {
  id: string;
  quantity: number;
  expiresAt: Date;
}

export type HoldResult =
  | { ok: true; hold: FlashHold; alreadyHeld: boolean }
  | { ok: false; status: 404 | 409 | 410; message: string };

/**
 * "Buy": holds `quantity` units for the shopper for 10 minutes, if the sale is on, has them, and
 * the shopper's limit allows (what they bought and hold counts). A shopper holding units already
 * gets that hold back: pressing twice holds once. The sale's row lock makes every check and the
 * hold one step, whoever else is buying.
 */
export async function holdFlashUnits(
  db: Database,
  shopper: { id: string },
  saleId: string,
  quantity: number,
  now = new Date(),
): Promise<HoldResult> {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select({
        id: flashSales.id,
        units: flashSales.units,
        perShopperLimit: flashSales.perShopperLimit,
        startsAt: flashSales.startsAt,
        endsAt: flashSales.endsAt,
        cancelledAt: flashSales.cancelledAt,
      })
      .from(flashSales)
      .innerJoin(products, eq(products.id, flashSales.productId))
      .innerJoin(businesses, eq(businesses.id, flashSales.businessId))
      .where(
        and(
          eq(flashSales.id, saleId),
          eq(products.status, "active"),
          eq(businesses.status, "active"),
        ),
      )
      .for("update", { of: flashSales });
    if (!sale) return { ok: false as const, status: 404 as const, message: "No such sale." };
    const [held] = await tx
      .select({ id: flashHolds.id, quantity: flashHolds.quantity, expiresAt: flashHolds.expiresAt })
      .from(flashHolds)
      .where(
        and(
          eq(flashHolds.saleId, sale.id),
          eq(flashHolds.shopperId, shopper.id),
          eq(flashHolds.status, "held"),
          gt(flashHolds.expiresAt, now),
        ),
      )
      .limit(1);
    if (held) return { ok: true as const, hold: held, alreadyHeld: true };
    const taken = await takenUnits(tx, sale.id, now);
    const state = stateAt(sale, taken, now);
    if (state === "cancelled" || state === "ended") {
      return {
        ok: false as const,
        status: 410 as const,
        message: state === "ended" ? "This sale has ended." : "This sale was called off.",
      };
    }
    if (state === "scheduled") {
      return { ok: false as const, status: 409 as const, message: "This sale hasn't started yet." };
    }
    const mine = await takenUnits(tx, sale.id, now, { shopperId: shopper.id });
    if (mine + quantity > sale.perShopperLimit) {
      return {
        ok: false as const,
        status: 409 as const,
        message:
          mine === 0
            ? `You can buy at most ${sale.perShopperLimit} in this sale.`
            : `You can buy at most ${sale.perShopperLimit} in this sale, and you have ${mine}.`,
      };
    }
    const left = sale.units - taken;
    if (left <= 0) return { ok: false as const, status: 409 as const, message: "Sold out." };
    if (quantity > left) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `Only ${left} left: hold ${left === 1 ? "it" : `at most ${left}`}.`,
      };
    }
    const hold = {
      id: newId("flh"),
      quantity,
      expiresAt: new Date(now.getTime() + flashLimits.holdMinutes * minute),
    };
    await tx.insert(flashHolds).values({
      ...hold,
      saleId: sale.id,
      shopperId: shopper.id,
      createdAt: now,
    });
    return { ok: true as const, hold, alreadyHeld: false };
  });
}

/** "Let it go": the shopper gives a live hold back before its time. False when there is none. */
export async function releaseFlashHold(
  db: Database,
  shopper: { id: string },
  holdId: string,
  now = new Date(),
): Promise<boolean> {
  const released = await db
    .update(flashHolds)
    .set({ status: "released" })
    .where(
      and(
        eq(flashHolds.id, holdId),
        eq(flashHolds.shopperId, shopper.id),
        eq(flashHolds.status, "held"),
        gt(flashHolds.expiresAt, now),
      ),
    )
    .returning({ id: flashHolds.id });
  return released.length > 0;
}

/**
 * Test mode only (`/dev/flash/{id}/lapse`): runs out the shopper's live holds of a sale now, as
 * the clock would ten minutes after "buy", so a browser test sees a hold lapse without waiting.
 * Nothing else changes: what follows (the unit back, the cart's note) is the clock rule's.
 */
export async function lapseFlashHolds(
  db: Database,
  shopper: { id: string },
  saleId: string,
  now = new Date(),
): Promise<number> {
  const lapsed = await db
    .update(flashHolds)
    .set({ expiresAt: now })
    .where(
      and(
        eq(flashHolds.saleId, saleId),
        eq(flashHolds.shopperId, shopper.id),
        eq(flashHolds.status, "held"),
        gt(flashHolds.expiresAt, now),
      ),
    )
    .returning({ id: flashHolds.id });
  return lapsed.length;
}

export interface FlashSaleView {
  id: string;
  product: ProductCard;
  size: string | null;
  units: number;
  left: number;
  salePriceKobo: Kobo;
  wasPriceKobo: Kobo;
  perShopperLimit: number;
  startsAt: Date;
  endsAt: Date;
  state: FlashSaleState;
  /** The viewer's live hold, and the units they bought in this sale. */
  myHold: FlashHold | null;
  myBought: number;
}

/** A sale as its page shows it, to `viewer` (null for a guest). Null when there is none. */
export async function flashSaleView(
  db: Database,
  saleId: string,
  viewer: { id: string } | null,
  now = new Date(),
): Promise<FlashSaleView | null> {
  const [row] = await db
    .select({
      ...productCardColumns,
      saleId: flashSales.id,
      size: flashSales.size,
      units: flashSales.units,
      salePriceKobo: flashSales.salePriceKobo,
      wasPriceKobo: flashSales.wasPriceKobo,
      perShopperLimit: flashSales.perShopperLimit,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
      cancelledAt: flashSales.cancelledAt,
    })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(businesses, eq(businesses.id, flashSales.businessId))
    .leftJoin(productImages, productCardImageJoin)
    .leftJoin(images, eq(images.id, productImages.imageId))
    .where(
      and(
        eq(flashSales.id, saleId),
        eq(products.status, "active"),
        eq(businesses.status, "active"),
      ),
    );
  if (!row) return null;
  const taken = await takenUnits(db, row.saleId, now);
  let myHold: FlashHold | null = null;
  let myBought = 0;
  if (viewer) {
    const mine = await db
      .select({
        id: flashHolds.id,
        quantity: flashHolds.quantity,
        expiresAt: flashHolds.expiresAt,
        status: flashHolds.status,
      })
      .from(flashHolds)
      .where(
        and(
          eq(flashHolds.saleId, row.saleId),
          eq(flashHolds.shopperId, viewer.id),
          takesUnits(now),
        ),
      );
    for (const hold of mine) {
      if (hold.status === "sold") myBought += hold.quantity;
      else myHold = { id: hold.id, quantity: hold.quantity, expiresAt: hold.expiresAt };
    }
  }
  return {
    id: row.saleId,
    product: toProductCard(row),
    size: row.size,
    units: row.units,
    left: Math.max(row.units - taken, 0),
    salePriceKobo: kobo(row.salePriceKobo),
    wasPriceKobo: kobo(row.wasPriceKobo),
    perShopperLimit: row.perShopperLimit,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    state: stateAt(row, taken, now),
    myHold,
    myBought,
  };
}

/**
 * What every watcher of a sale's page polls: units left and the state. The same for everyone,
 * so it is kept for a few seconds (the brief cache) and thousands watching cost one count.
 */
export async function flashSaleUnits(
  db: Database,
  saleId: string,
  now = new Date(),
): Promise<{ left: number; state: FlashSaleState } | null> {
  const [sale] = await db
    .select({
      units: flashSales.units,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
      cancelledAt: flashSales.cancelledAt,
    })
    .from(flashSales)
    .where(eq(flashSales.id, saleId));
  if (!sale) return null;
  const taken = await takenUnits(db, saleId, now);
  return { left: Math.max(sale.units - taken, 0), state: stateAt(sale, taken, now) };
}

/**
 * A sale as lists show it (a business's Sales section, the home page, /ll, search), written out
 * on the server so the pages carry no formatting code (decision 015).
 */
export interface SaleListing {
  id: string;
  /** Its page: /flash/{id} or /discountsales/{id}. */
  href: string;
  kind: "flash" | "discount";
  /** A flash sale's product (and size); a discount sale's name. */
  name: string;
  /** "₦12,000.00 instead of ₦20,000.00 · until 27 Nov 2026, 14:00 · 2 of 3 left", in Lagos time. */
  summary: string;
  /** A flash sale's product picture. */
  image: ProductCard["image"];
  business: { slug: string; name: string; city: string };
}

function flashSaleListing(sale: FlashSaleView): SaleListing {
  const when =
    sale.state === "scheduled"
      ? `starts ${formatLagosTime(sale.startsAt)}`
      : `until ${formatLagosTime(sale.endsAt)}`;
  const units = sale.state === "sold_out" ? "sold out" : `${sale.left} of ${sale.units} left`;
  return {
    id: sale.id,
    href: `/flash/${sale.id}`,
    kind: "flash",
    name: sale.size ? `${sale.product.name} · size ${sale.size}` : sale.product.name,
    summary: `${formatNaira(sale.salePriceKobo)} instead of ${formatNaira(sale.wasPriceKobo)} · ${when} · ${units}`,
    image: sale.product.image,
    business: {
      slug: sale.product.business.slug,
      name: sale.product.business.name,
      city: sale.product.business.city,
    },
  };
}

/** Flash sales by id as lists show them, in the order asked; unknown ids are left out. */
export async function flashSaleListings(
  db: Database,
  ids: readonly string[],
  now = new Date(),
): Promise<SaleListing[]> {
  const views = await Promise.all(ids.map((id) => flashSaleView(db, id, null, now)));
  return views.flatMap((sale) => (sale ? [flashSaleListing(sale)] : []));
}

/**
 * A business's flash sales a shopper can still buy from or wait for, soonest ending first, as
 * its Sales section lists them: on now (sold out too: held units may come back), or starting
 * within the week.
 */
export async function currentFlashSalesOf(
  db: Database,
  businessId: string,
  now = new Date(),
): Promise<SaleListing[]> {
  const rows = await db
    .select({ id: flashSales.id })
    .from(flashSales)
    .where(
      and(
        eq(flashSales.businessId, businessId),
        isNull(flashSales.cancelledAt),
        gt(flashSales.endsAt, now),
        lt(flashSales.startsAt, new Date(now.getTime() + 7 * day)),
      ),
    )
    .orderBy(asc(flashSales.endsAt), asc(flashSales.id))
    .limit(24);
  return flashSaleListings(
    db,
    rows.map((row) => row.id),
    now,
  );
}

/**
 * Flash sales on now with units left, across the marketplace, soonest ending first: the home
 * page's, and search's when `words` are given (each must be in the product's name, accents and
 * case aside). Live sales are few at any time, so they are read directly, not indexed.
 */
export async function liveFlashSales(
  db: Database,
  options: { limit: number; words?: readonly string[] },
  now = new Date(),
): Promise<SaleListing[]> {
  const words = (options.words ?? []).map((word) => word.replace(/[\\%_]/g, (c) => `\\${c}`));
  const rows = await db
    .select({ id: flashSales.id })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .innerJoin(businesses, eq(businesses.id, flashSales.businessId))
    .where(
      and(
        isNull(flashSales.cancelledAt),
        lte(flashSales.startsAt, now),
        gt(flashSales.endsAt, now),
        eq(products.status, "active"),
        eq(businesses.status, "active"),
        ...words.map(
          (word) =>
            sql`${sql.raw('"products"."search_name_key"')} like '%' || oja_unaccent(lower(${word})) || '%'`,
        ),
      ),
    )
    .orderBy(asc(flashSales.endsAt), asc(flashSales.id))
    // Sold-out sales are left out below: read a few more than shown.
    .limit(options.limit * 3);
  const views = await Promise.all(rows.map((row) => flashSaleView(db, row.id, null, now)));
  return views
    .flatMap((sale) => (sale?.state === "live" ? [flashSaleListing(sale)] : []))
    .slice(0, options.limit);
}

export interface ConsoleFlashSale {
  id: string;
  productName: string;
  size: string | null;
  units: number;
  sold: number;
  salePriceKobo: Kobo;
  wasPriceKobo: Kobo;
  perShopperLimit: number;
  startsAt: Date;
  endsAt: Date;
  state: FlashSaleState;
}

/** A business's sales for its console: coming and running first, then the rest, newest first. */
export async function flashSalesOfBusiness(
  db: Database,
  businessId: string,
  now = new Date(),
): Promise<ConsoleFlashSale[]> {
  const rows = await db
    .select({
      id: flashSales.id,
      productName: products.name,
      size: flashSales.size,
      units: flashSales.units,
      salePriceKobo: flashSales.salePriceKobo,
      wasPriceKobo: flashSales.wasPriceKobo,
      perShopperLimit: flashSales.perShopperLimit,
      startsAt: flashSales.startsAt,
      endsAt: flashSales.endsAt,
      cancelledAt: flashSales.cancelledAt,
      sold: sql<number>`(select coalesce(sum(${flashHolds.quantity}), 0)::int from ${flashHolds} where ${flashHolds.saleId} = ${flashSales.id} and ${flashHolds.status} = 'sold')`,
      taken: sql<number>`(select coalesce(sum(${flashHolds.quantity}), 0)::int from ${flashHolds} where ${flashHolds.saleId} = ${flashSales.id} and ${takesUnits(now)})`,
    })
    .from(flashSales)
    .innerJoin(products, eq(products.id, flashSales.productId))
    .where(eq(flashSales.businessId, businessId))
    .orderBy(
      sql`case when ${flashSales.cancelledAt} is null and ${flashSales.endsAt} > ${now} then 0 else 1 end`,
      desc(flashSales.startsAt),
      asc(flashSales.id),
    )
    .limit(100);
  return rows.map(({ cancelledAt, taken, ...row }) => ({
    ...row,
    salePriceKobo: kobo(row.salePriceKobo),
    wasPriceKobo: kobo(row.wasPriceKobo),
    state: stateAt({ ...row, cancelledAt }, taken, now),
  }));
}

/** The business's products a sale can be made of: on sale and in stock, by name. */
export async function flashSaleProducts(db: Database, businessId: string) {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      sizes: products.sizes,
      stock: products.stock,
    })
    .from(products)
    .where(
      and(
        eq(products.businessId, businessId),
        eq(products.status, "active"),
        gt(products.stock, 0),
      ),
    )
    .orderBy(asc(products.name), asc(products.id))
    .limit(500);
  return rows.map((row) => ({ ...row, priceKobo: kobo(row.priceKobo) }));
}

/**
 * Puts what ended sales left unsold back on their products' stock, once per sale, a quarter of
 * an hour after the end (when no hold of it can still be live). Each sale in its own
 * transaction, its row locked and skipped if another instance has it.
 */
export async function closeEndedFlashSales(db: Database, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: flashSales.id })
    .from(flashSales)
    .where(
      and(
        isNull(flashSales.closedAt),
        lte(flashSales.endsAt, new Date(now.getTime() - flashLimits.closeAfterMinutes * minute)),
      ),
    )
    .orderBy(asc(flashSales.endsAt))
    .limit(200);
  let closed = 0;
  for (const { id } of due) {
    closed += await db.transaction(async (tx) => {
      const [sale] = await tx
        .select({ id: flashSales.id, units: flashSales.units, productId: flashSales.productId })
        .from(flashSales)
        .where(and(eq(flashSales.id, id), isNull(flashSales.closedAt)))
        .for("update", { skipLocked: true });
      if (!sale) return 0;
      const sold = await takenUnits(tx, sale.id, now);
      await tx.update(flashSales).set({ closedAt: now }).where(eq(flashSales.id, sale.id));
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${Math.max(sale.units - sold, 0)}` })
        .where(eq(products.id, sale.productId));
      return 1;
    });
  }
  return closed;
}

export function flashSaleJobs(context: { db: Database; log: Logger }): JobDefinition[] {
  return [
    {
      name: "flash-sales-close",
      cron: "*/5 * * * *",
      collapse: true,
      async run() {
        const closed = await closeEndedFlashSales(context.db);
        if (closed > 0) context.log.info({ closed }, "flash sales closed");
      },
    },
  ];
}

/** A cart line's flash hold, as checkout prices it. */
export interface FlashCartHold {
  holdId: string;
  productId: string;
  size: string | null;
  quantity: number;
  salePriceKobo: Kobo;
  expiresAt: Date;
  /** Held and its 10 minutes not over. */
  live: boolean;
}

/** The shopper's holds among `holdIds` (a stranger's or an unknown id is simply absent). */
export async function flashCartHolds(
  executor: Executor,
  shopperId: string | null,
  holdIds: string[],
  now: Date,
): Promise<Map<string, FlashCartHold>> {
  if (!shopperId || holdIds.length === 0) return new Map();
  const rows = await executor
    .select({
      holdId: flashHolds.id,
      productId: flashSales.productId,
      size: flashSales.size,
      quantity: flashHolds.quantity,
      salePriceKobo: flashSales.salePriceKobo,
      expiresAt: flashHolds.expiresAt,
      status: flashHolds.status,
    })
    .from(flashHolds)
    .innerJoin(flashSales, eq(flashSales.id, flashHolds.saleId))
    .where(and(inArray(flashHolds.id, holdIds), eq(flashHolds.shopperId, shopperId)));
  return new Map(
    rows.map(({ status, ...row }) => [
      row.holdId,
      {
        ...row,
        salePriceKobo: kobo(row.salePriceKobo),
        live: status === "held" && row.expiresAt > now,
      },
    ]),
  );
}

/**
 * Whether the holds' units are the shopper's to pay for now: each still held and live, or (a
 * payment that arrived after its hold ran out) still free in a sale that isn't closed. Locks the
 * sales, in id order so that two checkouts never wait for each other in a circle.
 */
export async function flashUnitsSecured(tx: Executor, holdIds: readonly string[], now: Date) {
  if (holdIds.length === 0) return true;
  const holds = await tx
    .select({
      id: flashHolds.id,
      saleId: flashHolds.saleId,
      quantity: flashHolds.quantity,
      status: flashHolds.status,
      expiresAt: flashHolds.expiresAt,
    })
    .from(flashHolds)
    .where(inArray(flashHolds.id, [...holdIds]))
    .orderBy(asc(sql`${flashHolds.saleId} collate "C"`));
  if (holds.length < new Set(holdIds).size) return false;
  for (const hold of holds) {
    const [sale] = await tx
      .select({ units: flashSales.units, closedAt: flashSales.closedAt })
      .from(flashSales)
      .where(eq(flashSales.id, hold.saleId))
      .for("update");
    if (!sale) return false;
    if (hold.status === "sold" || (hold.status === "held" && hold.expiresAt > now)) continue;
    if (sale.closedAt) return false;
    const taken = await takenUnits(tx, hold.saleId, now, { exceptHoldId: hold.id });
    if (sale.units - taken < hold.quantity) return false;
  }
  return true;
}

/** When the checkout's first flash sale hold runs out, if it has any. */
export async function flashHoldsEndOf(tx: Executor, checkoutId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ end: sql<string | null>`min(${flashHolds.expiresAt})` })
    .from(flashHolds)
    .innerJoin(orderLines, eq(orderLines.flashHoldId, flashHolds.id))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.checkoutId, checkoutId));
  return row?.end ? new Date(row.end) : null;
}

/**
 * On payment: the checkout's flash holds become sold, once secured. False (nothing sold) when one
 * can't be: the caller refunds.
 */
export async function sellFlashHolds(tx: Executor, checkoutId: string, now: Date) {
  const lines = await tx
    .select({ holdId: orderLines.flashHoldId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.checkoutId, checkoutId), isNotNull(orderLines.flashHoldId)));
  const holdIds = lines.flatMap((line) => (line.holdId ? [line.holdId] : []));
  if (holdIds.length === 0) return true;
  if (!(await flashUnitsSecured(tx, holdIds, now))) return false;
  await tx.update(flashHolds).set({ status: "sold" }).where(inArray(flashHolds.id, holdIds));
  return true;
}
