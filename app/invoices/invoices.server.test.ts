import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { businessMembers } from "#app/console/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { auditEvents, emailOutbox, users } from "#app/db/schema.server.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { invoiceTotals } from "./invoice-totals.ts";
import {
  archivePayLink,
  createDraft,
  createPayLink,
  deleteDraft,
  invoiceForBusiness,
  invoiceProducts,
  invoicesPage,
  listInvoices,
  listPayLinks,
  markViewed,
  publicInvoice,
  publicPayLink,
  sendInvoice,
  updateDraft,
  voidInvoice,
} from "./invoices.server.ts";
import { sendInvoiceReminders } from "./reminders.server.ts";
import { invoiceLines, invoices, payLinks } from "./schema.server.ts";

/**
 * Invoices and pay links against a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the console's rules, numbering under a crowd of sends, and what the
 * public pages may show. The clock is passed in.
 */
let database: DatabaseHandle;
const db = () => database.db;
let shop: { id: string; name: string };
let other: { id: string };
const managerId = "usr_invoicemanager00";
const otherManagerId = "usr_invoiceother0000";
const staffId = "usr_invoicestaff0000";
const publicUrl = "https://oja.example";
const now = new Date("2026-11-27T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  shop = await createBusiness(db(), { categoryId: category.id, name: "Adaeze Prints" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Tunde Tiles" });
  await db()
    .insert(users)
    .values([
      { id: managerId, name: "Adaeze", email: "adaeze@invoices.example" },
      { id: otherManagerId, name: "Tunde", email: "tunde@invoices.example" },
      { id: staffId, name: "Sola", email: "sola@invoices.example" },
    ]);
  await db()
    .insert(businessMembers)
    .values([
      { businessId: shop.id, userId: managerId, role: "manager" },
      { businessId: other.id, userId: otherManagerId, role: "owner" },
      { businessId: shop.id, userId: staffId, role: "staff" },
    ]);
}, 60_000);

afterAll(async () => {
  await database.close();
});

const actor = (businessId = shop.id, userId = managerId) => ({
  businessId,
  userId,
  request: new Request("http://localhost/vendor/invoices"),
});
const context = () => ({ db: db(), publicUrl });

type Row = [product: string, description: string, quantity: string, unitPrice: string];

