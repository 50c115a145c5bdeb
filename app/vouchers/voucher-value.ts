/**
 * What a voucher is worth at the till today (decision 041). Until the end of its last valid day
 * (Lagos) all that is left of its value; after it the promotional extra (value − price) is lost
 * and the price paid stays as credit, less whatever was used: "the price paid never expires".
 *
 *   ₦25,000 bought for ₦18,000, ₦10,000 used before the end → ₦15,000 left → ₦8,000 of credit.
 */
export interface VoucherAmounts {
  valueKobo: number;
  priceKobo: number;
  balanceKobo: number;
  /** The last valid day, "YYYY-MM-DD" (Lagos). */
  validUntil: string;
  status: "active" | "redeemed" | "expired" | "refunded";
}

/** Whether the voucher's own value has ended and only credit is left (`today` in Lagos). */
export function pastEnd(voucher: Pick<VoucherAmounts, "validUntil">, today: string): boolean {
  return voucher.validUntil < today;
}

export function redeemableKobo(voucher: VoucherAmounts, today: string): number {
  if (voucher.status === "refunded" || voucher.status === "redeemed") return 0;
  if (!pastEnd(voucher, today)) return voucher.balanceKobo;
  const lostExtra = voucher.valueKobo - voucher.priceKobo;
  return Math.max(voucher.balanceKobo - lostExtra, 0);
}
