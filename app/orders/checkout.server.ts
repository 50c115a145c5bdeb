import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { email, type FieldErrors, fieldErrors, nigerianPhone } from "#app/auth/forms.ts";
import { mailboxKey } from "#app/auth/mailbox.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, products, voucherOffers } from "#app/db/schema.server.ts";
import { type DeliveryPlace, deliveryOption, pickupDetails } from "#app/delivery/areas.ts";
import { handoverSettingsOf } from "#app/delivery/settings.server.ts";
import { nairaToKobo } from "#app/money.ts";
import { wholeNumberField } from "#app/number-fields.ts";
import {
  type InitializeInput,
  newPaymentReference,
  type PaymentProvider,
  PaymentProviderError,
  paymentDefaults,
} from "#app/payments/provider.server.ts";
import { payoutSubaccountsOf } from "#app/payouts/accounts.server.ts";
import {
  orderShare,
  type PaymentSplit,
  paymentSplit,
  type RecordedOrder,
} from "#app/payouts/split.ts";
import { readJson } from "#app/plain-text.ts";
import { returnCheckoutPoints, takeCheckoutPoints } from "#app/points/checkout-points.server.ts";
import {
  koboPerPointSpent,
  maxPointsFor,
  splitPoints,
  usablePoints,
} from "#app/points/checkout-points.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { discountedPrice, discountSaleColumn } from "#app/sales/discount-price.server.ts";
import { flashCartHolds, flashHoldsEndOf, flashUnitsSecured } from "#app/sales/flash.server.ts";
import { optionalText, requiredText } from "#app/text-fields.ts";
import { z } from "#app/zod.ts";
import {
  fulfilmentFieldName,
  isBlocking,
  type LineIssue,
  notesFieldName,
  type Quote,
  type QuotedGroup,
} from "./checkout-quote.ts";
import {
  defaultHoldLimits,
  type HoldLimits,
  shareAllowance,
  tellableQuantity,
} from "./hold-limits.ts";
import { newOrderNumber } from "./order-number.ts";
import { checkouts, type DeliveryAddress, orderLines, orders, payments } from "./schema.server.ts";

/**
 * Checkout (issue 6, decision 013): the cart is repriced from the database, one order per
 * business is written, the stock is held for 30 minutes and one payment for everything is
 * started with the provider. Prices, stock and totals are decided here, never by the browser.
 */
export const holdMinutes = 30;
export const maxCheckoutLines = 50;

/** A cart line as the browser posts it: the spec's fields (amount is naira, as shown). */
const cartLineSchema = z.object({
  id: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(10_000),
  size: z.string().max(60).nullable().optional(),
  amount: z.number().finite().nonnegative().optional(),
  /** A flash sale hold (decision 054): the line is charged the sale price while it lasts. */
  flashHold: z.string().max(64).nullable().optional(),
});

export type CartLineInput = z.infer<typeof cartLineSchema>;

const cartMessage = "Your cart couldn't be read. Go back to the cart and try again.";