function invoiceForm(
  fields: Record<string, string> = {},
  rows: Row[] = [["", "Banner print", "2", "15000"]],
) {
  const form = new FormData();
  const values: Record<string, string> = {
    customerName: "Chiamaka Obi",
    customerEmail: "Chiamaka@Example.com",
    customerPhone: "0803 123 4567",
    dueOn: "2026-12-10",
    notes: "Thank you for your business.",
    discountKind: "none",
    discountValue: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  for (const [product, description, quantity, unitPrice] of rows) {
    form.append("lineProduct", product);
    form.append("lineDescription", description);
    form.append("lineQuantity", quantity);
    form.append("lineUnitPrice", unitPrice);
  }
  return form;
}

async function draft(fields: Record<string, string> = {}, rows?: Row[], businessId = shop.id) {
  const userId = businessId === shop.id ? managerId : otherManagerId;
  const made = await createDraft(db(), actor(businessId, userId), invoiceForm(fields, rows), now);
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  return made.invoiceId;
}

async function invoiceCount() {
  const [row] = await db().select({ n: count() }).from(invoices);
  return row?.n ?? 0;
}

describe("drafting an invoice", () => {
  test("a draft stores its lines and the totals the one totals function gives", async () => {
    const product = await createProduct(db(), {
      businessId: shop.id,
      name: "A2 poster",
      priceKobo: 250_050,
    });
    const invoiceId = await draft({ discountKind: "percent", discountValue: "10", vat: "on" }, [
      [product.id, "", "3", ""],
      [product.id, "A2 poster, rush", "1", "3000.50"],
      ["", "Design hour", "2", "12,500.75"],
    ]);
    const invoice = await invoiceForBusiness(db(), shop.id, invoiceId, now);
    const expected = invoiceTotals(
      [
        { quantity: 3, unitPriceKobo: 250_050 },
        { quantity: 1, unitPriceKobo: 300_050 },
        { quantity: 2, unitPriceKobo: 1_250_075 },
      ],
      { kind: "percent", percent: 10 },
      true,
    );
    expect(invoice).toMatchObject({
      status: "draft",
      number: null,
      customerEmail: "chiamaka@example.com",
      customerPhone: "+2348031234567",
      subtotalKobo: expected.subtotalKobo,
      discountKobo: expected.discountKobo,
      vatKobo: expected.vatKobo,
      totalKobo: expected.totalKobo,
    });
    expect(invoice?.lines).toEqual([
      expect.objectContaining({
        productId: product.id,
        description: "A2 poster",
        unitPriceKobo: 250_050,
        lineTotalKobo: 750_150,
      }),
      expect.objectContaining({
        productId: product.id,
        description: "A2 poster, rush",
        unitPriceKobo: 300_050,
      }),
      expect.objectContaining({
        productId: null,
        description: "Design hour",
        lineTotalKobo: 2_500_150,
      }),
    ]);
    expect(invoice?.publicId).toMatch(/^[0-9a-z]{26}$/);
  });

  test("bad input is refused field by field, naming the row as posted, and nothing is written", async () => {
    const before = await invoiceCount();
    const refused = await createDraft(
      db(),
      actor(),
      invoiceForm(
        {
          customerEmail: "not-an-email",
          dueOn: "2026-11-26",
          customerPhone: "12",
          discountKind: "percent",
          discountValue: "ten",
        },
        [
          ["", "Banner print", "2", "15000"],
          ["", "", "", ""],
          ["", "Stickers", "0", "100"],
          ["", "", "1", ""],
        ],
      ),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        customerEmail: "Enter an email address like name@example.com",
        customerPhone: expect.stringContaining("Nigerian phone number"),
        dueOn: "Due date can't be in the past",
        discountValue: "Discount must be a whole percentage from 1 to 100",
        "lines.2.quantity": "Quantity must be a whole number from 1 to 10,000",
        "lines.3.description": "Describe the line, or choose a product",
        "lines.3.unitPrice": "Unit price is needed, like 18000",
      },
    });
    const noLines = await createDraft(db(), actor(), invoiceForm({}, [["", "", "", ""]]), now);
    expect(noLines).toMatchObject({ status: 400, errors: { lines: "Add at least one line" } });
    expect(await invoiceCount()).toBe(before);
  });

  test("a product of another business, or a discount that leaves nothing to pay, is refused", async () => {
    const before = await invoiceCount();
    const theirs = await createProduct(db(), { businessId: other.id });
    expect(
      await createDraft(
        db(),
        actor(),
        invoiceForm({}, [
          ["", "Print", "1", "100"],
          [theirs.id, "", "1", ""],
        ]),
        now,
      ),
    ).toEqual({
      ok: false,
      status: 400,
      errors: { "lines.1.product": "Choose a product from the list" },
    });
    expect(
      await createDraft(
        db(),
        actor(),
        invoiceForm({ discountKind: "amount", discountValue: "30000" }),
        now,
      ),
    ).toMatchObject({
      status: 400,
      errors: { discountValue: expect.stringContaining("₦30,000.00") },
    });
    expect(
      await createDraft(
        db(),
        actor(),
        invoiceForm({ discountKind: "percent", discountValue: "120" }),
        now,
      ),
    ).toMatchObject({
      status: 400,
      errors: { discountValue: "Discount must be a whole percentage from 1 to 100" },
    });
    expect(await invoiceCount()).toBe(before);
  });

  test("a draft can be changed and deleted; the audit log says so", async () => {
    const invoiceId = await draft();
    const changed = await updateDraft(
      db(),
      actor(),
      invoiceId,
      invoiceForm({ discountKind: "amount", discountValue: "1000" }, [["", "Flyers", "100", "50"]]),
      now,
    );
    expect(changed).toEqual({ ok: true });
    const invoice = await invoiceForBusiness(db(), shop.id, invoiceId, now);
    expect(invoice).toMatchObject({
      subtotalKobo: 500_000,
      discountKobo: 100_000,
      totalKobo: 400_000,
    });
    expect(invoice?.lines).toHaveLength(1);
    expect(await deleteDraft(db(), actor(), invoiceId)).toEqual({ ok: true });
    expect(await invoiceForBusiness(db(), shop.id, invoiceId, now)).toBeNull();
    const [lines] = await db()
      .select({ n: count() })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId));
    expect(lines?.n).toBe(0);
    const audited = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, shop.id), eq(auditEvents.actorId, managerId)));
    expect(audited.map((event) => event.action)).toEqual(
      expect.arrayContaining(["invoice.created", "invoice.updated", "invoice.deleted"]),
    );
  });
});

