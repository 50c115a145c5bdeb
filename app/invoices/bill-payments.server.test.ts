import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import { readSettings } from "#app/config.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { businessMembers } from "#app/console/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { emailOutbox } from "#app/db/schema.server.ts";
import { verifyAndConfirm } from "#app/orders/confirm.server.ts";
import { payments, refunds } from "#app/orders/schema.server.ts";
import { createPaymentProvider } from "#app/payments/provider.server.ts";
import { businessLedger } from "#app/payouts/ledger.server.ts";
import { lagosMonth, lagosMonthOf } from "#app/payouts/ledger.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import { latestExperience } from "#app/reviews/experiences.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";
import {
  billOfPayment,
  billPaymentCause,
  billToPay,
  paidBillsOf,
  payLinkPaymentsOf,
  startBillPayment,
} from "./bill-payments.server.ts";
import { addDays } from "./invoice-limits.ts";
import { notPayableMessages } from "./invoice-state.ts";
import {
  archivePayLink,
  createDraft,
  createPayLink,
  sendInvoice,
  voidInvoice,
} from "./invoices.server.ts";
import { invoices, payLinks } from "./schema.server.ts";

/**
 * Paying invoices and pay links through the one payment confirmation, on a real database with
 * the Paystack simulator over HTTP: paid once under a crowd of payers, the late payer refunded
 * and told, links counted up to their limit, receipts to both sides, points for a signed-in
 * payer, and the payer's form refused field by field with nothing written.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pay: TestPayments;
let manager: TestAccount;
let payer: TestAccount;
let shop: { id: string; slug: string };
const publicUrl = "http://localhost:3000";

beforeAll(async () => {
  database = await createTestDatabase();
  pay = await startTestPayments();
  const category = await createCategory(db());
  shop = await createBusiness(db(), { categoryId: category.id, name: "Adaeze Prints" });
  manager = await signUpAs(db(), { name: "Adaeze Manager" });
  payer = await signUpAs(db(), { name: "Kemi Payer" });
  await db()
    .insert(businessMembers)
    .values({ businessId: shop.id, userId: manager.userId, role: "manager" });
}, 60_000);

afterAll(async () => {
  await pay.close();
  await database.close();
});

const context = () => ({
  db: db(),
  payments: pay.provider,
  log: pay.log,
  publicUrl,
  commissionRateBp: 500,
});
const actor = () => ({
  businessId: shop.id,
  userId: manager.userId,
  request: new Request("http://localhost/vendor/invoices"),
});

/** A sent invoice of one line, ₦`naira`; its public id. */
async function sentInvoice(naira = "15000") {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    customerName: "Chiamaka Obi",
    customerEmail: "chiamaka@example.com",
    customerPhone: "",
    dueOn: addDays(lagosToday(new Date()), 30),
    notes: "",
    discountKind: "none",
    discountValue: "",
  })) {
    form.set(name, value);
  }
  form.append("lineProduct", "");
  form.append("lineDescription", "Banner print");
  form.append("lineQuantity", "1");
  form.append("lineUnitPrice", naira);
  const made = await createDraft(db(), actor(), form);
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  const sent = await sendInvoice({ db: db(), publicUrl }, actor(), made.invoiceId);
  if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
  const [row] = await db().select().from(invoices).where(eq(invoices.id, made.invoiceId));
  if (!row) throw new Error("no invoice");
  return row;
}

async function payLink(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    description: "Ankara fabric, 6 yards",
    ...fields,
  })) {
    form.set(name, value);
  }
  const made = await createPayLink(db(), actor(), form);
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made;
}

function payerForm(fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    email: "Kemi@Example.com",
    phone: "0803 123 4567",
    ...fields,
  })) {
    form.set(name, value);
  }
  return form;
}

async function start(publicId: string, fields?: Record<string, string>, who?: { id: string }) {
  const started = await startBillPayment(context(), publicId, payerForm(fields), who ?? null);
  if (!started.ok) throw new Error(`refused: ${JSON.stringify(started)}`);
  return started.payment;
}