/** The `lines` form field: the cart as JSON. */
export const cartLinesField = z
  .string({ message: cartMessage })
  .transform((value, ctx) => {
    try {
      return readJson(value);
    } catch {
      ctx.addIssue({ code: "custom", message: cartMessage });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(cartLineSchema, { message: cartMessage })
      .min(1, "Your cart is empty.")
      .max(maxCheckoutLines, `A checkout holds at most ${maxCheckoutLines} products.`)
      .refine((lines) => new Set(lines.map((line) => line.id)).size === lines.length, cartMessage),
  );

/** Where the shopper wants delivery, and which businesses they pick up from instead. */
export interface HandoverChoice {
  place: DeliveryPlace | null;
  pickup: ReadonlySet<string>;
}

/**
 * What one shopper holds unpaid (shopperHolds), as a quote counts it. A stranger holds nothing.
 */
export interface ShopperHolds {
  /**
   * What the shopper's open checkout holds: available to them, so coming back to pay the same
   * basket isn't told it sold out (decision 020). Empty once its stock was put back on the shelf.
   */
  own: ReadonlyMap<string, number>;
  /** That open checkout: checking out replaces or resumes it, so it isn't "held elsewhere". */
  openCheckoutId: string | null;
  /** What the same shopper (account or checkout email) holds in their other live checkouts. */
  elsewhere: ReadonlyMap<string, number>;
  /** The account, whose flash sale holds the cart's flash lines must be (decision 054). */
  shopperId: string | null;
}

const nobody: ShopperHolds = {
  own: new Map(),
  openCheckoutId: null,
  elsewhere: new Map(),
  shopperId: null,
};

/**
 * Reprices the cart from the database, prices each business's delivery to the shopper's place
 * (decision 021) and says what stands in the way of paying for it: sold out, fewer left, or more
 * than one shopper may hold at a time (a share of the product's stock, decision 030). Stock
 * above the limits' threshold is never told exactly.
 */
export async function quoteCart(
  executor: Executor,
  lines: CartLineInput[],
  handover: HandoverChoice = { place: null, pickup: new Set() },
  holds: ShopperHolds = nobody,
  limits: HoldLimits = defaultHoldLimits,
  now = new Date(),
): Promise<Quote> {
  const ids = lines.map((line) => line.id);
  const flashHolds = await flashCartHolds(
    executor,
    holds.shopperId,
    lines.flatMap((line) => (line.flashHold ? [line.flashHold] : [])),
    now,
  );
  const rows = await executor
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      usualPriceKobo: products.priceKobo,
      // A live discount sale's price (decision 055), decided here on the server as of `now`.
      discountSale: discountSaleColumn(products.id, products.businessId, now),
      sizes: products.sizes,
      stock: products.stock,
      businessId: businesses.id,
      businessSlug: businesses.slug,
      businessName: businesses.name,
      businessAddress: businesses.address,
      businessCity: businesses.city,
    })
    .from(products)
    .innerJoin(businesses, eq(businesses.id, products.businessId))
    .where(
      and(
        inArray(products.id, ids),
        eq(products.status, "active"),
        eq(businesses.status, "active"),
      ),
    );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        priceKobo: discountedPrice(
          { priceKobo: row.usualPriceKobo, compareAtKobo: null },
          row.discountSale,
        ).priceKobo,
      },
    ]),
  );
  const heldByAll = await heldByEveryone(executor, ids, holds.openCheckoutId);
  const groups = new Map<string, QuotedGroup>();
  const unavailable: string[] = [];
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product) {
      unavailable.push(line.id);
      continue;
    }
    const issues: LineIssue[] = [];
    // A flash line is the sale's units at the sale's price while the hold lasts: its size is
    // the sale's and its units aren't the product's stock. Once the hold is over, it is an
    // ordinary line at the product's price, which the shopper is told before paying.
    const flash = line.flashHold ? flashHolds.get(line.flashHold) : undefined;
    const liveFlash = flash?.live && flash.productId === product.id ? flash : null;
    if (line.flashHold && !liveFlash) issues.push({ kind: "flash_hold_ended" });
    const unitPriceKobo = liveFlash ? liveFlash.salePriceKobo : product.priceKobo;
    // A size left on a product that no longer has sizes is simply dropped.
    const size = liveFlash ? liveFlash.size : product.sizes.length > 0 ? (line.size ?? null) : null;
    // A hold that ran out says itself that the line is back at the usual price.
    if (
      line.amount !== undefined &&
      nairaToKobo(line.amount) !== unitPriceKobo &&
      !(line.flashHold && !liveFlash)
    ) {
      issues.push({ kind: "price_changed", cartUnitKobo: nairaToKobo(line.amount) });
    }
    if (liveFlash) {
      if (line.quantity !== liveFlash.quantity) {
        issues.push({ kind: "flash_quantity", held: liveFlash.quantity });
      }
    } else {
      if (product.sizes.length > 0 && (size === null || !product.sizes.includes(size))) {
        issues.push({ kind: "size_unavailable", sizes: product.sizes });
      }
      const stockIssue = stockLimit(
        line.quantity,
        product.stock + (holds.own.get(product.id) ?? 0),
        product.stock + (holds.own.get(product.id) ?? 0) + (heldByAll.get(product.id) ?? 0),
        holds.elsewhere.get(product.id) ?? 0,
        limits,
      );
      if (stockIssue) issues.push(stockIssue);
    }
    let group = groups.get(product.businessId);
    if (!group) {
      group = {
        business: {
          id: product.businessId,
          slug: product.businessSlug,
          name: product.businessName,
          address: product.businessAddress,
          city: product.businessCity,
        },
        lines: [],
        subtotalKobo: 0,
        // Priced below, once the subtotal is known.
        delivery: { kind: "needs_address", cities: [] },
        pickup: { address: "", hours: "" },
        fulfilment: "pickup",
        deliveryFeeKobo: 0,
      };
      groups.set(product.businessId, group);
    }
    const lineTotalKobo = unitPriceKobo * line.quantity;
    group.lines.push({
      productId: product.id,
      name: product.name,
      productSlug: product.slug,
      size,
      quantity: line.quantity,
      unitPriceKobo,
      lineTotalKobo,
      issues,
      flashHold: liveFlash
        ? { id: liveFlash.holdId, expiresAt: liveFlash.expiresAt.toISOString() }
        : null,
    });
    group.subtotalKobo += lineTotalKobo;
  }
  const quoted = [...groups.values()];
  const settings = await handoverSettingsOf(
    executor,
    quoted.map((group) => group.business.id),
  );
  for (const group of quoted) {
    const { business } = group;
    const rules = settings.get(business.id);
    group.pickup = pickupDetails(rules, business);
    group.delivery = deliveryOption(
      business.name,
      rules ?? { areas: [], freeDeliveryFromKobo: null },
      group.subtotalKobo,
      handover.place,
    );
    const wantsDelivery = !handover.pickup.has(business.id);
    const deliverable =
      group.delivery.kind === "available" || group.delivery.kind === "needs_address";
    group.fulfilment = wantsDelivery && deliverable ? "delivery" : "pickup";
    group.deliveryFeeKobo =
      group.fulfilment === "delivery" && group.delivery.kind === "available"
        ? group.delivery.feeKobo
        : 0;
  }
  return {
    groups: quoted,
    unavailable,
    totalKobo: quoted.reduce((sum, group) => sum + group.subtotalKobo + group.deliveryFeeKobo, 0),
    blocked:
      unavailable.length > 0 ||
      quoted.some((group) => group.lines.some((line) => line.issues.some(isBlocking))),
  };
}

/**
 * Whether `quantity` may be taken: `available` is what the shopper can have now, `total` the
 * product's whole stock (on the shelf and held by every checkout), `heldElsewhere` what the
 * shopper holds in their other checkouts. Exact numbers are told only at or below the threshold.
 */
export function stockLimit(
  quantity: number,
  available: number,
  total: number,
  heldElsewhere: number,
  limits: HoldLimits,
): LineIssue | null {
  if (available <= 0) return { kind: "out_of_stock" };
  const share = Math.max(shareAllowance(total, limits) - heldElsewhere, 0);
  if (quantity <= Math.min(available, share)) return null;
  if (share < available) {
    return { kind: "over_limit", reason: "share", allowed: tellableQuantity(share, limits) };
  }
  if (available <= limits.exactStockUpTo) return { kind: "short_stock", available };
  return { kind: "over_limit", reason: "stock", allowed: tellableQuantity(available, limits) };
}