describe("another business's invoice, and staff", () => {
  test("another business's manager is told it isn't theirs (404) by every change, and nothing changes", async () => {
    const invoiceId = await draft();
    const them = actor(other.id, otherManagerId);
    const notYours = {
      ok: false,
      status: 404,
      errors: { form: "That invoice isn't one of yours." },
    };
    expect(await updateDraft(db(), them, invoiceId, invoiceForm(), now)).toEqual(notYours);
    expect(await sendInvoice(context(), them, invoiceId, now)).toEqual(notYours);
    expect(await voidInvoice(db(), them, invoiceId, now)).toEqual(notYours);
    expect(await deleteDraft(db(), them, invoiceId)).toEqual(notYours);
    // Claiming the invoice's business without being its member is refused the same way.
    expect(await sendInvoice(context(), actor(shop.id, otherManagerId), invoiceId, now)).toEqual(
      notYours,
    );
    expect(await invoiceForBusiness(db(), other.id, invoiceId, now)).toBeNull();
    expect((await invoiceForBusiness(db(), shop.id, invoiceId, now))?.status).toBe("draft");
  });

  test("staff can't make invoices (managers and owners bill)", async () => {
    const before = await invoiceCount();
    expect(await createDraft(db(), actor(shop.id, staffId), invoiceForm(), now)).toMatchObject({
      status: 404,
    });
    expect(await invoiceCount()).toBe(before);
  });
});

