import { createHash } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, ne, or, sql } from "drizzle-orm";
import { email, fieldErrors, nigerianPhone } from "#app/auth/forms.ts";
import { mailboxKey } from "#app/auth/mailbox.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, checkouts, orderLines, orders, voucherOffers } from "#app/db/schema.server.ts";
import { nairaToKobo } from "#app/money.ts";
import {
  type CartLineInput,
  CheckoutRefused,
  cartLinesField,
  heldLinesOf,
  holdStock,
  holdUntil,
  lockShopperCheckouts,
  makeRoomForNewHold,
  type NewAttempt,
  openCheckoutOf,
  type PaymentContext,
  recordPaymentAttempt,
  resumeSameBasket,
  returnStock,
  type StartCheckoutResult,
  StockRanOut,
  startWritten,
} from "#app/orders/checkout.server.ts";
import { defaultHoldLimits } from "#app/orders/hold-limits.ts";
import { newOrderNumber } from "#app/orders/order-number.ts";
import { paymentDefaults } from "#app/payments/provider.server.ts";
import { payoutSubaccountsOf } from "#app/payouts/accounts.server.ts";
import { orderShare, paymentSplit, type RecordedOrder } from "#app/payouts/split.ts";
import { z } from "#app/zod.ts";
import {
  isBlockingVoucherIssue,
  maxVouchersPerLine,
  type VoucherLineIssue,
  type VoucherQuote,
  type VoucherQuotedGroup,
} from "./voucher-quote.ts";

/**
 * The voucher cart's checkout (issue 19, decision 040): the product checkout's path with vouchers
 * instead of goods. The cart is repriced from the offers, one order per business is written, the
 * vouchers are counted as sold (held) for 30 minutes and one payment for everything is started.
 * Nothing is delivered: the payment's confirmation issues the codes.
 */

/** Who is buying: the per-shopper limits count what this account bought and holds unpaid. */
interface Buyer {
  shopperId: string | null;
  /** The buyer's open voucher checkout, whose hold is about to be replaced or resumed. */
  exceptCheckoutId: string | null;
  /**
   * What that checkout still holds of each offer (counted in the offer's sold count): available
   * to this basket, since paying puts it back first. Empty once it was put back.
   */
  ownHeld?: ReadonlyMap<string, number>;
}

/**
 * The shopper's open voucher checkout and what it still holds, for a quote outside checkout
 * (the cart page): paying for the cart replaces or resumes it, so its vouchers are theirs.
 */
export async function openVoucherHold(executor: Executor, shopperId: string): Promise<Buyer> {
  const rows = await executor
    .select({
      checkoutId: checkouts.id,
      held: sql<boolean>`${checkouts.stockHold} = 'held'`,
      offerId: orderLines.voucherOfferId,
      quantity: orderLines.quantity,
    })
    .from(checkouts)
    .innerJoin(orders, eq(orders.checkoutId, checkouts.id))
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(checkouts.shopperId, shopperId),
        eq(checkouts.kind, "vouchers"),
        isNotNull(checkouts.basketKey),
        eq(orders.status, "pending_payment"),
      ),
    );
  const ownHeld = new Map<string, number>();
  for (const row of rows) {
    if (row.held && row.offerId) {
      ownHeld.set(row.offerId, (ownHeld.get(row.offerId) ?? 0) + row.quantity);
    }
  }
  return { shopperId, exceptCheckoutId: rows[0]?.checkoutId ?? null, ownHeld };
}

/**
 * Vouchers of each offer the account bought (paid, not refunded) or holds in a live checkout,
 * other than the one being replaced.
 */
