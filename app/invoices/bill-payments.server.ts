import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { users } from "#app/auth/schema.server.ts";
import { businesses } from "#app/catalog/schema.server.ts";
import { businessMembers } from "#app/console/schema.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, type Kobo, kobo } from "#app/money.ts";
import { startPaymentAttempt } from "#app/orders/checkout.server.ts";
import { payments, refunds } from "#app/orders/schema.server.ts";
import {
  newPaymentReference,
  type PaymentProvider,
  paymentDefaults,
} from "#app/payments/provider.server.ts";
import { payoutSubaccountsOf } from "#app/payouts/accounts.server.ts";
import { orderShare, paymentSplit } from "#app/payouts/split.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import { pointsText } from "#app/points/points-text.ts";
import { pointsForKobo } from "#app/points/tiers.ts";
import { type InvoiceFieldErrors, invoiceFieldErrors, payerFormSchema } from "./invoice-input.ts";
import {
  invoiceNumberLabel,
  notPayableMessages,
  payLinkAmountProblem,
  payLinkState,
} from "./invoice-state.ts";
import { publicInvoice, publicPayLink } from "./invoices.server.ts";
import { invoices, payLinks } from "./schema.server.ts";

/**
 * Paying a bill (issue 24, decision 060): an invoice, or one payment through a pay link, at
 * /pay/{publicId}, signed in or not. A payment row is written for it like a checkout's, and the
 * one confirmation (confirm.server.ts: the provider's verify or signed webhook, amount and
 * currency checked, the payment row locked) hands a successful one to `confirmBillPayment`.
 * There, under the invoice's or the link's row lock, an invoice is paid once and a link counted
 * up to its limit; a payment that comes too late (the invoice paid by someone else meanwhile, or
 * voided; the link used up) is refunded whole at once, and its payer told.
 */

/** What /pay/{publicId} pays: an invoice or a pay link; null when the id is neither. */
export async function billToPay(db: Database, publicId: string, now = new Date()) {
  const invoice = await publicInvoice(db, publicId, now);
  if (invoice) return { kind: "invoice" as const, invoice };
  const link = await publicPayLink(db, publicId, now);
  if (link) return { kind: "payLink" as const, link };
  return null;
}

export type BillToPay = NonNullable<Awaited<ReturnType<typeof billToPay>>>;

export interface BillPaymentContext {
  db: Database;
  payments: PaymentProvider;
  log: Logger;
  publicUrl: string;
  commissionRateBp: number;
  now?: () => Date;
}

export interface StartedBillPayment {
  reference: string;
  accessCode: string;
  authorizationUrl: string;
}

export type StartBillResult =
  | { ok: true; payment: StartedBillPayment }
  | { ok: false; status: 404 }
  | { ok: false; status: 400; errors: InvoiceFieldErrors }
  /** 429: too many payments started (checkout's limits). */
  | { ok: false; status: 409 | 429 | 502; message: string };

/**
 * Starts paying a bill: checks the payer's form and that the bill can be paid now, writes the
 * payment attempt (one transaction), then asks the provider to start it. Each press is its own
 * attempt; two payers of one invoice each get a payment window, and the confirmation takes only
 * the first payment (the other is refunded).
 */