/** Units of each product held by every checkout whose stock is off the shelf, but one. */
async function heldByEveryone(
  executor: Executor,
  productIds: string[],
  exceptCheckoutId: string | null,
): Promise<Map<string, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await executor
    .select({
      productId: orderLines.productId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(
      and(
        inArray(orderLines.productId, productIds),
        isNull(orderLines.flashHoldId),
        eq(checkouts.stockHold, "held"),
        exceptCheckoutId ? ne(checkouts.id, exceptCheckoutId) : undefined,
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.flatMap((row) => (row.productId ? [[row.productId, row.quantity]] : [])));
}

const fulfilmentField = z.enum(["delivery", "pickup"], {
  message: "Choose delivery or pickup",
});
const notesField = optionalText(500, { multiline: true });

const contactSchema = z.object({
  email,
  phone: nigerianPhone(false),
  lines: cartLinesField,
  expectedTotalKobo: z.coerce.number().int().nonnegative(),
  /** Points the shopper chose to spend (decision 057); left out or empty: none. */
  usePoints: wholeNumberField("Points", 0, 10_000_000, true).optional(),
});

const deliverySchema = z.object({
  recipient: requiredText("the recipient's name", 80),
  line1: requiredText("the street address", 120),
  line2: optionalText(120),
  area: optionalText(60),
  city: requiredText("the city", 60),
  state: requiredText("the state", 40),
});

export interface CheckoutOrderInput {
  businessId: string;
  fulfilment: "delivery" | "pickup";
  notes: string;
}

export interface CheckoutInput {
  email: string;
  phone: string;
  lines: CartLineInput[];
  /** What the page showed to pay, after the points. */
  expectedTotalKobo: number;
  usePoints: number;
  /** Per business in the cart; checked against the quote's businesses. */
  orders: Map<string, CheckoutOrderInput>;
  deliveryAddress: DeliveryAddress | null;
}

/** Reads the checkout form; every problem comes back as a field message. */
export function parseCheckoutForm(
  form: FormData,
): { ok: true; input: CheckoutInput } | { ok: false; errors: FieldErrors } {
  const fields = Object.fromEntries(form);
  const contact = contactSchema.safeParse(fields);
  // The other fields are read even when the contact details are refused, so the shopper sees
  // every problem in one round.
  const errors: FieldErrors = contact.success ? {} : fieldErrors(contact.error);
  const orderInputs = new Map<string, CheckoutOrderInput>();
  const businessIds = new Set<string>();
  for (const key of form.keys()) {
    if (key.startsWith("fulfilment.")) businessIds.add(key.slice("fulfilment.".length));
  }
  for (const businessId of businessIds) {
    const fulfilment = fulfilmentField.safeParse(form.get(fulfilmentFieldName(businessId)));
    const notes = notesField.safeParse(form.get(notesFieldName(businessId)) ?? "");
    if (!fulfilment.success) {
      errors[fulfilmentFieldName(businessId)] = fulfilment.error.issues[0]?.message;
    }
    if (!notes.success) errors[notesFieldName(businessId)] = notes.error.issues[0]?.message;
    if (fulfilment.success && notes.success) {
      orderInputs.set(businessId, { businessId, fulfilment: fulfilment.data, notes: notes.data });
    }
  }
  let deliveryAddress: DeliveryAddress | null = null;
  if ([...orderInputs.values()].some((order) => order.fulfilment === "delivery")) {
    const address = deliverySchema.safeParse(fields);
    if (!address.success) Object.assign(errors, fieldErrors(address.error));
    else if (contact.success) {
      // An address without an area keeps the shape it had before areas existed.
      const { area, ...rest } = address.data;
      deliveryAddress = { ...rest, ...(area ? { area } : {}), phone: contact.data.phone };
    }
  }
  if (!contact.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    input: {
      ...contact.data,
      usePoints: contact.data.usePoints ?? 0,
      orders: orderInputs,
      deliveryAddress,
    },
  };
}

/** What the browser needs to open the provider's popup (or, without it, go to its page). */
export interface StartedPayment {
  checkoutId: string;
  reference: string;
  accessCode: string;
  authorizationUrl: string;
}

/** How starting a checkout ends; a refusal for the cart's sake carries its quote (goods or vouchers). */
export type StartCheckoutResult<CartQuote = Quote> =
  | { ok: true; payment: StartedPayment }
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 409; message: string; quote: CartQuote }
  /** Too many checkouts waiting for payment, or started lately (decision 030): nothing written. */
  | { ok: false; status: 429; message: string }
  /** The orders are saved but the provider could not start the payment: pay again later. */
  | { ok: false; status: 502; message: string; checkoutId: string };

export class StockRanOut extends Error {}

export type CheckoutKind = (typeof checkouts.$inferSelect)["kind"];

export interface PaymentContext {
  db: Database;
  payments: PaymentProvider;
  log: Logger;
  /** Where the provider sends the shopper back after its own payment page. */
  callbackUrl: string;
  /** Oja's commission on items, from settings, fixed on each order as it is written. */
  commissionRateBp: number;
  /** What one shopper may hold unpaid (settings); the defaults when not given. */
  holdLimits?: HoldLimits;
  now?: () => Date;
}

/** Who is checking out: the account, and the address the request came from (when known). */
export interface CheckoutShopper {
  id: string;
  clientAddress?: string | null;
}

/**
 * One line of what a checkout holds: units of a product taken off the shelf, or vouchers of an
 * offer counted as sold (decision 040). The product or offer may have been deleted since (null).
 */
export interface HeldLine {
  productId: string | null;
  voucherOfferId: string | null;
  quantity: number;
  /**
   * A flash sale line's hold (decision 054): its units are the sale's, secured by the hold, not
   * taken off the product's stock. Left out, the line's units are the product's stock (as when
   * a refund puts goods never handed over back on the shelf).
   */
  flashHoldId?: string | null;
}

/** Every line a checkout holds (or held), whatever its orders' states. */
export async function heldLinesOf(tx: Executor, checkoutId: string): Promise<HeldLine[]> {
  return tx
    .select({
      productId: orderLines.productId,
      voucherOfferId: orderLines.voucherOfferId,
      quantity: orderLines.quantity,
      flashHoldId: orderLines.flashHoldId,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.checkoutId, checkoutId));
}

const idOrder = <Line extends { id: string }>(a: Line, b: Line) => (a.id < b.id ? -1 : 1);

/** The lines' products and offers (those still there), each in id order. */
function heldItems(lines: readonly HeldLine[]) {
  return {
    products: lines
      .flatMap((line) =>
        line.productId && !line.flashHoldId
          ? [{ id: line.productId, quantity: line.quantity }]
          : [],
      )
      .sort(idOrder),
    flashHolds: lines.flatMap((line) => (line.flashHoldId ? [line.flashHoldId] : [])),
    offers: lines
      .flatMap((line) =>
        line.voucherOfferId ? [{ id: line.voucherOfferId, quantity: line.quantity }] : [],
      )
      .sort(idOrder),
  };
}

/**
 * Takes the lines' quantities off the shelf (and counts their vouchers as sold), in id order so
 * that two checkouts of the same things never wait for each other in a circle. Throws
 * StockRanOut when one is short: a product's stock, or an offer's quantity left to sell.
 */
export async function holdStock(tx: Executor, lines: readonly HeldLine[], now = new Date()) {
  const items = heldItems(lines);
  if (!(await flashUnitsSecured(tx, items.flashHolds, now))) {
    throw new StockRanOut(items.flashHolds.join(","));
  }
  for (const line of items.products) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.id),
          eq(products.status, "active"),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id });
    if (taken.length === 0) throw new StockRanOut(line.id);
  }
  for (const line of items.offers) {
    // The one statement that decides whether an offer is oversold: the row is locked while it
    // checks and raises the count, so racing buyers of the last vouchers queue here.
    const taken = await tx
      .update(voucherOffers)
      .set({ soldCount: sql`${voucherOffers.soldCount} + ${line.quantity}` })
      .where(
        and(
          eq(voucherOffers.id, line.id),
          eq(voucherOffers.status, "active"),
          sql`(${voucherOffers.totalQuantity} is null or ${voucherOffers.soldCount} + ${line.quantity} <= ${voucherOffers.totalQuantity})`,
        ),
      )
      .returning({ id: voucherOffers.id });
    if (taken.length === 0) throw new StockRanOut(line.id);
  }
}