async function payWithCard(reference: string) {
  pay.simulator.complete(reference, "success");
  return verifyAndConfirm(context(), reference);
}

async function emailsTo(to: string, kind: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
}

describe("paying an invoice", () => {
  test("a guest pays: the invoice is paid once, both sides get a receipt", async () => {
    const invoice = await sentInvoice("15000");
    const bill = await billToPay(db(), invoice.publicId);
    expect(bill).toMatchObject({ kind: "invoice", invoice: { payable: true } });
    const payment = await start(invoice.publicId, { email: "guest.payer@example.com" });
    expect(await payWithCard(payment.reference)).toEqual({
      kind: "paid",
      billReference: payment.reference,
    });
    // Told again (the webhook after the browser): nothing changes, nothing is sent twice.
    expect(await verifyAndConfirm(context(), payment.reference)).toMatchObject({ kind: "paid" });

    const [paid] = await db().select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid).toMatchObject({ status: "paid" });
    expect(paid?.paidAt).toBeInstanceOf(Date);
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({
      status: "success",
      invoiceId: invoice.id,
      checkoutId: null,
      amountKobo: 1_500_000,
      payerEmail: "guest.payer@example.com",
      payerPhone: "+2348031234567",
      payerId: null,
    });
    const receipts = await emailsTo("guest.payer@example.com", "bill-receipt");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("₦15,000.00");
    expect(receipts[0]?.text).toContain(`/invoices/${invoice.publicId}`);
    const told = await emailsTo(manager.email, "business-bill-paid");
    expect(told.filter((email) => email.subject.includes("₦15,000.00"))).toHaveLength(1);
    expect(await billOfPayment(db(), payment.reference)).toBe(invoice.publicId);
    // Paid, it can't be paid again.
    const again = await startBillPayment(context(), invoice.publicId, payerForm(), null);
    expect(again).toEqual({ ok: false, status: 409, message: notPayableMessages.paid });
  });

  test("two payers at once: one payment is taken, the other refunded whole and told", async () => {
    const invoice = await sentInvoice("20000");
    const [first, second] = await Promise.all([
      start(invoice.publicId, { email: "first@example.com" }),
      start(invoice.publicId, { email: "second@example.com" }),
    ]);
    if (!first || !second) throw new Error("not started");
    pay.simulator.complete(first.reference, "success");
    pay.simulator.complete(second.reference, "success");
    const outcomes = await Promise.all([
      verifyAndConfirm(context(), first.reference),
      verifyAndConfirm(context(), second.reference),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(["paid", "refunded"]);
    const rows = await db()
      .select()
      .from(payments)
      .where(inArray(payments.reference, [first.reference, second.reference]));
    expect(rows.map((row) => row.status).sort()).toEqual(["duplicate", "success"]);
    const late = rows.find((row) => row.status === "duplicate");
    const returned = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, late?.id ?? ""));
    expect(returned).toMatchObject([{ amountKobo: 2_000_000, orderId: null }]);
    const lateEmail = late?.payerEmail ?? "";
    expect(await emailsTo(lateEmail, "payment-returned")).toHaveLength(1);
    expect(await emailsTo(lateEmail, "bill-receipt")).toHaveLength(0);
  });

  test("a payment for an invoice voided meanwhile is refunded", async () => {
    const invoice = await sentInvoice("5000");
    const payment = await start(invoice.publicId, { email: "voided@example.com" });
    const voided = await voidInvoice(db(), actor(), invoice.id);
    expect(voided.ok).toBe(true);
    expect(await payWithCard(payment.reference)).toMatchObject({ kind: "refunded" });
    const [returned] = await emailsTo("voided@example.com", "payment-returned");
    expect(returned?.text).toContain(notPayableMessages.void);
    const again = await startBillPayment(context(), invoice.publicId, payerForm(), null);
    expect(again).toEqual({ ok: false, status: 409, message: notPayableMessages.void });
  });

  test("a signed-in payer earns points once and sees the payment in their profile", async () => {
    const invoice = await sentInvoice("25000");
    const payment = await start(invoice.publicId, { email: payer.email }, { id: payer.userId });
    await payWithCard(payment.reference);
    await verifyAndConfirm(context(), payment.reference);
    const [row] = await db()
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    const entries = await db()
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.cause, billPaymentCause(row?.id ?? "")));
    // 1 point per whole ₦100 paid, pending like an order's.
    expect(entries).toMatchObject([{ userId: payer.userId, pendingDelta: 250 }]);
    const bills = await paidBillsOf(db(), payer.userId);
    expect(bills[0]).toMatchObject({
      reference: payment.reference,
      amountKobo: 2_500_000,
      business: "Adaeze Prints",
      url: `/invoices/${invoice.publicId}`,
      refunded: false,
    });
    expect(bills[0]?.title).toMatch(/^Invoice INV-\d{4}$/);
    const exported = await exportPersonalData(db(), payer.userId);
    expect(exported?.invoicesAndPayLinksPaid[0]).toMatchObject({
      reference: payment.reference,
      payerEmail: payer.email,
    });
    // Nobody else's.
    expect(await paidBillsOf(db(), manager.userId)).toEqual([]);
    // A paid invoice is an experience Oja saw: the payer's review of the business is verified.
    const since = new Date(Date.now() - 60_000);
    expect(
      await latestExperience(db(), { shopperId: payer.userId, businessId: shop.id, since }),
    ).toMatchObject({ kind: "invoice", id: row?.id });
    expect(
      await latestExperience(db(), { shopperId: manager.userId, businessId: shop.id, since }),
    ).toBeNull();
  });

  test("when Paystack can't be reached, the payer is told and the attempt is marked failed", async () => {
    const invoice = await sentInvoice("3000");
    const unreachable = createPaymentProvider(
      { ...readSettings(pay.env).paystack, apiBaseUrl: "http://127.0.0.1:9" },
      { http: { retries: 0 } },
    );
    const started = await startBillPayment(
      { ...context(), payments: unreachable },
      invoice.publicId,
      payerForm({ email: "offline@example.com" }),
      null,
    );
    expect(started).toMatchObject({ ok: false, status: 502, message: /Nothing was taken/ });
    const [attempt] = await db().select().from(payments).where(eq(payments.invoiceId, invoice.id));
    expect(attempt).toMatchObject({ status: "failed", payerEmail: "offline@example.com" });
    // The invoice still waits for its payment.
    expect(await billToPay(db(), invoice.publicId)).toMatchObject({
      invoice: { payable: true },
    });
  });

  test("unknown links, drafts and bad payer details are refused with nothing written", async () => {
    const [before] = await db().select({ n: count() }).from(payments);
    expect(await startBillPayment(context(), "nope", payerForm(), null)).toEqual({
      ok: false,
      status: 404,
    });
    expect(await startBillPayment(context(), "x".repeat(65), payerForm(), null)).toMatchObject({
      status: 404,
    });
    const invoice = await sentInvoice();
    const refused = await startBillPayment(
      context(),
      invoice.publicId,
      payerForm({ email: "not an email\u0000", phone: "12" }),
      null,
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    if (refused.ok || refused.status !== 400) throw new Error("not refused");
    expect(refused.errors.email).toMatch(/email address/);
    expect(refused.errors.phone).toMatch(/Nigerian phone/);
    const [after] = await db().select({ n: count() }).from(payments);
    expect(after?.n).toBe(before?.n);
  });
});

