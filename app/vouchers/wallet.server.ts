import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Executor } from "#app/db/database.server.ts";
import { businesses, orders } from "#app/db/schema.server.ts";
import { type Kobo, kobo } from "#app/money.ts";
import { qrImage } from "#app/qr.server.ts";
import { voucherGifts, vouchers } from "./issued-schema.server.ts";
import { redemptionsOfOwner } from "./redemption.server.ts";
import { formatVoucherCode } from "./voucher-code.ts";
import type { VoucherTicketData } from "./voucher-ticket.tsx";
import { pastEnd, redeemableKobo } from "./voucher-value.ts";

/**
 * The vouchers a shopper holds, as their pages show them (decision 040): a checkout's on its
 * payment page and receipt, and every one they own in /profile/vouchers. Every query is scoped
 * to the owner, so another person's voucher is simply not found.
 */
const voucherColumns = {
  id: vouchers.id,
  code: vouchers.code,
  title: vouchers.title,
  offerId: vouchers.offerId,
  valueKobo: vouchers.valueKobo,
  priceKobo: vouchers.priceKobo,
  balanceKobo: vouchers.balanceKobo,
  validUntil: vouchers.validUntil,
  status: vouchers.status,
  issuedAt: vouchers.issuedAt,
  orderNumber: orders.number,
  business: businesses.name,
  businessSlug: businesses.slug,
  giftId: voucherGifts.id,
  giftStatus: voucherGifts.status,
  giftRecipient: voucherGifts.recipientName,
  giftDeliverOn: voucherGifts.deliverOn,
};

function selectVouchers(executor: Executor, where: SQL | undefined) {
  return (
    executor
      .select(voucherColumns)
      .from(vouchers)
      .innerJoin(orders, eq(orders.id, vouchers.orderId))
      .innerJoin(businesses, eq(businesses.id, vouchers.businessId))
      // The gift it is on its way as, if any (one at a time: decision 042).
      .leftJoin(
        voucherGifts,
        and(
          eq(voucherGifts.voucherId, vouchers.id),
          inArray(voucherGifts.status, ["scheduled", "sent"]),
        ),
      )
      .where(where)
  );
}

/** A checkout's vouchers, in the order they were bought: its receipt. */
export async function vouchersOfCheckout(executor: Executor, checkoutId: string) {
  return selectVouchers(executor, eq(orders.checkoutId, checkoutId)).orderBy(
    asc(orders.position),
    asc(vouchers.linePosition),
    asc(vouchers.serial),
  );
}

/** The vouchers of a checkout that this shopper still holds (a gift they sent leaves the list). */
export async function ownVouchersOfCheckout(
  executor: Executor,
  ownerId: string,
  checkoutId: string,
) {
  const rows = await selectVouchers(
    executor,
    and(eq(orders.checkoutId, checkoutId), eq(vouchers.ownerId, ownerId)),
  ).orderBy(asc(orders.position), asc(vouchers.linePosition), asc(vouchers.serial));
  return rows.map((row) => toVoucherView(row));
}

/** Every voucher the shopper holds, newest first, each with its uses at the business. */
export async function vouchersOfOwner(executor: Executor, ownerId: string) {
  const [rows, uses] = await Promise.all([
    selectVouchers(executor, eq(vouchers.ownerId, ownerId)).orderBy(
      desc(vouchers.issuedAt),
      asc(vouchers.linePosition),
      asc(vouchers.serial),
    ),
    redemptionsOfOwner(executor, ownerId),
  ]);
  return rows.map((row) => ({
    ...toVoucherView(row),
    uses: uses
      .filter((use) => use.voucherId === row.id)
      .map((use) => ({ amountKobo: kobo(use.amountKobo), at: use.at.toISOString() })),
  }));
}

/** A held voucher as its pages show it (the ticket's data), with what the order adds. */
export interface VoucherView extends VoucherTicketData {
  priceKobo: Kobo;
  orderNumber: string;
}

function toVoucherView(
  row: Awaited<ReturnType<typeof vouchersOfCheckout>>[number],
  now = new Date(),
): VoucherView {
  const today = lagosToday(now);
  const gift =
    row.giftId && (row.giftStatus === "scheduled" || row.giftStatus === "sent")
      ? {
          id: row.giftId,
          status: row.giftStatus,
          recipientName: row.giftRecipient ?? "",
          deliverOn: row.giftDeliverOn ?? "",
        }
      : null;
  return {
    id: row.id,
    code: gift ? null : formatVoucherCode(row.code),
    // The QR holds the code as stored, so a scanner reads exactly what staff would type.
    qr: gift ? null : qrImage(row.code, "Alphanumeric"),
    title: row.title,
    offerId: row.offerId,
    valueKobo: kobo(row.valueKobo),
    priceKobo: kobo(row.priceKobo),
    balanceKobo: kobo(row.balanceKobo),
    validUntil: row.validUntil,
    status: row.status,
    redeemableKobo: kobo(redeemableKobo(row, today)),
    pastEnd: pastEnd(row, today),
    orderNumber: row.orderNumber,
    business: { name: row.business, slug: row.businessSlug },
    gift,
  };
}

/** How many vouchers the shopper holds, and how many of them can be used now. */
export async function voucherCountsOf(executor: Executor, ownerId: string) {
  const [row] = await executor
    .select({
      all: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${vouchers.status} = 'active'))::int`,
    })
    .from(vouchers)
    .where(eq(vouchers.ownerId, ownerId));
  return { all: row?.all ?? 0, active: row?.active ?? 0 };
}

/** The shopper's vouchers and the gifts they sent, for "Download my data". */
export async function vouchersForExport(executor: Executor, userId: string) {
  const [held, uses, gifts] = await Promise.all([
    selectVouchers(executor, eq(vouchers.ownerId, userId)).orderBy(asc(vouchers.issuedAt)),
    redemptionsOfOwner(executor, userId),
    executor
      .select({
        voucher: vouchers.title,
        recipientName: voucherGifts.recipientName,
        recipientEmail: voucherGifts.recipientEmail,
        message: voucherGifts.message,
        deliverOn: voucherGifts.deliverOn,
        status: voucherGifts.status,
        sentAt: voucherGifts.sentAt,
        claimedAt: voucherGifts.claimedAt,
        createdAt: voucherGifts.createdAt,
      })
      .from(voucherGifts)
      .innerJoin(vouchers, eq(vouchers.id, voucherGifts.voucherId))
      .where(eq(voucherGifts.giverId, userId))
      .orderBy(asc(voucherGifts.createdAt)),
  ]);
  return {
    vouchers: held.map((row) => ({
      // The code is left out while it is on its way to a friend: it is theirs then.
      code: row.giftId ? null : formatVoucherCode(row.code),
      title: row.title,
      business: row.business,
      order: row.orderNumber,
      valueKobo: row.valueKobo,
      priceKobo: row.priceKobo,
      balanceKobo: row.balanceKobo,
      validUntil: row.validUntil,
      status: row.status,
      issuedAt: row.issuedAt,
      uses: uses
        .filter((use) => use.voucherId === row.id)
        .map((use) => ({ amountKobo: use.amountKobo, fromCredit: use.fromCredit, at: use.at })),
    })),
    giftsSent: gifts,
  };
}
