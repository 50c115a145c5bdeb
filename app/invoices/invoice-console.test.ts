import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { emailOutbox } from "#app/db/schema.server.ts";
import * as invoicePage from "#app/routes/vendor-invoice.tsx";
import * as invoiceNew from "#app/routes/vendor-invoice-new.tsx";
import * as invoicesList from "#app/routes/vendor-invoices.tsx";
import * as payLinksPage from "#app/routes/vendor-pay-links.tsx";
import { getFrom, outcomeOf } from "#tests/support/accounts.ts";
import { createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createRoleFixtures, type RoleFixtures } from "#tests/support/role-matrix.ts";
import { pageRequest, routeArgs } from "#tests/support/router-context.ts";
import { addDays } from "./invoice-limits.ts";
import { invoiceLines, invoices, payLinks } from "./schema.server.ts";

/**
 * The console's invoice and pay link pages, their loaders and actions called as the browser's
 * posts call them (issue 24): a refused form is a 400 naming each field, gives the form back as
 * typed and writes nothing; a right one makes a draft, which is changed, sent (the customer's
 * email queued), voided or deleted from its page.
 */
let database: DatabaseHandle;
let fixtures: RoleFixtures;
const db = () => database.db;
let productId: string;
let otherProductId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(db());
  productId = (
    await createProduct(db(), {
      businessId: fixtures.business.id,
      name: "A2 poster",
      priceKobo: 250_050,
    })
  ).id;
  otherProductId = (
    await createProduct(db(), {
      businessId: fixtures.otherBusiness.id,
      name: "Floor tile",
      priceKobo: 700_000,
    })
  ).id;
}, 60_000);

afterAll(() => database.close());

const today = () => lagosToday(new Date());
const slug = () => fixtures.business.slug;

type Row = [product: string, description: string, quantity: string, unitPrice: string];

function invoiceForm(fields: Record<string, string> = {}, rows: Row[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    customerName: "Chiamaka Obi",
    customerEmail: "chiamaka@example.com",
    customerPhone: "",
    dueOn: addDays(today(), 14),
    discountKind: "none",
    discountValue: "",
    notes: "",
    ...fields,
  })) {
    form.set(name, value);
  }
  for (const [product, description, quantity, unitPrice] of rows) {
    form.append("lineProduct", product);
    form.append("lineDescription", description);
    form.append("lineQuantity", quantity);
    form.append("lineUnitPrice", unitPrice);
  }
  return form;
}

/** Posts `form` to a route's action as the business's manager, as the browser posts it. */
async function post(
  route: { action: (args: never) => unknown },
  path: string,
  pattern: string,
  form: FormData | Record<string, string>,
  params: Record<string, string> = {},
) {
  const base = pageRequest(`/vendor/${slug()}/${path}`, { cookie: fixtures.cookies.manager });
  const body = form instanceof FormData ? form : new URLSearchParams(form);
  const request = new Request(base.url, { method: "POST", headers: base.headers, body });
  const args = await routeArgs(db(), request, `/vendor/:business/${pattern}`, {
    business: slug(),
    ...params,
  });
  return outcomeOf(() => route.action(args as never));
}

function load(
  route: { loader: (args: never) => unknown },
  path: string,
  pattern: string,
  params: Record<string, string> = {},
) {
  return getFrom(db(), route, `/vendor/${slug()}/${path}`, {
    cookie: fixtures.cookies.manager,
    pattern: `/vendor/:business/${pattern}`,
    params: { business: slug(), ...params },
  });
}

async function counted() {
  const [invoiceCount] = await db().select({ n: count() }).from(invoices);
  const [lineCount] = await db().select({ n: count() }).from(invoiceLines);
  const [linkCount] = await db().select({ n: count() }).from(payLinks);
  return { invoices: invoiceCount?.n, lines: lineCount?.n, links: linkCount?.n };
}

async function newDraft(rows: Row[] = [["", "Banner print", "2", "15000"]]) {
  const answer = await post(invoiceNew, "invoices/new", "invoices/new", invoiceForm({}, rows));
  expect(answer.status).toBe(302);
  const id = answer.location?.match(/\/invoices\/(inv_[0-9a-z]+)\?notice=created$/)?.[1];
  if (!id) throw new Error(`no draft in ${answer.location}`);
  return id;
}

const invoiceAt = (invoiceId: string) => ({
  path: `invoices/${invoiceId}`,
  pattern: "invoices/:invoiceId",
  params: { invoiceId },
});