export async function startBillPayment(
  context: BillPaymentContext,
  publicId: string,
  form: FormData,
  payer: { id: string } | null,
): Promise<StartBillResult> {
  const now = context.now?.() ?? new Date();
  if (publicId.length > 64) return { ok: false, status: 404 };
  const values = Object.fromEntries(
    ["email", "phone", "amount"].map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
  const parsed = payerFormSchema.safeParse(values);
  const attempt = await context.db.transaction(async (tx) => {
    // The invoice is locked so that a start and a confirmation don't cross; a link is only read
    // (each payment through it is its own; the confirmation counts under the link's lock).
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.publicId, publicId), isNotNull(invoices.sentAt)))
      .for("update");
    const [link] = invoice
      ? []
      : await tx.select().from(payLinks).where(eq(payLinks.publicId, publicId));
    const refusal = invoice ? invoiceRefusal(invoice) : link ? linkRefusal(link, now) : null;
    if (!invoice && !link) return { ok: false as const, status: 404 as const };
    if (refusal) return { ok: false as const, status: 409 as const, message: refusal };
    if (!parsed.success) {
      return {
        ok: false as const,
        status: 400 as const,
        errors: invoiceFieldErrors(parsed.error, []),
      };
    }
    let amountKobo = invoice?.totalKobo ?? link?.amountKobo ?? 0;
    if (link?.amountKind === "open") {
      const problem =
        parsed.data.amountKobo === null
          ? "Enter the amount you are paying"
          : payLinkAmountProblem(link, parsed.data.amountKobo);
      if (problem) {
        return { ok: false as const, status: 400 as const, errors: { amount: problem } };
      }
      amountKobo = parsed.data.amountKobo ?? 0;
    }
    const businessId = invoice?.businessId ?? link?.businessId ?? "";
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    // The business's share goes to its Paystack subaccount when it has one, less Oja's
    // commission, as for an order's items (decision 026); otherwise Oja pays it by transfer.
    const subaccount = (await payoutSubaccountsOf(tx, [businessId])).get(businessId) ?? null;
    const { commissionKobo } = orderShare(
      { subtotalKobo: amountKobo, deliveryFeeKobo: 0 },
      context.commissionRateBp,
    );
    const reference = newPaymentReference(now.getTime());
    await tx.insert(payments).values({
      id: newId("pay"),
      invoiceId: invoice?.id ?? null,
      payLinkId: link?.id ?? null,
      payerEmail: parsed.data.email,
      payerPhone: parsed.data.phone,
      payerId: payer?.id ?? null,
      commissionRateBp: context.commissionRateBp,
      commissionKobo,
      payoutSubaccount: subaccount,
      reference,
      amountKobo,
      currency: paymentDefaults.currency,
      createdAt: now,
      updatedAt: now,
    });
    return {
      ok: true as const,
      reference,
      amountKobo,
      email: parsed.data.email,
      label: business?.name ?? "Oja",
      metadata: invoice
        ? { invoice: invoiceNumberLabel(invoice.number ?? 0) }
        : { pay_link: link?.publicId },
      split: paymentSplit([
        {
          subtotalKobo: amountKobo,
          deliveryFeeKobo: 0,
          commissionKobo,
          payoutSubaccount: subaccount,
        },
      ]),
    };
  });
  if (!attempt.ok) return attempt;
  const started = await startPaymentAttempt(context, {
    email: attempt.email,
    amountKobo: attempt.amountKobo,
    currency: paymentDefaults.currency,
    reference: attempt.reference,
    channels: paymentDefaults.channels,
    metadata: attempt.metadata,
    label: attempt.label,
    callbackUrl: new URL("/pay/callback", context.publicUrl).toString(),
    split: attempt.split,
  });
  if (!started) {
    return {
      ok: false,
      status: 502,
      message: "Paystack couldn't start the payment just now. Nothing was taken: try again.",
    };
  }
  return { ok: true, payment: started };
}

function invoiceRefusal(invoice: { status: string }): string | null {
  if (invoice.status === "sent") return null;
  return notPayableMessages[invoice.status === "paid" ? "paid" : "void"];
}

function linkRefusal(link: Parameters<typeof payLinkState>[0], now: Date): string | null {
  const state = payLinkState(link, now);
  return state === "active" ? null : notPayableMessages[state];
}

type PaymentRow = typeof payments.$inferSelect;

interface PaidFields {
  paidAt: Date;
  providerTransactionId: string | null;
  channel: string | null;
  detail: string;
  updatedAt: Date;
}