/** Puts held stock back on the shelf and held vouchers back on sale (deleted ones are skipped). */
export async function returnStock(tx: Executor, lines: readonly HeldLine[]) {
  const items = heldItems(lines);
  for (const line of items.products) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.id));
  }
  for (const line of items.offers) {
    await tx
      .update(voucherOffers)
      .set({ soldCount: sql`greatest(${voucherOffers.soldCount} - ${line.quantity}, 0)` })
      .where(eq(voucherOffers.id, line.id));
  }
}

/** Puts a checkout's held stock back on the shelf, once. */
export async function releaseHold(tx: Executor, checkoutId: string, now: Date) {
  const released = await tx
    .update(checkouts)
    .set({ stockHold: "released", updatedAt: now })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.stockHold, "held")))
    .returning({ id: checkouts.id });
  if (released.length === 0) return;
  await returnStock(tx, await heldLinesOf(tx, checkoutId));
  await returnCheckoutPoints(tx, await checkoutPointsOf(tx, checkoutId), now);
}

/** Whose checkout it is and the points it took, for the ledger's moves. */
export async function checkoutPointsOf(tx: Executor, checkoutId: string) {
  const [checkout] = await tx
    .select({ id: checkouts.id, shopperId: checkouts.shopperId, pointsUsed: checkouts.pointsUsed })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  if (!checkout) throw new Error(`no checkout ${checkoutId}`);
  return checkout;
}

/** Takes held-then-released stock again for a late payment; false when it has run out. */
export async function retakeStock(
  tx: Executor,
  lines: readonly HeldLine[],
  now = new Date(),
): Promise<boolean> {
  if (lines.some((line) => line.productId === null && line.voucherOfferId === null)) return false;
  try {
    await tx.transaction(async (savepoint) => holdStock(savepoint, lines, now));
    return true;
  } catch (error) {
    if (error instanceof StockRanOut) return false;
    throw error;
  }
}

/**
 * When a checkout's hold made `now` runs out: 30 minutes, or sooner when a flash sale hold in it
 * runs out first (`flashEnd`): the sale price is never charged past it (decision 054).
 */
export function holdUntil(now: Date, flashEnd: Date | null = null): Date {
  const end = now.getTime() + holdMinutes * 60_000;
  return new Date(flashEnd ? Math.min(end, flashEnd.getTime()) : end);
}

/** When the quote's first flash sale hold runs out, if it has any. */
function earliestFlashEnd(quote: Quote): Date | null {
  const ends = quote.groups.flatMap((group) =>
    group.lines.flatMap((line) => (line.flashHold ? [Date.parse(line.flashHold.expiresAt)] : [])),
  );
  return ends.length > 0 ? new Date(Math.min(...ends)) : null;
}

/** A refusal decided inside the checkout's transaction: thrown so that nothing it did stays. */
export class CheckoutRefused<CartQuote = Quote> extends Error {
  readonly result: Exclude<StartCheckoutResult<CartQuote>, { ok: true }>;
  constructor(result: Exclude<StartCheckoutResult<CartQuote>, { ok: true }>) {
    super("checkout refused");
    this.result = result;
  }
}

/**
 * What makes two Pay presses "the same basket": every line as repriced (product, size,
 * quantity, unit price) and everything the orders would record (fulfilment, notes, address,
 * contact). It is compared only within one shopper's checkouts.
 */
export function basketFingerprint(quote: Quote, input: CheckoutInput): string {
  const lines = quote.groups
    .flatMap((group) => group.lines)
    .map((line) => [line.productId, line.size, line.quantity, line.unitPriceKobo] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const choices = quote.groups.map((group) => {
    const choice = input.orders.get(group.business.id);
    return [group.business.id, choice?.fulfilment ?? "pickup", choice?.notes ?? ""] as const;
  });
  const address = choices.some(([, fulfilment]) => fulfilment === "delivery")
    ? input.deliveryAddress
    : null;
  return createHash("sha256")
    .update(
      JSON.stringify({
        lines,
        choices,
        address,
        email: input.email,
        phone: input.phone,
        totalKobo: quote.totalKobo,
        points: input.usePoints,
      }),
    )
    .digest("base64url");
}

/** Why the open checkout's orders were closed when the shopper checked out again. */
export const replacedReasons = {
  changed: "Replaced: you changed your cart and checked out again. Nothing was charged for these.",
  expired:
    "Replaced: the time to pay ran out and you checked out again. Nothing was charged for these.",
} as const;

/**
 * The shopper's open checkout of a kind, locked, with whether it may still be paid: orders waiting and
 * stock held until a time not yet past. A closed one (paid, cancelled) loses its basket key here,
 * so the next checkout can take it. Callers hold the shopper's checkout lock.
 */
export async function openCheckoutOf(
  tx: Executor,
  shopperId: string,
  kind: CheckoutKind,
  now: Date,
) {
  const [open] = await tx
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.shopperId, shopperId),
        eq(checkouts.kind, kind),
        isNotNull(checkouts.basketKey),
      ),
    )
    .for("update");
  if (!open) return null;
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutId, open.id), eq(orders.status, "pending_payment")));
  if (waiting.length === 0) {
    await tx
      .update(checkouts)
      .set({ basketKey: null, updatedAt: now })
      .where(eq(checkouts.id, open.id));
    return null;
  }
  return open;
}