describe("sending", () => {
  test("20 drafts sent at once are numbered 1 to 20, without gaps or repeats; another business counts on its own", async () => {
    const category = await createCategory(db());
    const fresh = await createBusiness(db(), { categoryId: category.id, name: "Fresh Fabrics" });
    await db()
      .insert(businessMembers)
      .values({ businessId: fresh.id, userId: managerId, role: "owner" });
    const freshActor = actor(fresh.id, managerId);
    const drafts: string[] = [];
    for (let index = 0; index < 20; index += 1) {
      const made = await createDraft(db(), freshActor, invoiceForm(), now);
      if (!made.ok) throw new Error("draft not made");
      drafts.push(made.invoiceId);
    }
    // One draft pressed twice, in the crowd: it is sent once.
    const results = await Promise.all(
      [...drafts, drafts[0] as string].map((id) => sendInvoice(context(), freshActor, id, now)),
    );
    const numbers = results.flatMap((result) => (result.ok ? [result.number] : []));
    expect(numbers.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, status: 409, errors: { form: "This invoice has already been sent." } },
    ]);
    const otherDraft = await draft({}, undefined, other.id);
    expect(await sendInvoice(context(), actor(other.id, otherManagerId), otherDraft, now)).toEqual({
      ok: true,
      number: 1,
    });
  });

  test("sending numbers the invoice and emails the customer its link", async () => {
    const invoiceId = await draft();
    const sent = await sendInvoice(context(), actor(), invoiceId, now);
    expect(sent.ok).toBe(true);
    const invoice = await invoiceForBusiness(db(), shop.id, invoiceId, now);
    expect(invoice).toMatchObject({ status: "sent", sentAt: now, state: "sent" });
    const url = `${publicUrl}/invoices/${invoice?.publicId}`;
    const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "invoice-sent"));
    const mail = mails.find((row) => row.text.includes(url));
    expect(mail?.toAddress).toBe("chiamaka@example.com");
    expect(mail?.subject).toMatch(/^Invoice INV-\d{4} from Adaeze Prints: ₦30,000\.00$/);
    // Sent is final: no second send, no change, no delete.
    expect(await sendInvoice(context(), actor(), invoiceId, now)).toMatchObject({ status: 409 });
    expect(await updateDraft(db(), actor(), invoiceId, invoiceForm(), now)).toMatchObject({
      status: 409,
    });
    expect(await deleteDraft(db(), actor(), invoiceId)).toMatchObject({ status: 409 });
  });

  test("a draft whose due date has passed is sent only once given a new one; a failed send takes no number", async () => {
    const invoiceId = await draft({ dueOn: "2026-11-28" });
    const later = new Date("2026-11-29T09:00:00Z");
    expect(await sendInvoice(context(), actor(), invoiceId, later)).toEqual({
      ok: false,
      status: 400,
      errors: { dueOn: "The due date has passed: choose a new one before sending" },
    });
    const before = await listInvoices(db(), shop.id, now);
    const highest = Math.max(0, ...before.map((row) => row.number ?? 0));
    await updateDraft(db(), actor(), invoiceId, invoiceForm({ dueOn: "2026-12-05" }), later);
    expect(await sendInvoice(context(), actor(), invoiceId, later)).toEqual({
      ok: true,
      number: highest + 1,
    });
  });

  test("the database itself refuses a draft marked paid and a sent invoice without a number", async () => {
    const invoiceId = await draft();
    await expect(
      db().update(invoices).set({ status: "paid", paidAt: now }).where(eq(invoices.id, invoiceId)),
    ).rejects.toThrow();
    await expect(
      db().update(invoices).set({ status: "sent", sentAt: now }).where(eq(invoices.id, invoiceId)),
    ).rejects.toThrow();
  });
});

describe("voiding", () => {
  test("a draft or a sent invoice can be voided, once; a void one can't be sent", async () => {
    const draftId = await draft();
    expect(await voidInvoice(db(), actor(), draftId, now)).toEqual({ ok: true });
    expect(await invoiceForBusiness(db(), shop.id, draftId, now)).toMatchObject({
      status: "void",
      number: null,
    });
    expect(await sendInvoice(context(), actor(), draftId, now)).toMatchObject({
      status: 409,
      errors: { form: "This invoice is void." },
    });
    expect(await voidInvoice(db(), actor(), draftId, now)).toMatchObject({ status: 409 });

    const sentId = await draft();
    await sendInvoice(context(), actor(), sentId, now);
    expect(await voidInvoice(db(), actor(), sentId, now)).toEqual({ ok: true });
    const voided = await invoiceForBusiness(db(), shop.id, sentId, now);
    expect(voided?.number).toBeGreaterThan(0);
    expect((await publicInvoice(db(), voided?.publicId ?? "", now))?.payable).toBe(false);
  });

  test("a paid invoice can't be voided", async () => {
    const invoiceId = await draft();
    await sendInvoice(context(), actor(), invoiceId, now);
    await db()
      .update(invoices)
      .set({ status: "paid", paidAt: now })
      .where(eq(invoices.id, invoiceId));
    expect(await voidInvoice(db(), actor(), invoiceId, now)).toEqual({
      ok: false,
      status: 409,
      errors: { form: "This invoice has been paid: it can't be voided." },
    });
  });
});

