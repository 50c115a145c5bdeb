import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { type FieldErrors, fieldErrors } from "#app/auth/forms.ts";
import {
  mediaUrl,
  type ProductCard,
  productCardColumns,
  productCardImageJoin,
  toProductCard,
} from "#app/catalog/catalog.server.ts";
import {
  businesses,
  collectionProducts,
  collections,
  images,
  productImages,
  products,
} from "#app/catalog/schema.server.ts";
import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { formatLagosTime } from "#app/lagos-dates.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { discountSaleFormSchema, saleFloorSchema } from "./discount-input.ts";
import { discountLimits } from "./discount-limits.ts";
import type { SaleListing } from "./flash.server.ts";
import { discountSaleProducts, discountSales } from "./schema.server.ts";

/**
 * Discount sales (issue 22, decision 055): a business's event taking a percentage or an amount
 * off a chosen set of products, or off a collection, between two instants. Nothing here prices
 * anything: the database function `oja_discount_sale` does, for every card, page and quote
 * (`discount-price.server.ts`). Here the console makes, ends and lists sales, sets the floor,
 * and a sale's page is read.
 */

export interface DiscountActor {
  businessId: string;
  userId: string;
  request: Request;
}

export type DiscountSaleState = "scheduled" | "live" | "ended" | "cancelled";

type Refusal = { ok: false; status: 400 | 404 | 409; errors: FieldErrors };

function stateAt(
  sale: { startsAt: Date; endsAt: Date; cancelledAt: Date | null },
  now: Date,
): DiscountSaleState {
  // Ended early: it ran until it was stopped, so it reads as ended, not called off.
  if (sale.cancelledAt) return sale.cancelledAt > sale.startsAt ? "ended" : "cancelled";
  if (now < sale.startsAt) return "scheduled";
  return now >= sale.endsAt ? "ended" : "live";
}

/** "20% off" or "₦500 off". */
export function discountLabel(sale: {
  percentOff: number | null;
  amountOffKobo: number | null;
}): string {
  return sale.percentOff !== null
    ? `${sale.percentOff}% off`
    : `${formatNaira(kobo(sale.amountOffKobo ?? 0))} off`;
}

/** When a sale that was ended early stopped, else its planned end. */
function endOf(sale: { endsAt: Date; cancelledAt: Date | null; startsAt: Date }): Date {
  return sale.cancelledAt && sale.cancelledAt > sale.startsAt && sale.cancelledAt < sale.endsAt
    ? sale.cancelledAt
    : sale.endsAt;
}

function formValues(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  return {
    name: text("name"),
    kind: text("kind"),
    percentOff: text("percentOff"),
    amountOff: text("amountOff"),
    scope: text("scope"),
    products: form.getAll("products").filter((value) => typeof value === "string"),
    collection: text("collection"),
    startsAt: text("startsAt"),
    endsAt: text("endsAt"),
  };
}

/**
 * Makes a discount sale from the console's form. Its products must be the business's and on
 * sale, its collection the business's; an amount off must be below the price of every chosen
 * product (a sale that made something free would be a mistake, not an offer). Overlapping sales
 * are allowed: a product in two takes the lower price.
 */