/** Checkouts whose stock is held for them now (not expired) with orders still waiting. */
const liveHold = (now: Date) =>
  and(
    eq(checkouts.stockHold, "held"),
    gt(checkouts.holdExpiresAt, now),
    sql`exists (select 1 from ${orders} where ${orders.checkoutId} = ${checkouts.id} and ${orders.status} = 'pending_payment')`,
  );

/**
 * What a shopper holds unpaid right now: their open checkout's stock (available to them) and,
 * per product, what their other live checkouts hold — theirs being the account's or any with
 * the same contact email (another account with the same email is the same shopper).
 */
export async function shopperHolds(
  executor: Executor,
  shopper: { id: string; email: string },
  now = new Date(),
): Promise<ShopperHolds> {
  const rows = await executor
    .select({
      checkoutId: checkouts.id,
      open: sql<boolean>`(${checkouts.shopperId} = ${shopper.id} and ${checkouts.basketKey} is not null)`,
      productId: orderLines.productId,
      quantity: orderLines.quantity,
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        or(eq(checkouts.shopperId, shopper.id), eq(checkouts.emailKey, mailboxKey(shopper.email))),
        liveHold(now),
        eq(orders.status, "pending_payment"),
        isNotNull(orderLines.productId),
        // A flash line's units are the sale's, not the product's stock (decision 054).
        isNull(orderLines.flashHoldId),
      ),
    );
  const own = new Map<string, number>();
  const elsewhere = new Map<string, number>();
  let openCheckoutId: string | null = null;
  for (const row of rows) {
    if (!row.productId) continue;
    const into = row.open ? own : elsewhere;
    if (row.open) openCheckoutId = row.checkoutId;
    into.set(row.productId, (into.get(row.productId) ?? 0) + row.quantity);
  }
  return { own, openCheckoutId, elsewhere, shopperId: shopper.id };
}

/**
 * How many other checkouts hold stock for this shopper (account or email) and for this address,
 * leaving out the one being replaced or resumed. Callers hold the shopper's checkout locks.
 */
async function otherLiveCheckouts(
  tx: Executor,
  shopper: { id: string; email: string; clientAddress: string | null },
  except: string | null,
  now: Date,
) {
  const count = async (who: ReturnType<typeof or>) => {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(checkouts)
      .where(and(who, liveHold(now), except ? ne(checkouts.id, except) : undefined));
    return row?.count ?? 0;
  };
  return {
    shopper: await count(
      or(eq(checkouts.shopperId, shopper.id), eq(checkouts.emailKey, mailboxKey(shopper.email))),
    ),
    address: shopper.clientAddress
      ? await count(eq(checkouts.clientAddress, shopper.clientAddress))
      : 0,
  };
}

export const tooManyOpenMessages = {
  shopper:
    "You already have checkouts waiting for payment. Pay for one, or cancel it, before starting another.",
  address:
    "Too many checkouts are waiting for payment from your network just now. Try again in a few minutes.",
} as const;

/** Whether a checkout's stock is held for it right now: the only time it may be paid. */
export function holdIsLive(checkout: { stockHold: string; holdExpiresAt: Date }, now: Date) {
  return checkout.stockHold === "held" && checkout.holdExpiresAt > now;
}

/**
 * Writes the checkout, its orders and lines, holds the stock and records the payment attempt,
 * in one transaction; then asks the provider to start the payment.
 *
 * One checkout per basket (decision 020): the shopper's checkouts are taken one at a time (a
 * lock per shopper, and a unique index on the open one). A Pay for the basket of the open
 * checkout, while its stock is held, resumes that checkout's payment instead of writing new
 * orders; any other basket closes the open checkout's orders as replaced and releases its hold,
 * in the transaction that writes the new ones.
 */