describe("the customer's page", () => {
  test("a draft has no public page; a sent one shows the invoice and nothing beyond it", async () => {
    const invoiceId = await draft({ vat: "on" });
    const { publicId } = (await invoiceForBusiness(db(), shop.id, invoiceId, now)) ?? {
      publicId: "",
    };
    expect(await publicInvoice(db(), publicId, now)).toBeNull();
    expect(await markViewed(db(), publicId, now)).toBe(false);
    await sendInvoice(context(), actor(), invoiceId, now);
    const page = await publicInvoice(db(), publicId, now);
    expect(page).toMatchObject({
      business: { name: "Adaeze Prints" },
      customerName: "Chiamaka Obi",
      state: "sent",
      payable: true,
      subtotalKobo: 3_000_000,
      vatKobo: 225_000,
      totalKobo: 3_225_000,
      lines: [
        {
          position: 0,
          description: "Banner print",
          quantity: 2,
          unitPriceKobo: 1_500_000,
          lineTotalKobo: 3_000_000,
        },
      ],
    });
    const shown = JSON.stringify(page);
    for (const secret of [invoiceId, shop.id, managerId, "+2348031234567"])
      expect(shown).not.toContain(secret);
    expect(await publicInvoice(db(), "0".repeat(26), now)).toBeNull();
  });

  test("only the first view is kept", async () => {
    const invoiceId = await draft();
    await sendInvoice(context(), actor(), invoiceId, now);
    const { publicId } = (await invoiceForBusiness(db(), shop.id, invoiceId, now)) ?? {
      publicId: "",
    };
    const first = new Date("2026-11-27T11:00:00Z");
    expect(await markViewed(db(), publicId, first)).toBe(true);
    expect(await markViewed(db(), publicId, new Date("2026-11-28T11:00:00Z"))).toBe(false);
    expect((await invoiceForBusiness(db(), shop.id, invoiceId, now))?.firstViewedAt).toEqual(first);
  });

  test("the business's own members opening the link don't count as opened; a stranger does", async () => {
    const invoiceId = await draft();
    await sendInvoice(context(), actor(), invoiceId, now);
    const { publicId } = (await invoiceForBusiness(db(), shop.id, invoiceId, now)) ?? {
      publicId: "",
    };
    const opened = async () =>
      (await invoiceForBusiness(db(), shop.id, invoiceId, now))?.firstViewedAt ?? null;
    expect(await markViewed(db(), publicId, now, managerId)).toBe(false);
    expect(await markViewed(db(), publicId, now, staffId)).toBe(false);
    expect(await opened()).toBeNull();
    // Another business's owner is a stranger to this one.
    expect(await markViewed(db(), publicId, now, otherManagerId)).toBe(true);
    expect(await opened()).toEqual(now);
  });

  test("an invoice is overdue from midnight in Lagos after its due date, in the console's list too", async () => {
    const invoiceId = await draft({ dueOn: "2026-12-01" });
    await sendInvoice(context(), actor(), invoiceId, now);
    const lastSecond = new Date("2026-12-01T22:59:59Z"); // 23:59:59 in Lagos
    const midnight = new Date("2026-12-01T23:00:00Z"); // 00:00 on 2 Dec in Lagos
    const stateAt = async (at: Date) =>
      (await listInvoices(db(), shop.id, at)).find((row) => row.id === invoiceId)?.state;
    expect(await stateAt(lastSecond)).toBe("sent");
    expect(await stateAt(midnight)).toBe("overdue");
  });

  test("the console lists invoices newest first", async () => {
    const first = await createDraft(db(), actor(), invoiceForm(), new Date("2026-11-27T12:00:00Z"));
    const second = await createDraft(
      db(),
      actor(),
      invoiceForm(),
      new Date("2026-11-27T12:00:01Z"),
    );
    const ids = (await listInvoices(db(), shop.id, now)).map((row) => row.id);
    expect(first.ok && second.ok).toBe(true);
    if (first.ok && second.ok) expect(ids.slice(0, 2)).toEqual([second.invoiceId, first.invoiceId]);
  });

  test("the console's list pages 20 at a time, each invoice once, and refuses a cursor it didn't make", async () => {
    const category = await createCategory(db());
    const busy = await createBusiness(db(), { categoryId: category.id, name: "Busy Prints" });
    await db()
      .insert(businessMembers)
      .values({ businessId: busy.id, userId: managerId, role: "manager" });
    const made: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      // Two drafts made in the same microsecond: the id breaks the tie.
      const at = new Date(Date.UTC(2026, 10, 27, 9, 0, Math.min(index, 21)));
      const result = await createDraft(db(), actor(busy.id), invoiceForm(), at);
      if (!result.ok) throw new Error(JSON.stringify(result.errors));
      made.push(result.invoiceId);
    }
    const first = await invoicesPage(db(), busy.id, {}, now);
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await invoicesPage(db(), busy.id, { after: first.nextCursor ?? "" }, now);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const paged = [...first.items, ...second.items].map((row) => row.id);
    expect(paged).toEqual((await listInvoices(db(), busy.id, now)).map((row) => row.id));
    expect(new Set(paged)).toEqual(new Set(made));
    await expect(invoicesPage(db(), busy.id, { after: "bm90IGEgY3Vyc29y" }, now)).rejects.toThrow(
      InvalidPageCursorError,
    );
  });

  test("the form's products are the business's own that aren't archived, by name", async () => {
    const category = await createCategory(db());
    const owned = await createBusiness(db(), { categoryId: category.id, name: "Choice Prints" });
    await createProduct(db(), { businessId: owned.id, name: "Vinyl sticker", priceKobo: 50_000 });
    await createProduct(db(), { businessId: owned.id, name: "Business cards", priceKobo: 900_000 });
    await createProduct(db(), {
      businessId: owned.id,
      name: "Old flyer",
      priceKobo: 10_000,
      status: "archived",
    });
    await createProduct(db(), { businessId: other.id, name: "Floor tile", priceKobo: 700_000 });
    expect(
      (await invoiceProducts(db(), owned.id)).map(({ name, priceKobo }) => [name, priceKobo]),
    ).toEqual([
      ["Business cards", 900_000],
      ["Vinyl sticker", 50_000],
    ]);
  });
});

