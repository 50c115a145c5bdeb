import { randomInt } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { orderLines, orders } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, kobo } from "#app/money.ts";
import { vouchers } from "./issued-schema.server.ts";
import { formatDay } from "./offer-terms.ts";
import { formatVoucherCode, voucherCodeAlphabet, voucherCodeLength } from "./voucher-code.ts";
import { vouchersOfCheckout } from "./wallet.server.ts";

/**
 * Issuing vouchers when their order is paid (decision 040): one voucher per unit bought, with the
 * terms its order line copied at checkout. Called inside the payment's confirmation, once per
 * checkout; the unique (order, line, serial) makes a repeat write nothing.
 */
export function newVoucherCode(): string {
  let code = "";
  // randomInt draws without the bias of `byte % 30`.
  for (let index = 0; index < voucherCodeLength; index += 1) {
    code += voucherCodeAlphabet[randomInt(voucherCodeAlphabet.length)];
  }
  return code;
}

/** The last day a voucher bought on `paidAt` is valid: the fixed end, or so many days on. */
export function validUntilOf(
  terms: { validDays: number | null; validUntil: string | null },
  paidAt: Date,
): string {
  if (terms.validUntil) return terms.validUntil;
  const day = new Date(`${lagosToday(paidAt)}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + (terms.validDays ?? 0));
  return day.toISOString().slice(0, 10);
}

export async function issueVouchers(tx: Executor, checkoutId: string, paidAt: Date, now: Date) {
  const lines = await tx
    .select({
      orderId: orders.id,
      shopperId: orders.shopperId,
      businessId: orders.businessId,
      position: orderLines.position,
      offerId: orderLines.voucherOfferId,
      title: orderLines.productName,
      quantity: orderLines.quantity,
      priceKobo: orderLines.unitPriceKobo,
      valueKobo: orderLines.voucherValueKobo,
      validDays: orderLines.voucherValidDays,
      validUntil: orderLines.voucherValidUntil,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.checkoutId, checkoutId),
        eq(orders.status, "paid"),
        isNotNull(orderLines.voucherValueKobo),
      ),
    );
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, index) => ({
      id: newId("vch"),
      code: newVoucherCode(),
      orderId: line.orderId,
      linePosition: line.position,
      serial: index + 1,
      offerId: line.offerId,
      businessId: line.businessId,
      title: line.title,
      ownerId: line.shopperId,
      valueKobo: line.valueKobo ?? 0,
      priceKobo: line.priceKobo,
      balanceKobo: line.valueKobo ?? 0,
      validUntil: validUntilOf(line, paidAt),
      issuedAt: paidAt,
      createdAt: now,
      updatedAt: now,
    })),
  );
  if (rows.length > 0) await tx.insert(vouchers).values(rows).onConflictDoNothing();
}

/** The receipt of a voucher checkout: what was paid, and every code with its value and end. */
export async function queueVoucherReceipt(
  tx: Executor,
  publicUrl: string,
  to: string,
  checkoutId: string,
  totalKobo: number,
) {
  const issued = await vouchersOfCheckout(tx, checkoutId);
  const numbers = [...new Set(issued.map((voucher) => voucher.orderNumber))];
  const count = issued.length;
  const content = renderEmail({
    preview: `${formatNaira(kobo(totalKobo))} paid for ${count === 1 ? "a voucher" : `${count} vouchers`}.`,
    heading: count === 1 ? "Your voucher is ready" : "Your vouchers are ready",
    paragraphs: [
      `We received ${formatNaira(kobo(totalKobo))}. Show ${count === 1 ? "this code" : "a code"} at the business to use ${count === 1 ? "it" : "each voucher"}:`,
      issued
        .map(
          (voucher) =>
            `${formatVoucherCode(voucher.code)} · ${voucher.title} at ${voucher.business} · worth ${formatNaira(kobo(voucher.valueKobo))} until ${formatDay(voucher.validUntil)}`,
        )
        .join("\n"),
      "Keep your codes private: whoever has a code can use it. After a voucher's end date, what you paid for it stays yours as credit at the business.",
    ],
    action: { label: "See your vouchers", url: new URL("/profile/vouchers", publicUrl).toString() },
    footer: `Order ${numbers.join(", ")}. You get this email because you paid on Oja. Keep it as your receipt.`,
  });
  await queueEmail(tx, {
    to,
    subject: `Your Oja vouchers: ${numbers.join(", ")}`,
    kind: "voucher-receipt",
    ...content,
  });
}