export async function startCheckout(
  context: PaymentContext,
  shopper: CheckoutShopper,
  form: FormData,
): Promise<StartCheckoutResult> {
  const parsed = parseCheckoutForm(form);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  const { input } = parsed;
  const now = context.now?.() ?? new Date();
  const limits = context.holdLimits ?? defaultHoldLimits;
  const clientAddress = shopper.clientAddress ?? null;

  const handover: HandoverChoice = {
    place: input.deliveryAddress
      ? { city: input.deliveryAddress.city, area: input.deliveryAddress.area ?? "" }
      : null,
    pickup: new Set(
      [...input.orders.values()]
        .filter((order) => order.fulfilment === "pickup")
        .map((order) => order.businessId),
    ),
  };

  const written = await context.db
    .transaction(async (tx) => {
      await lockShopperCheckouts(tx, { id: shopper.id, email: input.email, clientAddress });
      const open = await openCheckoutOf(tx, shopper.id, "goods", now);
      // The open checkout's own hold counts as available to this basket: it is put back first
      // (and taken again below if this is the same basket). A refusal undoes it with the rest.
      if (open?.stockHold === "held") {
        await returnStock(tx, await heldLinesOf(tx, open.id));
      }
      // Likewise its points: they come back if this basket replaces it, or stay with it.
      const spendablePoints =
        (await walletOf(tx, shopper.id)).available +
        (open?.stockHold === "held" ? open.pointsUsed : 0);
      // The share of each product the shopper may hold is decided here, in the transaction that
      // takes the stock (decision 030): what their other checkouts hold counts against it.
      const { elsewhere } = await shopperHolds(tx, { id: shopper.id, email: input.email }, now);
      const quote = await quoteCart(
        tx,
        input.lines,
        handover,
        { own: new Map(), openCheckoutId: open?.id ?? null, elsewhere, shopperId: shopper.id },
        limits,
        now,
      );
      if (quote.blocked) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message: "Some of your cart can't be bought as it is. Fix the lines marked below.",
          quote,
        });
      }
      // Delivery a business doesn't offer to this address is refused before any total is
      // compared: the shopper's fix is to choose pickup or change the address, not to re-pay.
      const refused: FieldErrors = {};
      for (const group of quote.groups) {
        const wanted = input.orders.get(group.business.id)?.fulfilment;
        if (wanted === "delivery" && group.delivery.kind !== "available") {
          refused[fulfilmentFieldName(group.business.id)] =
            group.delivery.kind === "needs_address"
              ? "Enter the delivery address"
              : group.delivery.kind === "pickup_only"
                ? `${group.delivery.reason} Choose pickup.`
                : `${group.delivery.reason} Choose pickup, or change the address.`;
        }
      }
      if (Object.keys(refused).length > 0) {
        throw new CheckoutRefused({ ok: false, status: 400, errors: refused });
      }
      if (input.usePoints > usablePoints(quote.totalKobo, spendablePoints)) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message:
            input.usePoints > maxPointsFor(quote.totalKobo)
              ? `Points can pay at most half of this order: ${maxPointsFor(quote.totalKobo).toLocaleString("en-NG")} points. Check the new total and pay again.`
              : `You have ${spendablePoints.toLocaleString("en-NG")} points to spend now. Check the new total and pay again.`,
          quote,
        });
      }
      const payKobo = quote.totalKobo - input.usePoints * koboPerPointSpent;
      if (payKobo !== input.expectedTotalKobo) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message:
            "Prices or delivery fees changed while you were checking out. Check the new total and pay again.",
          quote,
        });
      }
      const missing = quote.groups.find((group) => !input.orders.has(group.business.id));
      if (missing) {
        throw new CheckoutRefused({
          ok: false,
          status: 400,
          errors: { [fulfilmentFieldName(missing.business.id)]: "Choose delivery or pickup" },
        });
      }
      const basketKey = basketFingerprint(quote, input);
      const resumed = await resumeSameBasket(tx, open, basketKey, now);
      if (resumed) return resumed;
      await makeRoomForNewHold(
        tx,
        { id: shopper.id, email: input.email, clientAddress },
        open,
        basketKey,
        { now, limits },
      );
      const checkoutId = newId("chk");
      const orderNumbers: string[] = [];
      const orderPoints = splitPoints(
        input.usePoints,
        quote.groups.map((group) => group.subtotalKobo + group.deliveryFeeKobo),
      );
      const subaccounts = await payoutSubaccountsOf(
        tx,
        quote.groups.map((group) => group.business.id),
      );
      const recorded: RecordedOrder[] = [];
      await tx.insert(checkouts).values({
        id: checkoutId,
        shopperId: shopper.id,
        email: input.email,
        phone: input.phone,
        totalKobo: payKobo,
        pointsUsed: input.usePoints,
        currency: paymentDefaults.currency,
        stockHold: "held",
        holdExpiresAt: holdUntil(now, earliestFlashEnd(quote)),
        basketKey,
        emailKey: mailboxKey(input.email),
        clientAddress,
        createdAt: now,
        updatedAt: now,
      });
      for (const [position, group] of quote.groups.entries()) {
        const choice = input.orders.get(group.business.id);
        const fulfilment = group.fulfilment;
        const orderId = newId("ord");
        const number = newOrderNumber();
        orderNumbers.push(number);
        // The commission and where the business's share goes are fixed now (decision 026): a
        // later change of rate or bank account never reprices an order already placed.
        const { commissionKobo } = orderShare(group, context.commissionRateBp);
        // Points are Oja's to bear: a payment short by them can't carry the businesses' full
        // shares as a split, so Oja pays those businesses by transfer (decision 057).
        const payoutSubaccount =
          input.usePoints > 0 ? null : (subaccounts.get(group.business.id) ?? null);
        recorded.push({
          subtotalKobo: group.subtotalKobo,
          deliveryFeeKobo: group.deliveryFeeKobo,
          commissionKobo,
          payoutSubaccount,
        });
        await tx.insert(orders).values({
          id: orderId,
          number,
          checkoutId,
          shopperId: shopper.id,
          businessId: group.business.id,
          position,
          fulfilment,
          deliveryAddress: fulfilment === "delivery" ? input.deliveryAddress : null,
          notes: choice?.notes ?? "",
          subtotalKobo: group.subtotalKobo,
          deliveryFeeKobo: group.deliveryFeeKobo,
          deliveryEstimate:
            fulfilment === "delivery" && group.delivery.kind === "available"
              ? group.delivery.estimate
              : null,
          commissionRateBp: context.commissionRateBp,
          commissionKobo,
          payoutSubaccount,
          pointsUsed: orderPoints[position] ?? 0,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(orderLines).values(
          group.lines.map((line, position) => ({
            orderId,
            position,
            productId: line.productId,
            productName: line.name,
            size: line.size,
            unitPriceKobo: line.unitPriceKobo,
            quantity: line.quantity,
            flashHoldId: line.flashHold?.id ?? null,
          })),
        );
      }
      await holdStock(
        tx,
        quote.groups.flatMap((group) =>
          group.lines.map((line) => ({
            ...line,
            voucherOfferId: null,
            flashHoldId: line.flashHold?.id ?? null,
          })),
        ),
        now,
      );
      const pointsTaken = await takeCheckoutPoints(
        tx,
        { id: checkoutId, shopperId: shopper.id, pointsUsed: input.usePoints },
        now,
      );
      // Checked above under the shopper's lock; the ledger's own check is the last word.
      if (!pointsTaken) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message:
            "Your points changed while you were checking out. Check the new total and pay again.",
          quote,
        });
      }
      const reference = await recordPaymentAttempt(tx, checkoutId, payKobo, now);
      return {
        kind: "new" as const,
        checkoutId,
        reference,
        amountKobo: payKobo,
        email: input.email,
        orderNumbers,
        businessNames: quote.groups.map((group) => group.business.name),
        split: paymentSplit(recorded),
      };
    })
    .catch(async (error: unknown) => {
      if (error instanceof CheckoutRefused) return error.result;
      if (!(error instanceof StockRanOut)) throw error;
      // Someone bought the last units between the quote and the hold: show the cart as it is now.
      const quote = await quoteCart(
        context.db,
        input.lines,
        handover,
        { ...nobody, shopperId: shopper.id },
        limits,
        now,
      );
      return {
        ok: false as const,
        status: 409 as const,
        message: "Some of your cart sold out just now. Fix the lines marked below.",
        quote,
      };
    });
  return startWritten(context, written);
}