describe("pay links", () => {
  function linkForm(fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    return form;
  }

  test("a fixed link is payable until archived; another business can't archive it", async () => {
    const made = await createPayLink(
      db(),
      actor(),
      linkForm({ description: "Ankara tote bag", amountKind: "fixed", amount: "12500" }),
      now,
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    expect(made.publicId).toMatch(/^[0-9a-z]{26}$/);
    expect(await publicPayLink(db(), made.publicId, now)).toMatchObject({
      business: { name: "Adaeze Prints" },
      description: "Ankara tote bag",
      amountKobo: 1_250_000,
      state: "active",
      payable: true,
    });
    expect(
      await archivePayLink(db(), actor(other.id, otherManagerId), made.payLinkId, now),
    ).toMatchObject({ status: 404 });
    expect(await archivePayLink(db(), actor(), made.payLinkId, now)).toEqual({ ok: true });
    expect(await publicPayLink(db(), made.publicId, now)).toMatchObject({
      state: "archived",
      payable: false,
    });
    expect((await listPayLinks(db(), shop.id, now))[0]?.id).toBe(made.payLinkId);
  });

  test("a link stops at the end of its last Lagos day, and once paid as often as it allows", async () => {
    const made = await createPayLink(
      db(),
      actor(),
      linkForm({
        description: "Workshop seat",
        amountKind: "open",
        minAmount: "1000",
        maxAmount: "50000",
        quantityLimit: "3",
        expiresOn: "2026-12-31",
      }),
      now,
    );
    if (!made.ok) throw new Error(JSON.stringify(made.errors));
    const at = (iso: string) => publicPayLink(db(), made.publicId, new Date(iso));
    expect(await at("2026-12-31T22:59:59Z")).toMatchObject({
      payable: true,
      minAmountKobo: 100_000,
      maxAmountKobo: 5_000_000,
    });
    expect(await at("2026-12-31T23:00:00Z")).toMatchObject({ state: "expired", payable: false });
    await db().update(payLinks).set({ paidCount: 3 }).where(eq(payLinks.id, made.payLinkId));
    expect(await at("2026-12-01T10:00:00Z")).toMatchObject({ state: "used_up", payable: false });
  });

  test("bad input is refused field by field and nothing is written", async () => {
    const [before] = await db().select({ n: count() }).from(payLinks);
    const refused = await createPayLink(
      db(),
      actor(),
      linkForm({
        description: "x",
        amountKind: "open",
        minAmount: "5000",
        maxAmount: "100",
        quantityLimit: "0",
        expiresOn: "2026-11-01",
      }),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        description: "Use at least 3 characters",
        quantityLimit: "Quantity must be a whole number from 1 to 100,000",
        expiresOn: "Last day can't be in the past",
      },
    });
    expect(
      await createPayLink(
        db(),
        actor(),
        linkForm({ description: "Tote", amountKind: "fixed", amount: "" }),
        now,
      ),
    ).toMatchObject({ status: 400, errors: { amount: "Amount is needed, like 18000" } });
    expect(
      await createPayLink(
        db(),
        actor(),
        linkForm({ description: "Tote", amountKind: "open", minAmount: "5000", maxAmount: "100" }),
        now,
      ),
    ).toMatchObject({
      status: 400,
      errors: { maxAmount: "Highest amount can't be below the lowest" },
    });
    expect(
      await createPayLink(
        db(),
        actor(shop.id, staffId),
        linkForm({ description: "Tote", amountKind: "fixed", amount: "100" }),
        now,
      ),
    ).toMatchObject({ status: 404 });
    const [after] = await db().select({ n: count() }).from(payLinks);
    expect(after?.n).toBe(before?.n);
  });
});