describe("paying through a pay link", () => {
  test("a link for 3 takes three payments, lists them, and refunds a fourth that crossed", async () => {
    const link = await payLink({ amountKind: "fixed", amount: "5000", quantityLimit: "3" });
    const started = [];
    for (const n of [1, 2, 3, 4]) {
      started.push(await start(link.publicId, { email: `buyer${n}@example.com` }));
    }
    for (const payment of started) await payWithCard(payment.reference);
    const [row] = await db().select().from(payLinks).where(eq(payLinks.id, link.payLinkId));
    expect(row?.paidCount).toBe(3);
    const listed = (await payLinkPaymentsOf(db(), shop.id)).get(link.payLinkId) ?? [];
    expect(listed).toHaveLength(3);
    expect(listed.every((payment) => payment.amountKobo === 500_000)).toBe(true);
    expect(await emailsTo("buyer4@example.com", "payment-returned")).toHaveLength(1);
    // Used up, the page says so and no fifth payment starts.
    expect(await billToPay(db(), link.publicId)).toMatchObject({
      kind: "payLink",
      link: { state: "used_up", payable: false },
    });
    expect(await startBillPayment(context(), link.publicId, payerForm(), null)).toEqual({
      ok: false,
      status: 409,
      message: notPayableMessages.used_up,
    });
    // Another business sees none of them.
    expect((await payLinkPaymentsOf(db(), "biz_someoneelse00000")).size).toBe(0);
  });

  test("an open link takes the amount the payer enters, within its range", async () => {
    const link = await payLink({ amountKind: "open", minAmount: "1000", maxAmount: "50000" });
    const missing = await startBillPayment(context(), link.publicId, payerForm(), null);
    expect(missing).toMatchObject({ status: 400, errors: { amount: /amount/ } });
    const tooLow = await startBillPayment(
      context(),
      link.publicId,
      payerForm({ amount: "500" }),
      null,
    );
    expect(tooLow).toMatchObject({ status: 400, errors: { amount: "Enter at least ₦1,000.00" } });
    const payment = await start(link.publicId, { amount: "7,500.50" });
    expect(await payWithCard(payment.reference)).toMatchObject({ kind: "paid" });
    const [row] = await db()
      .select()
      .from(payments)
      .where(eq(payments.reference, payment.reference));
    expect(row).toMatchObject({ amountKobo: 750_050, payLinkId: link.payLinkId });
  });

  test("an archived link takes no new payment", async () => {
    const link = await payLink({ amountKind: "fixed", amount: "2000" });
    await archivePayLink(db(), actor(), link.payLinkId);
    expect(await startBillPayment(context(), link.publicId, payerForm(), null)).toEqual({
      ok: false,
      status: 409,
      message: notPayableMessages.archived,
    });
  });
});