/**
 * Takes the account's, its email's and its address's checkout locks, one checkout at a time
 * each (always in this order, so two never wait for each other), so that every limit counted
 * after them is exact. For the rest of the caller's transaction.
 */
export async function lockShopperCheckouts(
  tx: Executor,
  shopper: { id: string; email: string; clientAddress: string | null },
) {
  const locks = [
    `checkout:${shopper.id}`,
    `checkout-email:${mailboxKey(shopper.email)}`,
    ...(shopper.clientAddress ? [`checkout-address:${shopper.clientAddress}`] : []),
  ];
  for (const lock of locks) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
  }
}

/**
 * The same basket as the open checkout's, while its hold is live: takes its (just returned)
 * hold again and resumes its payment. Null when this is a new basket.
 */
export async function resumeSameBasket(
  tx: Executor,
  open: typeof checkouts.$inferSelect | null,
  basketKey: string,
  now: Date,
) {
  if (!open || open.basketKey !== basketKey || !holdIsLive(open, now)) return null;
  await holdStock(tx, await heldLinesOf(tx, open.id), now);
  return resumeCheckout(tx, open, now);
}

/**
 * Before a new hold: refuses it when the shopper or their address already has as many checkouts
 * waiting as the limits allow (decision 030), then closes the open checkout's orders as replaced
 * and releases it (its stock was returned by the caller).
 */
export async function makeRoomForNewHold(
  tx: Executor,
  shopper: { id: string; email: string; clientAddress: string | null },
  open: typeof checkouts.$inferSelect | null,
  basketKey: string,
  { now, limits }: { now: Date; limits: HoldLimits },
) {
  const others = await otherLiveCheckouts(tx, shopper, open?.id ?? null, now);
  if (others.shopper >= limits.openPerShopper || others.address >= limits.openPerAddress) {
    throw new CheckoutRefused({
      ok: false,
      status: 429,
      message:
        others.shopper >= limits.openPerShopper
          ? tooManyOpenMessages.shopper
          : tooManyOpenMessages.address,
    });
  }
  if (!open) return;
  await tx
    .update(orders)
    .set({
      status: "replaced",
      cancelledAt: now,
      closingReason:
        open.basketKey === basketKey ? replacedReasons.expired : replacedReasons.changed,
      updatedAt: now,
    })
    .where(and(eq(orders.checkoutId, open.id), eq(orders.status, "pending_payment")));
  await tx
    .update(checkouts)
    .set({
      basketKey: null,
      stockHold: open.stockHold === "held" ? "released" : open.stockHold,
      updatedAt: now,
    })
    .where(eq(checkouts.id, open.id));
  // Its stock went back with the caller's returnStock; its points go back here.
  if (open.stockHold === "held") await returnCheckoutPoints(tx, open, now);
}

/** What a checkout's transaction wrote: a refusal, or a payment to hand out, wait for or start. */
type WrittenCheckout<CartQuote> =
  | Exclude<StartCheckoutResult<CartQuote>, { ok: true }>
  | Awaited<ReturnType<typeof resumeCheckout>>
  | NewAttempt;

/** After the checkout's transaction committed: the payment the browser opens, or why not. */
export async function startWritten<CartQuote>(
  context: PaymentContext,
  written: WrittenCheckout<CartQuote>,
): Promise<StartCheckoutResult<CartQuote>> {
  if ("ok" in written) return written;
  if (written.kind === "resumed") return { ok: true, payment: written.payment };
  if (written.kind === "starting") return awaitStartedPayment(context, written);
  return initializePayment(context, written);
}

/** How long an attempt may wait for the provider's answer before it is taken as lost. */
const startingMs = 30_000;

/** Waits for the attempt another request is starting with the provider (two Pay presses at once). */
async function awaitStartedPayment(
  context: PaymentContext,
  attempt: { checkoutId: string; reference: string },
): Promise<StartCheckoutResult<never>> {
  const deadline = Date.now() + startingMs;
  while (Date.now() < deadline) {
    const [row] = await context.db
      .select({
        status: payments.status,
        accessCode: payments.accessCode,
        authorizationUrl: payments.authorizationUrl,
      })
      .from(payments)
      .where(eq(payments.reference, attempt.reference));
    if (row?.status === "pending" && row.accessCode && row.authorizationUrl) {
      return {
        ok: true,
        payment: {
          checkoutId: attempt.checkoutId,
          reference: attempt.reference,
          accessCode: row.accessCode,
          authorizationUrl: row.authorizationUrl,
        },
      };
    }
    if (row?.status !== "pending") break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    ok: false,
    status: 502,
    checkoutId: attempt.checkoutId,
    message:
      "Paystack couldn't start the payment just now. Your order is saved: try paying again in a moment.",
  };
}

/**
 * The same basket again while its stock is held: the payment already open is handed back (two
 * tabs, a second press). Only when that payment can't be resumed (the provider refused to start
 * it, or it was settled unpaid) is a new attempt made for the same orders. The first time, the
 * hold is renewed for another 30 minutes; after that it keeps its time (decision 030), so no
 * checkout keeps stock off the shelf for more than an hour.
 */
async function resumeCheckout(tx: Executor, open: typeof checkouts.$inferSelect, now: Date) {
  if (open.holdRenewedAt === null) {
    await tx
      .update(checkouts)
      .set({
        holdExpiresAt: holdUntil(now, await flashHoldsEndOf(tx, open.id)),
        holdRenewedAt: now,
        updatedAt: now,
      })
      .where(eq(checkouts.id, open.id));
  }
  const [latest] = await tx
    .select()
    .from(payments)
    .where(eq(payments.checkoutId, open.id))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  // An attempt the provider has reported on (declined, abandoned) is not handed out again.
  if (
    latest?.status === "pending" &&
    latest.detail === null &&
    latest.accessCode &&
    latest.authorizationUrl
  ) {
    return {
      kind: "resumed" as const,
      payment: {
        checkoutId: open.id,
        reference: latest.reference,
        accessCode: latest.accessCode,
        authorizationUrl: latest.authorizationUrl,
      },
    };
  }
  // A press in another tab wrote this attempt a moment ago and is asking the provider to start
  // it now: this press waits for that answer instead of starting a second payment.
  if (
    latest?.status === "pending" &&
    latest.accessCode === null &&
    latest.createdAt.getTime() > now.getTime() - startingMs
  ) {
    return { kind: "starting" as const, checkoutId: open.id, reference: latest.reference };
  }
  const waiting = await waitingOrders(tx, open.id);
  const reference = await recordPaymentAttempt(tx, open.id, open.totalKobo, now);
  return {
    kind: "new" as const,
    checkoutId: open.id,
    reference,
    amountKobo: open.totalKobo,
    email: open.email,
    orderNumbers: waiting.map((order) => order.number),
    businessNames: waiting.map((order) => order.business),
    // The same split as the first attempt: it is made from what the orders recorded.
    split: paymentSplit(waiting),
  };
}