describe("the overdue reminder", () => {
  test("one polite email the day after the due date, in civil hours, never twice", async () => {
    const invoiceId = await draft({ dueOn: "2026-12-03", customerEmail: "late.payer@example.com" });
    await sendInvoice(context(), actor(), invoiceId, now);
    const paidId = await draft({ dueOn: "2026-12-03", customerEmail: "prompt.payer@example.com" });
    await sendInvoice(context(), actor(), paidId, now);
    await db().update(invoices).set({ status: "paid", paidAt: now }).where(eq(invoices.id, paidId));
    const reminders = async (to: string) =>
      (
        await db().select().from(emailOutbox).where(eq(emailOutbox.kind, "invoice-reminder"))
      ).filter((mail) => mail.toAddress === to);
    // On the due day itself, and at 2am the day after, nothing goes.
    await sendInvoiceReminders(context(), new Date("2026-12-03T15:00:00Z"));
    await sendInvoiceReminders(context(), new Date("2026-12-04T01:00:00Z"));
    expect(await reminders("late.payer@example.com")).toHaveLength(0);
    // At 9am in Lagos the day after, one; runs later (two at once too) send no more.
    const morning = new Date("2026-12-04T08:00:00Z");
    await Promise.all([
      sendInvoiceReminders(context(), morning),
      sendInvoiceReminders(context(), morning),
    ]);
    await sendInvoiceReminders(context(), new Date("2026-12-05T08:00:00Z"));
    const sent = await reminders("late.payer@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Reminder: invoice INV-\d{4} from Adaeze Prints/);
    expect(await reminders("prompt.payer@example.com")).toHaveLength(0);
    expect((await invoiceForBusiness(db(), shop.id, invoiceId, morning))?.remindedAt).toEqual(
      morning,
    );
  });
});