/**
 * The bill's side of a successful payment, inside the confirmation's transaction (the payment
 * row is locked; amount and currency were checked). Paid: the invoice is marked paid, or the link
 * counted, the payer earns points (signed in), and both sides get a receipt. Refunded: the
 * invoice was paid by another payment or voided, or the link used up, meanwhile; the money goes
 * back whole and the payer is told why.
 */
export async function confirmBillPayment(
  tx: Executor,
  publicUrl: string,
  payment: PaymentRow,
  paid: PaidFields,
  charged: { amountKobo: number },
  now: Date,
): Promise<"paid" | "refunded"> {
  const bill = await lockBill(tx, payment);
  if (bill.refusal) {
    await tx
      .update(payments)
      .set({ ...paid, status: "duplicate" })
      .where(eq(payments.id, payment.id));
    await tx.insert(refunds).values({
      id: newId("rfd"),
      paymentId: payment.id,
      // All that was charged goes back, fees passed on to the payer included.
      amountKobo: charged.amountKobo,
      reason: notPayableMessages[bill.refusal],
      createdAt: now,
      updatedAt: now,
    });
    await queueBillReturned(tx, publicUrl, payment, bill, notPayableMessages[bill.refusal]);
    return "refunded";
  }
  await tx
    .update(payments)
    .set({ ...paid, status: "success" })
    .where(eq(payments.id, payment.id));
  if (payment.invoiceId) {
    await tx
      .update(invoices)
      .set({ status: "paid", paidAt: paid.paidAt, updatedAt: now })
      .where(eq(invoices.id, payment.invoiceId));
  } else if (payment.payLinkId) {
    await tx
      .update(payLinks)
      .set({ paidCount: sql`${payLinks.paidCount} + 1`, updatedAt: now })
      .where(eq(payLinks.id, payment.payLinkId));
  }
  const points = payment.payerId ? pointsForKobo(payment.amountKobo) : 0;
  if (payment.payerId && points > 0) {
    await recordPoints(
      tx,
      {
        userId: payment.payerId,
        kind: "pending",
        pendingDelta: points,
        cause: billPaymentCause(payment.id),
        businessId: bill.businessId,
        note: `${bill.title} at ${bill.businessName}`,
      },
      now,
    );
  }
  await queueBillReceipts(tx, publicUrl, payment, bill, points);
  return "paid";
}

export const billPaymentCause = (paymentId: string) => `bill-payment:${paymentId}`;

interface LockedBill {
  businessId: string;
  businessName: string;
  businessSlug: string;
  publicId: string;
  /** "Invoice INV-0007", or the link's description. */
  title: string;
  refusal: "paid" | "void" | "used_up" | null;
}

/** The invoice or link of a payment, locked, and why it can't take this payment (if so). */
async function lockBill(tx: Executor, payment: PaymentRow): Promise<LockedBill> {
  if (payment.invoiceId) {
    const [invoice] = await tx
      .select()
      .from(invoices)
      .where(eq(invoices.id, payment.invoiceId))
      .for("update");
    if (!invoice) throw new Error(`payment ${payment.id} has no invoice`);
    const business = await businessOf(tx, invoice.businessId);
    return {
      ...business,
      publicId: invoice.publicId,
      title: `Invoice ${invoiceNumberLabel(invoice.number ?? 0)}`,
      refusal: invoice.status === "sent" ? null : invoice.status === "void" ? "void" : "paid",
    };
  }
  if (!payment.payLinkId) throw new Error(`payment ${payment.id} pays for nothing`);
  const [link] = await tx
    .select()
    .from(payLinks)
    .where(eq(payLinks.id, payment.payLinkId))
    .for("update");
  if (!link) throw new Error(`payment ${payment.id} has no pay link`);
  const business = await businessOf(tx, link.businessId);
  return {
    ...business,
    publicId: link.publicId,
    title: link.description,
    // A payment started while the link was open is honoured after it expires or is archived (the
    // payer did pay in time); only the limit is hard: the link's check never lets it pass.
    refusal: link.quantityLimit !== null && link.paidCount >= link.quantityLimit ? "used_up" : null,
  };
}