export async function createDiscountSale(
  db: Database,
  actor: DiscountActor,
  form: FormData,
  now = new Date(),
): Promise<{ ok: true; saleId: string } | Refusal> {
  const parsed = discountSaleFormSchema(now).safeParse(formValues(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  return db.transaction(async (tx) => {
    let productIds: string[] = [];
    let collectionId: string | null = null;
    if (input.target.kind === "products") {
      const chosen = await tx
        .select({ id: products.id, name: products.name, priceKobo: products.priceKobo })
        .from(products)
        .where(
          and(
            inArray(products.id, input.target.productIds),
            eq(products.businessId, actor.businessId),
            eq(products.status, "active"),
          ),
        );
      if (chosen.length !== input.target.productIds.length) {
        return {
          ok: false,
          status: 400,
          errors: { products: "Choose among your products on sale" },
        };
      }
      const off = input.off;
      const tooCheap =
        off.kind === "amount"
          ? chosen
              .filter((product) => product.priceKobo <= off.kobo)
              .sort((a, b) => a.priceKobo - b.priceKobo)[0]
          : undefined;
      if (tooCheap) {
        return {
          ok: false,
          status: 400,
          errors: {
            amountOff: `Less than ${formatNaira(kobo(tooCheap.priceKobo))}, the price of ${tooCheap.name}`,
          },
        };
      }
      productIds = chosen.map((product) => product.id);
    } else {
      const [collection] = await tx
        .select({ id: collections.id })
        .from(collections)
        .where(
          and(
            eq(collections.id, input.target.collectionId),
            eq(collections.businessId, actor.businessId),
          ),
        );
      if (!collection) {
        return { ok: false, status: 400, errors: { collection: "Choose one of your collections" } };
      }
      collectionId = collection.id;
    }
    const saleId = newId("dsl");
    await tx.insert(discountSales).values({
      id: saleId,
      businessId: actor.businessId,
      name: input.name,
      kind: input.off.kind,
      percentOff: input.off.kind === "percent" ? input.off.percent : null,
      amountOffKobo: input.off.kind === "amount" ? input.off.kobo : null,
      collectionId,
      startsAt: input.startsAt,
      endsAt: input.endsAt,
      createdBy: actor.userId,
      createdAt: now,
    });
    if (productIds.length > 0) {
      await tx
        .insert(discountSaleProducts)
        .values(productIds.map((productId) => ({ saleId, productId })));
    }
    await recordAudit(tx, {
      action: "discount-sale.created",
      actorId: actor.userId,
      subjectId: actor.businessId,
      ...auditSource(actor.request),
      details: { saleId, products: productIds.length, collectionId },
    });
    return { ok: true as const, saleId };
  });
}

/**
 * Stops a sale: one not started is called off, a running one ends now. Prices go back at once
 * (the next quote); a checkout already holding the sale price keeps it for its 30 minutes.
 */
export async function endDiscountSale(
  db: Database,
  actor: DiscountActor,
  saleId: string,
  now = new Date(),
): Promise<{ ok: true; was: "scheduled" | "live" } | Refusal> {
  return db.transaction(async (tx) => {
    const [sale] = await tx
      .select()
      .from(discountSales)
      .where(and(eq(discountSales.id, saleId), eq(discountSales.businessId, actor.businessId)))
      .for("update");
    if (!sale) return { ok: false, status: 404, errors: {} };
    const state = stateAt(sale, now);
    if (state !== "scheduled" && state !== "live") {
      return { ok: false, status: 409, errors: { form: "This sale is over already." } };
    }
    await tx.update(discountSales).set({ cancelledAt: now }).where(eq(discountSales.id, sale.id));
    await recordAudit(tx, {
      action: state === "live" ? "discount-sale.ended" : "discount-sale.cancelled",
      actorId: actor.userId,
      subjectId: actor.businessId,
      ...auditSource(actor.request),
      details: { saleId: sale.id },
    });
    return { ok: true as const, was: state };
  });
}

/** Sets the business's floor: no discount sale takes a price below this share of it. */
export async function setSaleFloor(
  db: Database,
  actor: DiscountActor,
  form: FormData,
): Promise<{ ok: true; floorPercent: number } | Refusal> {
  const parsed = saleFloorSchema.safeParse({ floorPercent: form.get("floorPercent") ?? "" });
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const floorPercent = parsed.data.floorPercent ?? 0;
  return db.transaction(async (tx) => {
    await tx
      .update(businesses)
      .set({ saleFloorPercent: floorPercent })
      .where(eq(businesses.id, actor.businessId));
    await recordAudit(tx, {
      action: "discount-sale.floor-set",
      actorId: actor.userId,
      subjectId: actor.businessId,
      ...auditSource(actor.request),
      details: { floorPercent },
    });
    return { ok: true as const, floorPercent };
  });
}

/** What the console's form offers besides the products (searched as typed): collections, floor. */
export async function discountSaleChoices(db: Database, businessId: string) {
  const [collectionRows, [business]] = await Promise.all([
    db
      .select({ id: collections.id, name: collections.name })
      .from(collections)
      .where(eq(collections.businessId, businessId))
      .orderBy(asc(collections.position), asc(collections.name)),
    db
      .select({ floorPercent: businesses.saleFloorPercent })
      .from(businesses)
      .where(eq(businesses.id, businessId)),
  ]);
  return { collections: collectionRows, floorPercent: business?.floorPercent ?? 0 };
}

export interface ConsoleDiscountSale {
  id: string;
  name: string;
  offLabel: string;
  startsAt: string;
  endsAt: string;
  state: DiscountSaleState;
  /** "3 products" or "the collection Wigs". */
  appliesTo: string;
}

/** What the console's list and the public lists read of a sale (`collections` left-joined). */
const saleColumns = {
  id: discountSales.id,
  name: discountSales.name,
  percentOff: discountSales.percentOff,
  amountOffKobo: discountSales.amountOffKobo,
  startsAt: discountSales.startsAt,
  endsAt: discountSales.endsAt,
  cancelledAt: discountSales.cancelledAt,
  collectionName: collections.name,
};

/** The business's discount sales for the console: running and coming first, then the rest. */
export async function discountSalesOfBusiness(
  db: Database,
  businessId: string,
  now = new Date(),
): Promise<ConsoleDiscountSale[]> {
  const rows = await db
    .select({
      ...saleColumns,
      productCount: sql<number>`(select count(*)::int from ${discountSaleProducts} where ${discountSaleProducts.saleId} = ${discountSales.id})`,
    })
    .from(discountSales)
    .leftJoin(collections, eq(collections.id, discountSales.collectionId))
    .where(eq(discountSales.businessId, businessId))
    .orderBy(desc(discountSales.endsAt), desc(discountSales.id))
    .limit(100);
  const order: Record<DiscountSaleState, number> = {
    live: 0,
    scheduled: 1,
    ended: 2,
    cancelled: 3,
  };
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      offLabel: discountLabel(row),
      startsAt: row.startsAt.toISOString(),
      endsAt: endOf(row).toISOString(),
      state: stateAt(row, now),
      appliesTo:
        row.collectionName !== null
          ? `the collection ${row.collectionName}`
          : `${row.productCount} product${row.productCount === 1 ? "" : "s"}`,
    }))
    .sort((a, b) => order[a.state] - order[b.state]);
}