async function waitingOrders(tx: Executor, checkoutId: string) {
  return tx
    .select({
      number: orders.number,
      business: businesses.name,
      subtotalKobo: orders.subtotalKobo,
      deliveryFeeKobo: orders.deliveryFeeKobo,
      commissionKobo: orders.commissionKobo,
      payoutSubaccount: orders.payoutSubaccount,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")))
    .orderBy(asc(orders.position));
}

export async function recordPaymentAttempt(
  tx: Executor,
  checkoutId: string,
  amountKobo: number,
  now: Date,
): Promise<string> {
  const reference = newPaymentReference();
  await tx.insert(payments).values({
    id: newId("pay"),
    checkoutId,
    reference,
    amountKobo,
    currency: paymentDefaults.currency,
    createdAt: now,
    updatedAt: now,
  });
  return reference;
}

/** A payment attempt written in the checkout's transaction, for the provider to start. */
export interface NewAttempt {
  kind: "new";
  checkoutId: string;
  reference: string;
  amountKobo: number;
  email: string;
  /** In cart order, as the payment's metadata and label name them. */
  orderNumbers: string[];
  businessNames: string[];
  /** Each business's share to its subaccount; none when no business has one. */
  split: PaymentSplit | undefined;
}

/**
 * Asks the provider to start the attempt written by the caller's (committed) transaction. What
 * the provider is told comes from that transaction, so under a rush of checkouts the winner
 * doesn't queue for the database again before its payment window opens.
 */
async function initializePayment(
  context: PaymentContext,
  attempt: NewAttempt,
): Promise<StartCheckoutResult<never>> {
  const started = await startPaymentAttempt(context, {
    email: attempt.email,
    amountKobo: attempt.amountKobo,
    currency: paymentDefaults.currency,
    reference: attempt.reference,
    channels: paymentDefaults.channels,
    metadata: {
      checkout_id: attempt.checkoutId,
      orders: attempt.orderNumbers,
    },
    // Shown in the payment window: whom the shopper is paying.
    label: paymentLabel(attempt.businessNames),
    callbackUrl: context.callbackUrl,
    split: attempt.split,
  });
  if (!started) {
    return {
      ok: false,
      status: 502,
      checkoutId: attempt.checkoutId,
      message:
        "Paystack couldn't start the payment just now. Your order is saved: try paying again in a moment.",
    };
  }
  return { ok: true, payment: { checkoutId: attempt.checkoutId, ...started } };
}

/**
 * Asks the provider to start a payment attempt written (and committed) before, and keeps what it
 * answers on the attempt; null when the provider refused or failed, the attempt then marked
 * failed. Checkout's payments and bills' (decision 060) alike.
 */
export async function startPaymentAttempt(
  context: { db: Database; payments: PaymentProvider; log: Logger },
  input: InitializeInput,
): Promise<{ reference: string; accessCode: string; authorizationUrl: string } | null> {
  try {
    const started = await context.payments.initialize(input);
    await context.db
      .update(payments)
      .set({
        accessCode: started.accessCode,
        authorizationUrl: started.authorizationUrl,
        updatedAt: new Date(),
      })
      .where(eq(payments.reference, input.reference));
    return {
      reference: input.reference,
      accessCode: started.accessCode,
      authorizationUrl: started.authorizationUrl,
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.log.warn(
      { err: error, reference: input.reference },
      "the payment provider refused to start a payment",
    );
    await context.db
      .update(payments)
      .set({ status: "failed", detail: error.message, updatedAt: new Date() })
      .where(and(eq(payments.reference, input.reference), eq(payments.status, "pending")));
    return null;
  }
}

/** "Ewa Spa", "Ewa Spa and Braids by Yetunde", "Ewa Spa and 2 more". */
export function paymentLabel(businessNames: string[]): string {
  const [first = "Oja", second, ...rest] = businessNames;
  if (!second) return first;
  if (rest.length === 0) return `${first} and ${second}`;
  return `${first} and ${rest.length + 1} more`;
}

export type PayAgainResult =
  | StartCheckoutResult
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string };

export const holdRanOutMessage =
  "The time to pay for this order ran out and its products went back on sale. Start again from your cart to check out with today's prices and stock.";

/**
 * Pay again for a checkout whose orders still wait for payment (after a cancelled popup or a
 * declined card), while its stock is still held for it: the open attempt is resumed when the
 * provider hasn't reported on it, otherwise a new one is made for the same orders. Once the hold has run out the
 * order can't be paid (decision 020): the shopper starts again from the cart.
 */
export async function payAgain(
  context: PaymentContext,
  shopper: { id: string },
  checkoutId: string,
): Promise<PayAgainResult> {
  const now = context.now?.() ?? new Date();
  const attempt = await context.db.transaction(async (tx) => {
    const [checkout] = await tx
      .select()
      .from(checkouts)
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.shopperId, shopper.id)))
      .for("update");
    if (!checkout) return { ok: false as const, status: 404 as const };
    const waiting = await waitingOrders(tx, checkoutId);
    if (waiting.length === 0) {
      return {
        ok: false as const,
        status: 409 as const,
        message: "These orders don't wait for payment any more.",
      };
    }
    if (!holdIsLive(checkout, now)) {
      return { ok: false as const, status: 409 as const, message: holdRanOutMessage };
    }
    return { ok: true as const, ...(await resumeCheckout(tx, checkout, now)) };
  });
  if (!attempt.ok) return attempt;
  if (attempt.kind === "resumed") return { ok: true, payment: attempt.payment };
  if (attempt.kind === "starting") return awaitStartedPayment(context, attempt);
  return initializePayment(context, attempt);
}