describe("what the business is owed", () => {
  test("each paid bill is a sale in the month's ledger, less Oja's commission, as an order", async () => {
    const invoice = await sentInvoice("10000");
    const payment = await start(invoice.publicId, { email: "ledger@example.com" });
    await payWithCard(payment.reference);
    const ledger = await businessLedger(
      db(),
      shop.id,
      lagosMonth(lagosMonthOf(new Date())) ?? {
        start: new Date(0),
        end: new Date(),
      },
    );
    const row = ledger.bills.find((bill) => bill.reference === payment.reference);
    // 5% of ₦10,000: Oja's ₦500; the business's ₦9,500, paid by transfer (no subaccount).
    expect(row).toMatchObject({
      viaSubaccount: false,
      commissionRateBp: 500,
      totals: { grossKobo: 1_000_000, commissionKobo: 50_000, refundKobo: 0, netKobo: 950_000 },
    });
    expect(row?.title).toMatch(/^Invoice INV-\d{4}$/);
    // The shop has no orders: the month is its bills, every one, refunded ones left out.
    const paid = await db()
      .select({ amountKobo: payments.amountKobo, commissionKobo: payments.commissionKobo })
      .from(payments)
      .where(eq(payments.status, "success"));
    const gross = paid.reduce((sum, bill) => sum + bill.amountKobo, 0);
    const commission = paid.reduce((sum, bill) => sum + (bill.commissionKobo ?? 0), 0);
    expect(ledger.month).toEqual({
      grossKobo: gross,
      commissionKobo: commission,
      refundKobo: 0,
      netKobo: gross - commission,
    });
    expect(ledger.payouts.reduce((sum, payout) => sum + payout.bills, 0)).toBe(paid.length);
  });
});
