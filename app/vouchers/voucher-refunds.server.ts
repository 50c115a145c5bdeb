import { and, eq } from "drizzle-orm";
import type { Executor } from "#app/db/database.server.ts";
import { vouchers } from "./issued-schema.server.ts";

/**
 * Refunds of a vouchers order (issue 19): through the provider, whole, and only while none of
 * its vouchers has been used (a code redeemed at the business is value the shopper received).
 * The vouchers are locked here, so a redemption and a refund at the same moment can't both win.
 * Null when the refund may go ahead, else why not.
 */
export async function voucherRefundRefusal(
  tx: Executor,
  orderId: string,
  whole: boolean,
): Promise<string | null> {
  const held = await tx
    .select({
      status: vouchers.status,
      valueKobo: vouchers.valueKobo,
      balanceKobo: vouchers.balanceKobo,
    })
    .from(vouchers)
    .where(eq(vouchers.orderId, orderId))
    .for("update");
  // A refunded voucher (a refund retried after the provider failed it) wasn't used.
  const used = held.some(
    (voucher) => voucher.status === "redeemed" || voucher.balanceKobo < voucher.valueKobo,
  );
  if (used) {
    return "A voucher of this order has been used, so the order can't be refunded.";
  }
  if (!whole) return "A vouchers order is refunded whole: its vouchers can't be split.";
  return null;
}

/** The order's vouchers can't be used any more: their money went back. */
export async function refundOrderVouchers(tx: Executor, orderId: string, now: Date) {
  await tx
    .update(vouchers)
    .set({ status: "refunded", updatedAt: now })
    .where(and(eq(vouchers.orderId, orderId), eq(vouchers.status, "active")));
}