const saleListingColumns = {
  ...saleColumns,
  businessSlug: businesses.slug,
  businessName: businesses.name,
  businessCity: businesses.city,
};

/** Discount sales as lists show them (`where` picks them), soonest ending first. */
async function discountSaleListings(
  db: Database,
  where: SQL | undefined,
  limit: number,
  now: Date,
): Promise<SaleListing[]> {
  const rows = await db
    .select(saleListingColumns)
    .from(discountSales)
    .innerJoin(businesses, eq(businesses.id, discountSales.businessId))
    .leftJoin(collections, eq(collections.id, discountSales.collectionId))
    .where(and(eq(businesses.status, "active"), where))
    .orderBy(asc(discountSales.endsAt), asc(discountSales.id))
    .limit(limit);
  return rows.map((sale) => ({
    id: sale.id,
    href: `/discountsales/${sale.id}`,
    kind: "discount" as const,
    name: sale.name,
    summary: `${discountLabel(sale)}${sale.collectionName ? ` ${sale.collectionName}` : ""} · ${
      sale.startsAt > now
        ? `starts ${formatLagosTime(sale.startsAt)}`
        : `until ${formatLagosTime(sale.endsAt)}`
    }`,
    image: null,
    business: { slug: sale.businessSlug, name: sale.businessName, city: sale.businessCity },
  }));
}

/**
 * A business's discount sales on now or starting within the week, soonest ending first, as its
 * Sales section lists them beside the flash sales.
 */