async function businessOf(tx: Executor, businessId: string) {
  const [business] = await tx
    .select({ name: businesses.name, slug: businesses.slug })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) throw new Error(`no business ${businessId}`);
  return { businessId, businessName: business.name, businessSlug: business.slug };
}

/** The receipts of a paid bill: one to the payer, one to each owner and manager. */
async function queueBillReceipts(
  tx: Executor,
  publicUrl: string,
  payment: PaymentRow,
  bill: LockedBill,
  points: number,
) {
  const amount = formatNaira(kobo(payment.amountKobo));
  const billUrl = new URL(
    payment.invoiceId ? `/invoices/${bill.publicId}` : `/pay/${bill.publicId}`,
    publicUrl,
  ).toString();
  const payerContent = renderEmail({
    preview: `${amount} paid to ${bill.businessName}.`,
    heading: "Thank you: your payment went through",
    paragraphs: [
      `We received ${amount} for ${bill.title} from ${bill.businessName}.`,
      `Payment reference: ${payment.reference}`,
      ...(points > 0
        ? [`You earn ${pointsText(points)}, yours to spend in 7 days in Oja's reward shop.`]
        : []),
    ],
    action: { label: payment.invoiceId ? "See the invoice" : "See what you paid", url: billUrl },
    footer: "You get this email because you paid on Oja. Keep it as your receipt.",
  });
  await queueEmail(tx, {
    to: payment.payerEmail ?? "",
    subject: `Your Oja receipt: ${amount} to ${bill.businessName}`,
    kind: "bill-receipt",
    ...payerContent,
  });
  const members = await tx
    .select({ email: users.email })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(
      and(
        eq(businessMembers.businessId, bill.businessId),
        inArray(businessMembers.role, ["owner", "manager"]),
      ),
    )
    .orderBy(asc(users.email));
  const consoleUrl = new URL(
    `/vendor/${bill.businessSlug}/${payment.invoiceId ? "invoices" : "pay-links"}`,
    publicUrl,
  ).toString();
  const businessContent = renderEmail({
    preview: `${amount} paid for ${bill.title}.`,
    heading: `${bill.title}: ${amount} paid`,
    paragraphs: [
      `${payment.payerEmail}${payment.payerPhone ? ` (${payment.payerPhone})` : ""} paid ${amount} for ${bill.title}.`,
      `Payment reference: ${payment.reference}`,
    ],
    action: { label: "Open the console", url: consoleUrl },
    footer: `You get this email as an owner or manager of ${bill.businessName} on Oja.`,
  });
  for (const member of members) {
    await queueEmail(tx, {
      to: member.email,
      subject: `Paid: ${bill.title}, ${amount}`,
      kind: "business-bill-paid",
      ...businessContent,
    });
  }
}

async function queueBillReturned(
  tx: Executor,
  publicUrl: string,
  payment: PaymentRow,
  bill: LockedBill,
  why: string,
) {
  const amount = formatNaira(kobo(payment.amountKobo));
  const content = renderEmail({
    preview: `${amount} is on its way back to you.`,
    heading: "Your payment is being returned",
    paragraphs: [
      `Your payment for ${bill.title} from ${bill.businessName} arrived when it could no longer be taken. ${why}`,
      `We have asked Paystack to return ${amount} to the card or account you paid with. Banks usually take 3 to 10 working days to show it.`,
    ],
    action: {
      label: "See the bill",
      url: new URL(
        payment.invoiceId ? `/invoices/${bill.publicId}` : `/pay/${bill.publicId}`,
        publicUrl,
      ).toString(),
    },
    footer: "You get this email because you paid on Oja.",
  });
  await queueEmail(tx, {
    to: payment.payerEmail ?? "",
    subject: `Your Oja payment of ${amount} is being returned`,
    kind: "payment-returned",
    ...content,
  });
}

