import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { email, type FieldErrors, fieldErrors, nigerianPhone } from "#app/auth/forms.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, products } from "#app/db/schema.server.ts";
import { type DeliveryPlace, deliveryOption, pickupDetails } from "#app/delivery/areas.ts";
import { handoverSettingsOf } from "#app/delivery/settings.server.ts";
import { nairaToKobo } from "#app/money.ts";
import {
  newPaymentReference,
  type PaymentProvider,
  PaymentProviderError,
  paymentDefaults,
} from "#app/payments/provider.server.ts";
import { z } from "#app/zod.ts";
import {
  fulfilmentFieldName,
  isBlocking,
  type LineIssue,
  notesFieldName,
  type Quote,
  type QuotedGroup,
} from "./checkout-quote.ts";
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
});

export type CartLineInput = z.infer<typeof cartLineSchema>;

const cartMessage = "Your cart couldn't be read. Go back to the cart and try again.";

/** The `lines` form field: the cart as JSON. */
export const cartLinesField = z
  .string({ message: cartMessage })
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
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
 * Reprices the cart from the database, prices each business's delivery to the shopper's place
 * (decision 021) and says what stands in the way of paying for it.
 */
export async function quoteCart(
  executor: Executor,
  lines: CartLineInput[],
  handover: HandoverChoice = { place: null, pickup: new Set() },
): Promise<Quote> {
  const ids = lines.map((line) => line.id);
  const rows = await executor
    .select({
      id: products.id,
      name: products.name,
      slug: products.slug,
      priceKobo: products.priceKobo,
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
  const byId = new Map(rows.map((row) => [row.id, row]));
  const groups = new Map<string, QuotedGroup>();
  const unavailable: string[] = [];
  for (const line of lines) {
    const product = byId.get(line.id);
    if (!product) {
      unavailable.push(line.id);
      continue;
    }
    // A size left on a product that no longer has sizes is simply dropped.
    const size = product.sizes.length > 0 ? (line.size ?? null) : null;
    const issues: LineIssue[] = [];
    if (line.amount !== undefined && nairaToKobo(line.amount) !== product.priceKobo) {
      issues.push({ kind: "price_changed", cartUnitKobo: nairaToKobo(line.amount) });
    }
    if (product.sizes.length > 0 && (size === null || !product.sizes.includes(size))) {
      issues.push({ kind: "size_unavailable", sizes: product.sizes });
    }
    if (product.stock === 0) issues.push({ kind: "out_of_stock" });
    else if (line.quantity > product.stock) {
      issues.push({ kind: "short_stock", available: product.stock });
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
    const lineTotalKobo = product.priceKobo * line.quantity;
    group.lines.push({
      productId: product.id,
      name: product.name,
      productSlug: product.slug,
      size,
      quantity: line.quantity,
      unitPriceKobo: product.priceKobo,
      lineTotalKobo,
      issues,
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

const fulfilmentField = z.enum(["delivery", "pickup"], {
  message: "Choose delivery or pickup",
});
const notesField = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters")
  .refine((value) => !/[<>]/.test(value), "Leave out < and >")
  .default("");
const addressText = (label: string, max: number) =>
  z
    .string({ message: `Enter ${label}` })
    .trim()
    .min(1, `Enter ${label}`)
    .max(max, `Use at most ${max} characters`)
    .refine((value) => !/[<>]/.test(value), "Leave out < and >");

const contactSchema = z.object({
  email,
  phone: nigerianPhone(false),
  lines: cartLinesField,
  expectedTotalKobo: z.coerce.number().int().nonnegative(),
});

const deliverySchema = z.object({
  recipient: addressText("the recipient's name", 80),
  line1: addressText("the street address", 120),
  line2: z.string().trim().max(120, "Use at most 120 characters").default(""),
  area: z
    .string()
    .trim()
    .max(60, "Use at most 60 characters")
    .refine((value) => !/[<>]/.test(value), "Leave out < and >")
    .default(""),
  city: addressText("the city", 60),
  state: addressText("the state", 40),
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
  expectedTotalKobo: number;
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
    input: { ...contact.data, orders: orderInputs, deliveryAddress },
  };
}

/** What the browser needs to open the provider's popup (or, without it, go to its page). */
export interface StartedPayment {
  checkoutId: string;
  reference: string;
  accessCode: string;
  authorizationUrl: string;
}

export type StartCheckoutResult =
  | { ok: true; payment: StartedPayment }
  | { ok: false; status: 400; errors: FieldErrors }
  | { ok: false; status: 409; message: string; quote: Quote }
  /** The orders are saved but the provider could not start the payment: pay again later. */
  | { ok: false; status: 502; message: string; checkoutId: string };

class StockRanOut extends Error {}

interface PaymentContext {
  db: Database;
  payments: PaymentProvider;
  log: Logger;
  /** Where the provider sends the shopper back after its own payment page. */
  callbackUrl: string;
  now?: () => Date;
}

/**
 * Takes the lines' quantities off the shelf, in product id order so that two checkouts of the
 * same products never wait for each other in a circle. Throws StockRanOut when one is short.
 */
async function holdStock(tx: Executor, lines: Array<{ productId: string; quantity: number }>) {
  const sorted = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of sorted) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}` })
      .where(
        and(
          eq(products.id, line.productId),
          eq(products.status, "active"),
          sql`${products.stock} >= ${line.quantity}`,
        ),
      )
      .returning({ id: products.id });
    if (taken.length === 0) throw new StockRanOut(line.productId);
  }
}

/** Puts held stock back on the shelf (products deleted since are skipped). */
export async function returnStock(
  tx: Executor,
  lines: Array<{ productId: string | null; quantity: number }>,
) {
  const sorted = lines
    .filter((line): line is { productId: string; quantity: number } => line.productId !== null)
    .sort((a, b) => (a.productId < b.productId ? -1 : 1));
  for (const line of sorted) {
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
}

/** Takes held-then-released stock again for a late payment; false when it has run out. */
export async function retakeStock(
  tx: Executor,
  lines: Array<{ productId: string | null; quantity: number }>,
): Promise<boolean> {
  const present = lines.filter(
    (line): line is { productId: string; quantity: number } => line.productId !== null,
  );
  if (present.length !== lines.length) return false;
  try {
    await tx.transaction(async (savepoint) => holdStock(savepoint, present));
    return true;
  } catch (error) {
    if (error instanceof StockRanOut) return false;
    throw error;
  }
}

function holdUntil(now: Date): Date {
  return new Date(now.getTime() + holdMinutes * 60_000);
}

/**
 * Writes the checkout, its orders and lines, holds the stock and records the payment attempt,
 * in one transaction; then asks the provider to start the payment.
 */
export async function startCheckout(
  context: PaymentContext,
  shopper: { id: string },
  form: FormData,
): Promise<StartCheckoutResult> {
  const parsed = parseCheckoutForm(form);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  const { input } = parsed;
  const now = context.now?.() ?? new Date();

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
      const quote = await quoteCart(tx, input.lines, handover);
      if (quote.blocked) {
        return {
          ok: false as const,
          status: 409 as const,
          message: "Some of your cart can't be bought as it is. Fix the lines marked below.",
          quote,
        };
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
        return { ok: false as const, status: 400 as const, errors: refused };
      }
      if (quote.totalKobo !== input.expectedTotalKobo) {
        return {
          ok: false as const,
          status: 409 as const,
          message:
            "Prices or delivery fees changed while you were checking out. Check the new total and pay again.",
          quote,
        };
      }
      const missing = quote.groups.find((group) => !input.orders.has(group.business.id));
      if (missing) {
        return {
          ok: false as const,
          status: 400 as const,
          errors: {
            [fulfilmentFieldName(missing.business.id)]: "Choose delivery or pickup",
          } as FieldErrors,
        };
      }
      const checkoutId = newId("chk");
      const orderNumbers: string[] = [];
      await tx.insert(checkouts).values({
        id: checkoutId,
        shopperId: shopper.id,
        email: input.email,
        phone: input.phone,
        totalKobo: quote.totalKobo,
        currency: paymentDefaults.currency,
        stockHold: "held",
        holdExpiresAt: holdUntil(now),
        createdAt: now,
        updatedAt: now,
      });
      for (const [position, group] of quote.groups.entries()) {
        const choice = input.orders.get(group.business.id);
        const fulfilment = group.fulfilment;
        const orderId = newId("ord");
        const number = newOrderNumber();
        orderNumbers.push(number);
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
          })),
        );
      }
      await holdStock(
        tx,
        quote.groups.flatMap((group) => group.lines),
      );
      const reference = await recordPaymentAttempt(tx, checkoutId, quote.totalKobo, now);
      return {
        ok: true as const,
        checkoutId,
        reference,
        totalKobo: quote.totalKobo,
        orderNumbers,
        businessNames: quote.groups.map((group) => group.business.name),
      };
    })
    .catch(async (error: unknown) => {
      if (!(error instanceof StockRanOut)) throw error;
      // Someone bought the last units between the quote and the hold: show the cart as it is now.
      const quote = await quoteCart(context.db, input.lines);
      return {
        ok: false as const,
        status: 409 as const,
        message: "Some of your cart sold out just now. Fix the lines marked below.",
        quote,
      };
    });
  if (!written.ok) return written;
  return initializePayment(context, {
    checkoutId: written.checkoutId,
    reference: written.reference,
    amountKobo: written.totalKobo,
    email: input.email,
    orderNumbers: written.orderNumbers,
    businessNames: written.businessNames,
  });
}

async function recordPaymentAttempt(
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

/**
 * Asks the provider to start the attempt written by the caller's (committed) transaction. What
 * the provider is told comes from that transaction, so under a rush of checkouts the winner
 * doesn't queue for the database again before its payment window opens.
 */
async function initializePayment(
  context: PaymentContext,
  attempt: {
    checkoutId: string;
    reference: string;
    amountKobo: number;
    email: string;
    /** In cart order, as the payment's metadata and label name them. */
    orderNumbers: string[];
    businessNames: string[];
  },
): Promise<StartCheckoutResult> {
  try {
    const started = await context.payments.initialize({
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
    });
    await context.db
      .update(payments)
      .set({
        accessCode: started.accessCode,
        authorizationUrl: started.authorizationUrl,
        updatedAt: new Date(),
      })
      .where(eq(payments.reference, attempt.reference));
    return {
      ok: true,
      payment: {
        checkoutId: attempt.checkoutId,
        reference: attempt.reference,
        accessCode: started.accessCode,
        authorizationUrl: started.authorizationUrl,
      },
    };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    context.log.warn(
      { err: error, reference: attempt.reference },
      "the payment provider refused to start a payment",
    );
    await context.db
      .update(payments)
      .set({ status: "failed", detail: error.message, updatedAt: new Date() })
      .where(and(eq(payments.reference, attempt.reference), eq(payments.status, "pending")));
    return {
      ok: false,
      status: 502,
      checkoutId: attempt.checkoutId,
      message:
        "Paystack couldn't start the payment just now. Your order is saved: try paying again in a moment.",
    };
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

/**
 * A new payment attempt for a checkout whose orders still wait for payment (after a cancelled
 * popup, a declined card, or from the order page). Stock that was put back is held again.
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
    const waiting = await tx
      .select({ number: orders.number, business: businesses.name })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(and(eq(orders.checkoutId, checkoutId), eq(orders.status, "pending_payment")))
      .orderBy(asc(orders.position));
    if (waiting.length === 0) {
      return {
        ok: false as const,
        status: 409 as const,
        message: "These orders don't wait for payment any more.",
      };
    }
    if (checkout.stockHold === "released") {
      const lines = await tx
        .select({ productId: orderLines.productId, quantity: orderLines.quantity })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(eq(orders.checkoutId, checkoutId));
      if (!(await retakeStock(tx, lines))) {
        return {
          ok: false as const,
          status: 409 as const,
          message:
            "Some of these products sold out since you ordered. Cancel this order and check out again.",
        };
      }
    }
    await tx
      .update(checkouts)
      .set({ stockHold: "held", holdExpiresAt: holdUntil(now), updatedAt: now })
      .where(eq(checkouts.id, checkoutId));
    const reference = await recordPaymentAttempt(tx, checkoutId, checkout.totalKobo, now);
    return {
      ok: true as const,
      reference,
      email: checkout.email,
      amountKobo: checkout.totalKobo,
      orderNumbers: waiting.map((order) => order.number),
      businessNames: waiting.map((order) => order.business),
    };
  });
  if (!attempt.ok) return attempt;
  return initializePayment(context, { checkoutId, ...attempt });
}