export function currentDiscountSalesOf(
  db: Database,
  businessId: string,
  now = new Date(),
): Promise<SaleListing[]> {
  return discountSaleListings(
    db,
    and(
      eq(discountSales.businessId, businessId),
      isNull(discountSales.cancelledAt),
      gt(discountSales.endsAt, now),
      lt(discountSales.startsAt, new Date(now.getTime() + 7 * 24 * 60 * 60_000)),
    ),
    24,
    now,
  );
}

/** Discount sales by id as lists show them (the latest listings), in the order asked. */
export async function discountSaleListingsById(
  db: Database,
  ids: readonly string[],
  now = new Date(),
): Promise<SaleListing[]> {
  if (ids.length === 0) return [];
  const listed = await discountSaleListings(
    db,
    inArray(discountSales.id, [...ids]),
    ids.length,
    now,
  );
  const byId = new Map(listed.map((sale) => [sale.id, sale]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface DiscountSaleView {
  id: string;
  name: string;
  offLabel: string;
  startsAt: Date;
  endsAt: Date;
  state: DiscountSaleState;
  business: { slug: string; name: string; brandColor: string; logoUrl: string | null };
  collectionName: string | null;
  /** Its products on sale now, at the prices a shopper pays (the sale's while it runs). */
  products: ProductCard[];
  productCount: number;
  floorPercent: number;
}

/** A sale's public page: the event, its dates and its products. Null when there is none. */
export async function discountSaleView(
  db: Database,
  saleId: string,
  now = new Date(),
): Promise<DiscountSaleView | null> {
  const [sale] = await db
    .select({
      id: discountSales.id,
      name: discountSales.name,
      percentOff: discountSales.percentOff,
      amountOffKobo: discountSales.amountOffKobo,
      collectionId: discountSales.collectionId,
      collectionName: collections.name,
      startsAt: discountSales.startsAt,
      endsAt: discountSales.endsAt,
      cancelledAt: discountSales.cancelledAt,
      businessId: businesses.id,
      slug: businesses.slug,
      businessName: businesses.name,
      brandColor: businesses.brandColor,
      logoPath: images.path,
      floorPercent: businesses.saleFloorPercent,
    })
    .from(discountSales)
    .innerJoin(businesses, eq(businesses.id, discountSales.businessId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(collections, eq(collections.id, discountSales.collectionId))
    .where(and(eq(discountSales.id, saleId), eq(businesses.status, "active")));
  if (!sale) return null;
  const inSale = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(discountSaleProducts)
        .where(
          and(
            eq(discountSaleProducts.saleId, sale.id),
            eq(discountSaleProducts.productId, products.id),
          ),
        ),
    ),
    sale.collectionId === null
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(collectionProducts)
            .where(
              and(
                eq(collectionProducts.collectionId, sale.collectionId),
                eq(collectionProducts.productId, products.id),
              ),
            ),
        ),
  );
  const shown = and(
    eq(products.businessId, sale.businessId),
    eq(products.status, "active"),
    inSale,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(productCardColumns)
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .leftJoin(productImages, productCardImageJoin)
      .leftJoin(images, eq(images.id, productImages.imageId))
      .where(shown)
      .orderBy(sql`${products.stock} > 0 desc`, asc(products.name), asc(products.id))
      .limit(discountLimits.pageProducts),
    db.select({ count: count() }).from(products).where(shown),
  ]);
  return {
    id: sale.id,
    name: sale.name,
    offLabel: discountLabel(sale),
    startsAt: sale.startsAt,
    endsAt: endOf(sale),
    state: stateAt(sale, now),
    business: {
      slug: sale.slug,
      name: sale.businessName,
      brandColor: sale.brandColor,
      logoUrl: sale.logoPath ? mediaUrl(sale.logoPath) : null,
    },
    collectionName: sale.collectionName,
    products: rows.map(toProductCard),
    productCount: total?.count ?? 0,
    floorPercent: sale.floorPercent,
  };
}