async function boughtOrHeld(
  executor: Executor,
  offerIds: string[],
  buyer: Buyer,
  now: Date,
): Promise<Map<string, number>> {
  if (!buyer.shopperId || offerIds.length === 0) return new Map();
  const rows = await executor
    .select({
      offerId: orderLines.voucherOfferId,
      quantity: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(checkouts, eq(checkouts.id, orders.checkoutId))
    .where(
      and(
        inArray(orderLines.voucherOfferId, offerIds),
        eq(orders.shopperId, buyer.shopperId),
        or(
          inArray(orders.status, ["paid", "fulfilled"]),
          and(
            eq(orders.status, "pending_payment"),
            eq(checkouts.stockHold, "held"),
            gt(checkouts.holdExpiresAt, now),
          ),
        ),
        buyer.exceptCheckoutId ? ne(checkouts.id, buyer.exceptCheckoutId) : undefined,
      ),
    )
    .groupBy(orderLines.voucherOfferId);
  return new Map(rows.flatMap((row) => (row.offerId ? [[row.offerId, row.quantity]] : [])));
}

/**
 * Reprices a voucher cart from the offers and says what stands in the way of paying for it: an
 * offer not on sale, fewer left than asked, or more than one shopper may buy.
 */
export async function quoteVoucherCart(
  executor: Executor,
  lines: CartLineInput[],
  buyer: Buyer = { shopperId: null, exceptCheckoutId: null },
  now = new Date(),
): Promise<VoucherQuote> {
  const ids = lines.map((line) => line.id);
  const today = lagosToday(now);
  const rows = await executor
    .select({
      id: voucherOffers.id,
      title: voucherOffers.title,
      status: voucherOffers.status,
      valueKobo: voucherOffers.valueKobo,
      priceKobo: voucherOffers.priceKobo,
      validDays: voucherOffers.validDays,
      validUntil: voucherOffers.validUntil,
      totalQuantity: voucherOffers.totalQuantity,
      soldCount: voucherOffers.soldCount,
      perShopperLimit: voucherOffers.perShopperLimit,
      businessId: businesses.id,
      businessSlug: businesses.slug,
      businessName: businesses.name,
    })
    .from(voucherOffers)
    .innerJoin(businesses, eq(businesses.id, voucherOffers.businessId))
    .where(and(inArray(voucherOffers.id, ids), eq(businesses.status, "active")));
  const byOffer = new Map(rows.map((row) => [row.id, row]));
  const taken = await boughtOrHeld(executor, ids, buyer, now);
  const groups = new Map<string, VoucherQuotedGroup>();
  const unavailable: string[] = [];
  for (const line of lines) {
    const offer = byOffer.get(line.id);
    if (!offer) {
      unavailable.push(line.id);
      continue;
    }
    const issues: VoucherLineIssue[] = [];
    if (line.amount !== undefined && nairaToKobo(line.amount) !== offer.priceKobo) {
      issues.push({ kind: "price_changed", cartUnitKobo: nairaToKobo(line.amount) });
    }
    const left =
      offer.totalQuantity === null
        ? Number.POSITIVE_INFINITY
        : offer.totalQuantity - offer.soldCount + (buyer.ownHeld?.get(offer.id) ?? 0);
    const shopperLeft =
      offer.perShopperLimit === null
        ? Number.POSITIVE_INFINITY
        : Math.max(offer.perShopperLimit - (taken.get(offer.id) ?? 0), 0);
    if (
      offer.status !== "active" ||
      (offer.validUntil !== null && offer.validUntil < today) ||
      left <= 0
    ) {
      issues.push({ kind: "not_on_sale" });
    } else if (line.quantity > shopperLeft) {
      issues.push({ kind: "limit", allowed: shopperLeft, reason: "shopper" });
    } else if (line.quantity > left) {
      issues.push({ kind: "short", available: left });
    } else if (line.quantity > maxVouchersPerLine) {
      issues.push({ kind: "limit", allowed: maxVouchersPerLine, reason: "line" });
    }
    let group = groups.get(offer.businessId);
    if (!group) {
      group = {
        business: { id: offer.businessId, slug: offer.businessSlug, name: offer.businessName },
        lines: [],
        subtotalKobo: 0,
      };
      groups.set(offer.businessId, group);
    }
    const lineTotalKobo = offer.priceKobo * line.quantity;
    group.lines.push({
      offerId: offer.id,
      title: offer.title,
      quantity: line.quantity,
      unitPriceKobo: offer.priceKobo,
      valueKobo: offer.valueKobo,
      validDays: offer.validDays,
      validUntil: offer.validUntil,
      lineTotalKobo,
      issues,
    });
    group.subtotalKobo += lineTotalKobo;
  }
  const quoted = [...groups.values()];
  return {
    groups: quoted,
    unavailable,
    totalKobo: quoted.reduce((sum, group) => sum + group.subtotalKobo, 0),
    blocked:
      unavailable.length > 0 ||
      quoted.some((group) => group.lines.some((line) => line.issues.some(isBlockingVoucherIssue))),
  };
}

const voucherCheckoutSchema = z.object({
  email,
  phone: nigerianPhone(false),
  lines: cartLinesField,
  expectedTotalKobo: z.coerce.number().int().nonnegative(),
});

type VoucherCheckoutInput = z.infer<typeof voucherCheckoutSchema>;

export type StartVoucherCheckoutResult = StartCheckoutResult<VoucherQuote>;

/** The basket as repriced, with the contact: a second Pay with the same one resumes it. */
function voucherBasketKey(quote: VoucherQuote, input: VoucherCheckoutInput): string {
  const lines = quote.groups
    .flatMap((group) => group.lines)
    .map((line) => [line.offerId, line.quantity, line.unitPriceKobo] as const)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash("sha256")
    .update(
      JSON.stringify({
        kind: "vouchers",
        lines,
        email: input.email,
        phone: input.phone,
        totalKobo: quote.totalKobo,
      }),
    )
    .digest("base64url");
}

/**
 * Writes the voucher checkout, its orders and lines, counts the vouchers as sold and records the
 * payment attempt in one transaction; then asks the provider to start the payment. One open
 * voucher checkout per shopper, resumed for the same basket and replaced for another, exactly as
 * the product checkout does (decision 020).
 */
export async function startVoucherCheckout(
  context: PaymentContext,
  shopper: { id: string; clientAddress?: string | null },
  form: FormData,
): Promise<StartVoucherCheckoutResult> {
  const parsed = voucherCheckoutSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const input = parsed.data;
  const now = context.now?.() ?? new Date();
  const limits = context.holdLimits ?? defaultHoldLimits;
  const who = { id: shopper.id, email: input.email, clientAddress: shopper.clientAddress ?? null };

  const written = await context.db
    .transaction(async (tx) => {
      await lockShopperCheckouts(tx, who);
      const open = await openCheckoutOf(tx, shopper.id, "vouchers", now);
      // Its vouchers go back on sale first, so this basket may have them; a refusal undoes it.
      if (open?.stockHold === "held") await returnStock(tx, await heldLinesOf(tx, open.id));
      const quote = await quoteVoucherCart(
        tx,
        input.lines,
        { shopperId: shopper.id, exceptCheckoutId: open?.id ?? null },
        now,
      );
      if (quote.blocked) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message:
            "Some of your voucher cart can't be bought as it is. Fix the lines marked below.",
          quote,
        });
      }
      if (quote.totalKobo !== input.expectedTotalKobo) {
        throw new CheckoutRefused({
          ok: false,
          status: 409,
          message: "Prices changed while you were checking out. Check the new total and pay again.",
          quote,
        });
      }
      const basketKey = voucherBasketKey(quote, input);
      const resumed = await resumeSameBasket(tx, open, basketKey, now);
      if (resumed) return resumed;
      await makeRoomForNewHold(tx, who, open, basketKey, { now, limits });
      return writeVoucherOrders(tx, context, {
        shopperId: shopper.id,
        input,
        quote,
        basketKey,
        who,
        now,
      });
    })
    .catch(async (error: unknown) => {
      if (error instanceof CheckoutRefused) {
        return (error as CheckoutRefused<VoucherQuote>).result;
      }
      if (!(error instanceof StockRanOut)) throw error;
      // Someone bought the last vouchers between the quote and the hold: show the cart as it is.
      const quote = await quoteVoucherCart(context.db, input.lines, {
        shopperId: shopper.id,
        exceptCheckoutId: null,
      });
      return {
        ok: false as const,
        status: 409 as const,
        message: "Some of your vouchers sold out just now. Fix the lines marked below.",
        quote,
      };
    });
  return startWritten(context, written);
}