describe("a new invoice", () => {
  test("a refused form answers 400 field by field, by the row as posted, keeps what was typed and writes nothing", async () => {
    const before = await counted();
    const answer = await post(
      invoiceNew,
      "invoices/new",
      "invoices/new",
      invoiceForm({ customerEmail: "not an email", dueOn: "2020-01-01", discountKind: "percent" }, [
        ["", "Banner print", "2", "15000"],
        ["", "", "", ""],
        ["", "Stickers", "0", "abc"],
        [otherProductId, "", "1", ""],
      ]),
    );
    expect(answer.status).toBe(400);
    const { errors, text } = answer.data as {
      errors: Record<string, string>;
      text: { customerEmail: string; lines: Array<Record<string, string>> };
    };
    expect(errors).toEqual({
      customerEmail: "Enter an email address like name@example.com",
      dueOn: "Due date can't be in the past",
      discountValue: "Discount must be a whole percentage from 1 to 100",
      "lines.2.quantity": "Quantity must be a whole number from 1 to 10,000",
      "lines.2.unitPrice": "Unit price must be an amount like 18000 or 18000.50",
    });
    expect(text.customerEmail).toBe("not an email");
    expect(text.lines).toHaveLength(4);
    expect(text.lines[2]).toEqual({
      product: "",
      description: "Stickers",
      quantity: "0",
      unitPrice: "abc",
    });
    expect(await counted()).toEqual(before);
  });

  test("another business's product, or no line at all, is refused beside its field", async () => {
    const before = await counted();
    const foreign = await post(
      invoiceNew,
      "invoices/new",
      "invoices/new",
      invoiceForm({}, [
        ["", "", "", ""],
        [otherProductId, "", "1", ""],
      ]),
    );
    expect(foreign).toMatchObject({
      status: 400,
      data: { errors: { "lines.1.product": "Choose a product from the list" } },
    });
    const empty = await post(
      invoiceNew,
      "invoices/new",
      "invoices/new",
      invoiceForm({}, [["", "", "", ""]]),
    );
    expect(empty).toMatchObject({
      status: 400,
      data: { errors: { lines: "Add at least one line" } },
    });
    expect(await counted()).toEqual(before);
  });

  test("the form offers the business's products and blank rows; a right one is a draft with a catalogue line and a free one", async () => {
    const page = await load(invoiceNew, "invoices/new", "invoices/new");
    const { products, text } = page.data as {
      products: Array<{ id: string; name: string }>;
      text: { lines: unknown[]; dueOn: string };
    };
    expect(products.map((product) => product.id)).toEqual([productId]);
    expect(text.lines).toHaveLength(5);
    expect(text.dueOn).toBe(addDays(today(), 14));

    const invoiceId = await newDraft([
      [productId, "", "2", ""],
      ["", "", "", ""],
      ["", "Design work", "1", "20,000"],
    ]);
    const at = invoiceAt(invoiceId);
    const draft = await load(invoicePage, at.path, at.pattern, at.params);
    const { invoice, draft: form } = draft.data as {
      invoice: { label: string | null; state: string; totals: { totalKobo: number } };
      draft: { text: { lines: Array<Record<string, string>> } };
    };
    expect(invoice).toMatchObject({
      label: null,
      state: "draft",
      totals: { totalKobo: 2_500_100 },
    });
    expect(form.text.lines.slice(0, 2)).toEqual([
      { product: productId, description: "A2 poster", quantity: "2", unitPrice: "2500.50" },
      { product: "", description: "Design work", quantity: "1", unitPrice: "20000.00" },
    ]);
  });
});