/**
 * A payment of the bill `publicId` by its reference (the page after paying): what the payer
 * sees, or null when the reference isn't this bill's.
 */
export async function billPaymentByReference(db: Database, publicId: string, reference: string) {
  if (reference.length > 100) return null;
  const [row] = await db
    .select({
      reference: payments.reference,
      status: payments.status,
      amountKobo: payments.amountKobo,
      payerEmail: payments.payerEmail,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(payLinks, eq(payLinks.id, payments.payLinkId))
    .where(
      and(
        eq(payments.reference, reference),
        or(eq(invoices.publicId, publicId), eq(payLinks.publicId, publicId)),
      ),
    );
  return row ? { ...row, amountKobo: kobo(row.amountKobo) } : null;
}

/** The public id of the bill a payment pays, for the provider's redirect; null if none. */
export async function billOfPayment(db: Database, reference: string) {
  const [row] = await db
    .select({ invoice: invoices.publicId, link: payLinks.publicId })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(payLinks, eq(payLinks.id, payments.payLinkId))
    .where(eq(payments.reference, reference));
  return row?.invoice ?? row?.link ?? null;
}

/**
 * The payments through the business's pay links, newest first, by link (the console's list):
 * who paid (the email and phone they gave), how much and when. At most the latest 1,000.
 */
export async function payLinkPaymentsOf(db: Database, businessId: string) {
  const rows = await db
    .select({
      payLinkId: payLinks.id,
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      payerEmail: payments.payerEmail,
      payerPhone: payments.payerPhone,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(payLinks, eq(payLinks.id, payments.payLinkId))
    .where(and(eq(payLinks.businessId, businessId), eq(payments.status, "success")))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1000);
  type Payment = Omit<(typeof rows)[number], "payLinkId" | "amountKobo"> & { amountKobo: Kobo };
  const byLink = new Map<string, Payment[]>();
  for (const { payLinkId, ...payment } of rows) {
    const list = byLink.get(payLinkId) ?? [];
    list.push({ ...payment, amountKobo: kobo(payment.amountKobo) });
    byLink.set(payLinkId, list);
  }
  return byLink;
}

/**
 * What a signed-in payer paid through invoices and pay links (/profile/invoices, and their data
 * export), with the contact details they gave.
 */
export async function paidBillsOf(db: Database, userId: string) {
  const rows = await db
    .select({
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      payerEmail: payments.payerEmail,
      payerPhone: payments.payerPhone,
      status: payments.status,
      paidAt: payments.paidAt,
      invoicePublicId: invoices.publicId,
      invoiceNumber: invoices.number,
      linkPublicId: payLinks.publicId,
      linkDescription: payLinks.description,
      business: businesses.name,
    })
    .from(payments)
    .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(payLinks, eq(payLinks.id, payments.payLinkId))
    .innerJoin(
      businesses,
      or(eq(businesses.id, invoices.businessId), eq(businesses.id, payLinks.businessId)),
    )
    .where(and(eq(payments.payerId, userId), inArray(payments.status, ["success", "duplicate"])))
    .orderBy(desc(payments.createdAt))
    .limit(200);
  return rows.map((row) => ({
    reference: row.reference,
    amountKobo: kobo(row.amountKobo),
    refunded: row.status === "duplicate",
    paidAt: row.paidAt,
    business: row.business,
    payerEmail: row.payerEmail,
    payerPhone: row.payerPhone,
    title:
      row.invoiceNumber !== null
        ? `Invoice ${invoiceNumberLabel(row.invoiceNumber)}`
        : (row.linkDescription ?? ""),
    url: row.invoicePublicId ? `/invoices/${row.invoicePublicId}` : `/pay/${row.linkPublicId}`,
  }));
}

/** How many bills a signed-in payer paid (the line on /profile). */
export async function paidBillCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.payerId, userId), eq(payments.status, "success")));
  return row?.n ?? 0;
}