async function writeVoucherOrders(
  tx: Executor,
  context: PaymentContext,
  {
    shopperId,
    input,
    quote,
    basketKey,
    who,
    now,
  }: {
    shopperId: string;
    input: VoucherCheckoutInput;
    quote: VoucherQuote;
    basketKey: string;
    who: { email: string; clientAddress: string | null };
    now: Date;
  },
): Promise<NewAttempt> {
  const checkoutId = newId("chk");
  await tx.insert(checkouts).values({
    id: checkoutId,
    kind: "vouchers",
    shopperId,
    email: input.email,
    phone: input.phone,
    totalKobo: quote.totalKobo,
    currency: paymentDefaults.currency,
    stockHold: "held",
    holdExpiresAt: holdUntil(now),
    basketKey,
    emailKey: mailboxKey(who.email),
    clientAddress: who.clientAddress,
    createdAt: now,
    updatedAt: now,
  });
  const subaccounts = await payoutSubaccountsOf(
    tx,
    quote.groups.map((group) => group.business.id),
  );
  const orderNumbers: string[] = [];
  const recorded: RecordedOrder[] = [];
  for (const [position, group] of quote.groups.entries()) {
    const orderId = newId("ord");
    const number = newOrderNumber();
    orderNumbers.push(number);
    // Oja's commission is on the price paid, as on goods (decision 026).
    const amounts = { subtotalKobo: group.subtotalKobo, deliveryFeeKobo: 0 };
    const { commissionKobo } = orderShare(amounts, context.commissionRateBp);
    const payoutSubaccount = subaccounts.get(group.business.id) ?? null;
    recorded.push({ ...amounts, commissionKobo, payoutSubaccount });
    await tx.insert(orders).values({
      id: orderId,
      number,
      checkoutId,
      shopperId,
      businessId: group.business.id,
      position,
      kind: "vouchers",
      fulfilment: null,
      deliveryAddress: null,
      subtotalKobo: group.subtotalKobo,
      commissionRateBp: context.commissionRateBp,
      commissionKobo,
      payoutSubaccount,
      createdAt: now,
      updatedAt: now,
    });
    // The terms as the shopper saw them: the vouchers issued on payment copy these.
    await tx.insert(orderLines).values(
      group.lines.map((line, linePosition) => ({
        orderId,
        position: linePosition,
        voucherOfferId: line.offerId,
        productName: line.title,
        unitPriceKobo: line.unitPriceKobo,
        quantity: line.quantity,
        voucherValueKobo: line.valueKobo,
        voucherValidDays: line.validDays,
        voucherValidUntil: line.validUntil,
      })),
    );
  }
  await holdStock(
    tx,
    quote.groups.flatMap((group) =>
      group.lines.map((line) => ({
        productId: null,
        voucherOfferId: line.offerId,
        quantity: line.quantity,
      })),
    ),
  );
  const reference = await recordPaymentAttempt(tx, checkoutId, quote.totalKobo, now);
  return {
    kind: "new",
    checkoutId,
    reference,
    amountKobo: quote.totalKobo,
    email: input.email,
    orderNumbers,
    businessNames: quote.groups.map((group) => group.business.name),
    split: paymentSplit(recorded),
  };
}