describe("a draft's page", () => {
  test("a refused save is a 400 with the form as typed, and the draft stays as it was", async () => {
    const invoiceId = await newDraft();
    const at = invoiceAt(invoiceId);
    const [before] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    const answer = await post(
      invoicePage,
      at.path,
      at.pattern,
      invoiceForm({ intent: "save", customerName: "" }, [["", "Banner print", "two", "15000"]]),
      at.params,
    );
    expect(answer).toMatchObject({
      status: 400,
      data: {
        intent: "save",
        errors: {
          customerName: expect.any(String),
          "lines.0.quantity": "Quantity must be a whole number from 1 to 10,000",
        },
        text: { customerName: "", lines: [{ quantity: "two" }] },
      },
    });
    const [after] = await db().select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(after).toEqual(before);
  });

  test("it is saved, sent with an email to the customer, then voided; a void one can't be voided again", async () => {
    const invoiceId = await newDraft();
    const at = invoiceAt(invoiceId);
    const saved = await post(
      invoicePage,
      at.path,
      at.pattern,
      invoiceForm({ intent: "save", customerEmail: "ada@example.com", vat: "on" }, [
        ["", "Banner print", "2", "15000"],
      ]),
      at.params,
    );
    expect(saved).toMatchObject({ status: 200, data: { done: "Saved." } });
    const sent = await post(invoicePage, at.path, at.pattern, { intent: "send" }, at.params);
    expect(sent).toMatchObject({
      status: 200,
      data: { done: expect.stringMatching(/^Sent as INV-\d{4}: /) },
    });
    const [email] = await db()
      .select()
      .from(emailOutbox)
      .where(
        and(eq(emailOutbox.toAddress, "ada@example.com"), eq(emailOutbox.kind, "invoice-sent")),
      );
    expect(email?.subject).toMatch(/^Invoice INV-\d{4} from Matrix Spa: ₦32,250\.00$/);

    const page = await load(invoicePage, at.path, at.pattern, at.params);
    const { invoice, draft } = page.data as {
      invoice: { label: string; state: string; link: string; history: Array<{ label: string }> };
      draft: unknown;
    };
    expect(draft).toBeNull();
    expect(invoice.state).toBe("sent");
    expect(invoice.link).toMatch(/^http:\/\/localhost:3000\/invoices\/[0-9A-Za-z_-]{20,}$/);
    expect(invoice.history.map((step) => step.label)).toEqual([
      "Drafted",
      "Sent",
      "Opened by the customer",
    ]);
    // A sent invoice can't be changed or deleted any more.
    const change = await post(
      invoicePage,
      at.path,
      at.pattern,
      invoiceForm({ intent: "save" }, [["", "Banner print", "1", "1"]]),
      at.params,
    );
    expect(change).toMatchObject({
      status: 409,
      data: {
        errors: { form: "This invoice has been sent: it can no longer be changed, only voided." },
      },
    });
    expect(
      (await post(invoicePage, at.path, at.pattern, { intent: "delete" }, at.params)).status,
    ).toBe(409);

    const voided = await post(invoicePage, at.path, at.pattern, { intent: "void" }, at.params);
    expect(voided).toMatchObject({ status: 200, data: { done: expect.stringMatching(/^Voided/) } });
    const again = await post(invoicePage, at.path, at.pattern, { intent: "void" }, at.params);
    expect(again).toMatchObject({
      status: 409,
      data: { errors: { form: "This invoice is void." } },
    });
  });

  test("a draft is deleted, back to the list; an unknown intent is a 400", async () => {
    const invoiceId = await newDraft();
    const at = invoiceAt(invoiceId);
    expect(
      (await post(invoicePage, at.path, at.pattern, { intent: "shred" }, at.params)).status,
    ).toBe(400);
    const deleted = await post(invoicePage, at.path, at.pattern, { intent: "delete" }, at.params);
    expect(deleted).toMatchObject({
      status: 302,
      location: `/vendor/${slug()}/invoices?deleted=1`,
    });
    expect(await db().select().from(invoices).where(eq(invoices.id, invoiceId))).toEqual([]);
    expect((await load(invoicePage, at.path, at.pattern, at.params)).status).toBe(404);
  });
});

describe("the invoices list", () => {
  test("shows drafts and numbers newest first, and a page link it didn't make is a 400", async () => {
    const list = await load(invoicesList, "invoices", "invoices");
    const { invoices: rows } = list.data as {
      invoices: Array<{ label: string; state: string; due: string }>;
    };
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.label === "Draft" || /^INV-\d{4}$/.test(row.label))).toBe(true);
    const broken = await load(invoicesList, "invoices?after=broken", "invoices");
    expect(broken.status).toBe(400);
  });
});

describe("pay links", () => {
  test("a refused form answers 400 field by field, keeps what was typed and writes nothing", async () => {
    const before = await counted();
    const answer = await post(payLinksPage, "pay-links", "pay-links", {
      intent: "create",
      description: "x",
      amountKind: "open",
      minAmount: "50,000",
      maxAmount: "1000",
      quantityLimit: "0",
      expiresOn: "2020-01-01",
    });
    expect(answer.status).toBe(400);
    const { errors, values } = answer.data as {
      errors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(Object.keys(errors).sort()).toEqual(["description", "expiresOn", "quantityLimit"]);
    expect(values).toMatchObject({ description: "x", minAmount: "50,000", quantityLimit: "0" });
    expect(await counted()).toEqual(before);
  });

  test("a link is made, listed with its amount, count and link, and archived", async () => {
    const made = await post(payLinksPage, "pay-links", "pay-links", {
      intent: "create",
      description: "Deposit for a wedding cake",
      amountKind: "open",
      minAmount: "1000",
      maxAmount: "50000",
      quantityLimit: "",
      expiresOn: "",
    });
    expect(made.status).toBe(302);
    const created = new URL(made.location ?? "", "http://x").searchParams.get("created") ?? "";
    const page = await load(payLinksPage, `pay-links?created=${created}`, "pay-links");
    const link = (page.data as { links: Array<Record<string, string | null>> }).links.find(
      (row) => row.id === created,
    );
    expect(link).toMatchObject({
      description: "Deposit for a wedding cake",
      amount: "Customer enters (₦1,000.00–₦50,000.00)",
      paid: "0 paid",
      lastDay: null,
      state: "active",
      url: expect.stringMatching(/^http:\/\/localhost:3000\/pay\/[0-9A-Za-z_-]{20,}$/),
    });
    const archived = await post(payLinksPage, "pay-links", "pay-links", {
      intent: "archive",
      link: created,
    });
    expect(archived).toMatchObject({
      status: 200,
      data: { notice: expect.stringMatching(/^Archived/) },
    });
    const [row] = await db().select().from(payLinks).where(eq(payLinks.id, created));
    expect(row?.status).toBe("archived");
  });
});
