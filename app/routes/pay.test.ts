import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import { businessMembers } from "#app/console/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { addDays } from "#app/invoices/invoice-limits.ts";
import { createDraft, createPayLink, sendInvoice } from "#app/invoices/invoices.server.ts";
import { invoices } from "#app/invoices/schema.server.ts";
import { payments } from "#app/orders/schema.server.ts";
import * as pay from "#app/routes/pay.tsx";
import * as payCallback from "#app/routes/pay-callback.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { startTestPayments, type TestPayments } from "#tests/support/payments.ts";

/**
 * /pay/{id} and /pay/callback through their route modules, with real sessions, a real database
 * and the Paystack simulator over HTTP: unknown ids are 404s, bad posts 400s with nothing
 * written, the plain form's post goes on to the provider's page, the popup's gets the payment,
 * and the provider's redirect lands on the page with the payment's outcome.
 */
let database: DatabaseHandle;
const db = () => database.db;
let pays: TestPayments;
let manager: TestAccount;
let invoicePublicId: string;
let linkPublicId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  pays = await startTestPayments();
  const category = await createCategory(db());
  const shop = await createBusiness(db(), { categoryId: category.id, name: "Adaeze Prints" });
  manager = await signUpAs(db(), { name: "Adaeze Manager" });
  await db()
    .insert(businessMembers)
    .values({ businessId: shop.id, userId: manager.userId, role: "manager" });
  const actor = {
    businessId: shop.id,
    userId: manager.userId,
    request: new Request("http://localhost/vendor"),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries({
    customerName: "Chiamaka Obi",
    customerEmail: "chiamaka@example.com",
    dueOn: addDays(lagosToday(new Date()), 14),
    discountKind: "none",
  })) {
    form.set(name, value);
  }
  for (const [name, value] of [
    ["lineProduct", ""],
    ["lineDescription", "Banner print"],
    ["lineQuantity", "2"],
    ["lineUnitPrice", "7500"],
  ]) {
    form.append(name as string, value as string);
  }
  const draft = await createDraft(db(), actor, form);
  if (!draft.ok) throw new Error(JSON.stringify(draft));
  await sendInvoice({ db: db(), publicUrl: "http://localhost:3000" }, actor, draft.invoiceId);
  const [row] = await db().select().from(invoices).where(eq(invoices.id, draft.invoiceId));
  invoicePublicId = row?.publicId ?? "";
  const linkForm = new FormData();
  linkForm.set("description", "Gele tying");
  linkForm.set("amountKind", "fixed");
  linkForm.set("amount", "2500");
  const link = await createPayLink(db(), actor, linkForm);
  if (!link.ok) throw new Error(JSON.stringify(link));
  linkPublicId = link.publicId;
}, 60_000);

afterAll(async () => {
  await pays.close();
  await database.close();
});

const options = (extra: Record<string, string> = {}) => ({
  pattern: "/pay/:id",
  env: pays.env,
  ...extra,
});

async function paymentCount() {
  const [row] = await db().select({ n: count() }).from(payments);
  return row?.n ?? 0;
}

describe("/pay/{id}", () => {
  test("shows the invoice's amount and brand, privately; an unknown id is a 404", async () => {
    const page = await getFrom(db(), pay, `/pay/${invoicePublicId}`, {
      ...options(),
      params: { id: invoicePublicId },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      brand: { name: "Adaeze Prints" },
      bill: { kind: "invoice", invoice: { totalKobo: 1_500_000, payable: true } },
      contact: { email: "chiamaka@example.com" },
      paid: null,
    });
    // Nothing of the business's own records: no internal ids in what the page gets.
    expect(JSON.stringify(page.data)).not.toMatch(/"(inv|biz|usr)_/);
    for (const id of ["nope", "x".repeat(80)]) {
      const missing = await getFrom(db(), pay, `/pay/${id}`, { ...options(), params: { id } });
      expect(missing.status).toBe(404);
    }
  });

  test("bad posts are 400s with the field's words and nothing written", async () => {
    const before = await paymentCount();
    const unknown = await postTo(
      db(),
      pay,
      `/pay/${linkPublicId}`,
      { intent: "refund-me" },
      { ...options(), params: { id: linkPublicId } },
    );
    expect(unknown.status).toBe(400);
    const bad = await postTo(
      db(),
      pay,
      `/pay/${linkPublicId}`,
      { intent: "pay", popup: "1", email: "nobody", phone: "" },
      { ...options(), params: { id: linkPublicId } },
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { errors: { email: /email address/ } } });
    expect(await paymentCount()).toBe(before);
    const gone = await postTo(
      db(),
      pay,
      "/pay/nope",
      { intent: "pay", email: "kemi@example.com" },
      { ...options(), params: { id: "nope" } },
    );
    expect(gone.status).toBe(404);
  });

  test("the popup gets the payment; the plain form goes on to the provider's page", async () => {
    const popup = await postTo(
      db(),
      pay,
      `/pay/${linkPublicId}`,
      { intent: "pay", popup: "1", email: "kemi@example.com", phone: "" },
      { ...options(), params: { id: linkPublicId } },
    );
    expect(popup.status).toBe(200);
    expect(popup.data).toMatchObject({
      result: { ok: true, payment: { accessCode: expect.any(String) } },
    });
    const plain = await postTo(
      db(),
      pay,
      `/pay/${linkPublicId}`,
      { intent: "pay", email: "kemi@example.com", phone: "" },
      { ...options(), params: { id: linkPublicId } },
    );
    expect(plain.status).toBe(302);
    expect(plain.location).toMatch(/\/checkout\//);

    // Paid on the provider's page, its redirect confirms and lands on the page with the outcome.
    const [row] = await db()
      .select({ reference: payments.reference })
      .from(payments)
      .where(eq(payments.authorizationUrl, plain.location ?? ""));
    expect(row).toBeDefined();
    pays.simulator.complete(row?.reference ?? "", "success");
    const back = await getFrom(db(), payCallback, `/pay/callback?reference=${row?.reference}`, {
      env: pays.env,
    });
    expect(back.status).toBe(302);
    expect(back.location).toBe(`/pay/${linkPublicId}?payment=${row?.reference}`);
    const after = await getFrom(db(), pay, back.location ?? "", {
      ...options(),
      params: { id: linkPublicId },
    });
    expect(after.data).toMatchObject({
      paid: { status: "success", amountKobo: 250_000, payerEmail: "kemi@example.com" },
    });
    // Another bill's page doesn't show this payment.
    const elsewhere = await getFrom(
      db(),
      pay,
      `/pay/${invoicePublicId}?payment=${row?.reference}`,
      {
        ...options(),
        params: { id: invoicePublicId },
      },
    );
    expect(elsewhere.data).toMatchObject({ paid: null });
    // A reference that pays nothing here is a 404 at the callback.
    expect((await getFrom(db(), payCallback, "/pay/callback?reference=nope", {})).status).toBe(404);
  });
});
