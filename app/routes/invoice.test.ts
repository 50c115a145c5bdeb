import { eq } from "drizzle-orm";
import { decodePDFRawStream, PDFDocument, PDFRawStream, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import { businessMembers } from "#app/console/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { addDays, invoiceLimits } from "#app/invoices/invoice-limits.ts";
import { invoicePdf, pdfText } from "#app/invoices/invoice-pdf.server.ts";
import {
  createDraft,
  invoiceForBusiness,
  publicInvoice,
  sendInvoice,
} from "#app/invoices/invoices.server.ts";
import { invoiceLines, invoices } from "#app/invoices/schema.server.ts";
import { privatePageHeaders } from "#app/security/private-page.ts";
import { getFrom, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { cacheableAddress } from "../../server/page-cache.ts";
import * as page from "./invoice.tsx";
import * as pdfRoute from "./invoice-pdf.ts";

/**
 * The customer's invoice, /invoices/{id} and its PDF (issue 24, decision 059), through their
 * loaders as a browser reaches them: what a customer sees, what counts as opening it, and a PDF
 * that survives whatever people typed.
 */
let database: DatabaseHandle;
const db = () => database.db;
let shop: Awaited<ReturnType<typeof createBusiness>>;
let manager: TestAccount;
let staff: TestAccount;
let stranger: TestAccount;
const phone = "+2348031234567";

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  shop = await createBusiness(db(), {
    categoryId: category.id,
    name: "Adaeze Prints",
    slug: "adaeze-prints",
    brandColor: "#7a2e8c",
    phone: "+2348099990000",
    email: "hello@adaeze-prints.example",
    address: "4 Kofo Abayomi Street",
  });
  [manager, staff, stranger] = await Promise.all([
    signUpAs(db(), { name: "Adaeze Manager" }),
    signUpAs(db(), { name: "Sola Staff" }),
    signUpAs(db(), { name: "Bisi Stranger" }),
  ]);
  await db()
    .insert(businessMembers)
    .values([
      { businessId: shop.id, userId: manager.userId, role: "manager" },
      { businessId: shop.id, userId: staff.userId, role: "staff" },
    ]);
}, 60_000);

afterAll(() => database.close());

type Row = [description: string, quantity: string, unitPrice: string];

function invoiceForm(fields: Record<string, string>, rows: Row[]) {
  const form = new FormData();
  const values: Record<string, string> = {
    customerName: "Chiamaka Obi",
    customerEmail: "chiamaka@example.com",
    customerPhone: phone,
    dueOn: addDays(lagosToday(new Date()), 30),
    notes: "Thank you for your business.\nBank transfer is fine too.",
    discountKind: "percent",
    discountValue: "10",
    vat: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  for (const [description, quantity, unitPrice] of rows) {
    form.append("lineProduct", "");
    form.append("lineDescription", description);
    form.append("lineQuantity", quantity);
    form.append("lineUnitPrice", unitPrice);
  }
  return form;
}

/** A draft made and, unless `send` is false, sent by the manager; its ids. */
async function invoice({
  send = true,
  fields = {},
  rows = [["Banner print", "2", "15000"]] as Row[],
} = {}) {
  const actor = {
    businessId: shop.id,
    userId: manager.userId,
    request: new Request("http://localhost/vendor"),
  };
  const made = await createDraft(db(), actor, invoiceForm(fields, rows));
  if (!made.ok) throw new Error(JSON.stringify(made.errors));
  if (send) {
    const sent = await sendInvoice(
      { db: db(), publicUrl: "https://oja.example" },
      actor,
      made.invoiceId,
    );
    if (!sent.ok) throw new Error(JSON.stringify(sent.errors));
  }
  const row = await invoiceForBusiness(db(), shop.id, made.invoiceId);
  if (!row) throw new Error("invoice not found");
  return { id: row.id, publicId: row.publicId };
}

const open = (publicId: string, options: { cookie?: string; userAgent?: string } = {}) =>
  getFrom(db(), page, `/invoices/${publicId}`, { ...options, params: { id: publicId } });

const download = (publicId: string) =>
  getFrom(db(), pdfRoute, `/invoices/${publicId}/pdf`, { params: { id: publicId } });

async function openedAt(invoiceId: string) {
  const [row] = await db()
    .select({ at: invoices.firstViewedAt })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return row?.at ?? null;
}

/** The text a PDF draws, page by page: its content streams' strings, as WinAnsi (≈ Latin-1). */
async function pdfStrings(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  let text = "";
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString("latin1");
    for (const [, hex = ""] of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      text += `${Buffer.from(hex, "hex").toString("latin1")}\n`;
    }
  }
  return text;
}

describe("/invoices/{id}", () => {
  test("an unknown link, a draft and a link too long to be one are the 404 page, as is their PDF", async () => {
    const draft = await invoice({ send: false });
    for (const publicId of ["0123456789abcdefghjkmnpqrs", draft.publicId, "a".repeat(65)]) {
      const shown = await open(publicId);
      expect(shown).toMatchObject({ status: 404, thrown: true });
      expect(shown.data).toEqual({ message: `Page not found: /invoices/${publicId}` });
      expect(await download(publicId)).toMatchObject({ status: 404, thrown: true });
    }
    expect(await openedAt(draft.id)).toBeNull();
  });

  test("shows the invoice: brand, number, customer, lines, totals, due date, Pay", async () => {
    const sent = await invoice();
    const shown = await open(sent.publicId);
    expect(shown.status).toBe(200);
    const data = shown.data as Awaited<ReturnType<typeof page.loader>>;
    expect(data.invoice).toMatchObject({
      business: { name: "Adaeze Prints", slug: "adaeze-prints", brandColor: "#7a2e8c" },
      label: expect.stringMatching(/^INV-\d{4}$/),
      customerName: "Chiamaka Obi",
      customerEmail: "chiamaka@example.com",
      state: "sent",
      payable: true,
      subtotalKobo: 3_000_000,
      discountKobo: 300_000,
      vatKobo: 202_500,
      totalKobo: 2_902_500,
      lines: [{ description: "Banner print", quantity: 2, unitPriceKobo: 1_500_000 }],
    });
    expect(data.payUrl).toBe(`http://localhost:3000/pay/${sent.publicId}`);
  });

  test("shows nothing beyond the invoice: no internal ids, no phone, no business contact details", async () => {
    const sent = await invoice();
    const shown = JSON.stringify((await open(sent.publicId)).data);
    for (const secret of [
      sent.id,
      shop.id,
      manager.userId,
      phone,
      shop.phone,
      shop.email,
      shop.address,
    ]) {
      expect(shown).not.toContain(secret);
    }
  });

  test("is sent private, no-store, never kept by the render cache, and asks not to be indexed", () => {
    expect(page.headers).toBe(privatePageHeaders);
    expect(cacheableAddress("/invoices/0123456789abcdefghjkmnpqrs")).toBeUndefined();
    expect(cacheableAddress("/invoices/0123456789abcdefghjkmnpqrs.data")).toBeUndefined();
    expect(cacheableAddress("/invoices/0123456789abcdefghjkmnpqrs/pdf")).toBeUndefined();
    expect(page.meta({ loaderData: undefined } as never)).toContainEqual({
      name: "robots",
      content: "noindex",
    });
  });
});

describe("opening an invoice", () => {
  test("a guest's first look marks it opened; a later look changes nothing", async () => {
    const sent = await invoice();
    await open(sent.publicId);
    const first = await openedAt(sent.id);
    expect(first).toBeInstanceOf(Date);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await open(sent.publicId, { cookie: stranger.cookie });
    expect(await openedAt(sent.id)).toEqual(first);
  });

  test("a signed-in stranger's look marks it opened", async () => {
    const sent = await invoice();
    await open(sent.publicId, { cookie: stranger.cookie });
    expect(await openedAt(sent.id)).toBeInstanceOf(Date);
  });

  test("the business's own manager and staff checking the link don't mark it opened", async () => {
    const sent = await invoice();
    expect((await open(sent.publicId, { cookie: manager.cookie })).status).toBe(200);
    expect((await open(sent.publicId, { cookie: staff.cookie })).status).toBe(200);
    expect(await openedAt(sent.id)).toBeNull();
  });

  test("a chat app's link preview doesn't mark it opened", async () => {
    const sent = await invoice();
    await open(sent.publicId, { userAgent: "WhatsApp/2.23.20.0 A" });
    await open(sent.publicId, { userAgent: "facebookexternalhit/1.1" });
    expect(await openedAt(sent.id)).toBeNull();
  });

  test("downloading the PDF doesn't count as opening: the page does", async () => {
    const sent = await invoice();
    await download(sent.publicId);
    expect(await openedAt(sent.id)).toBeNull();
  });
});

describe("/invoices/{id}/pdf", () => {
  test("answers an A4 PDF named after the invoice and the business, private", async () => {
    const sent = await invoice();
    const answer = await download(sent.publicId);
    const response = answer.response as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="INV-\d{4}-adaeze-prints\.pdf"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
  });

  test("holds the invoice and its pay link in NGN amounts, and nothing the page doesn't show", async () => {
    const sent = await invoice();
    const response = (await download(sent.publicId)).response as Response;
    const text = await pdfStrings(new Uint8Array(await response.arrayBuffer()));
    for (const shown of [
      "Adaeze Prints",
      "Chiamaka Obi",
      "chiamaka@example.com",
      "Banner print",
      "NGN 15,000.00",
      "Discount (10% off)",
      "-NGN 3,000.00",
      "VAT 7.5%",
      "NGN 29,025.00",
      "Thank you for your business.",
      "Bank transfer is fine too.",
      `http://localhost:3000/pay/${sent.publicId}`,
    ]) {
      expect(text).toContain(shown);
    }
    for (const secret of [sent.id, shop.id, manager.userId, phone, shop.phone, shop.email]) {
      expect(text).not.toContain(secret);
    }
  });

  test("a paid invoice is stamped PAID and offers no pay link", async () => {
    const sent = await invoice();
    await db()
      .update(invoices)
      .set({ status: "paid", paidAt: new Date() })
      .where(eq(invoices.id, sent.id));
    const text = await pdfStrings(
      new Uint8Array(await ((await download(sent.publicId)).response as Response).arrayBuffer()),
    );
    expect(text).toContain("PAID");
    expect(text).not.toContain("/pay/");
  });

  test("survives whatever people typed: emoji, Yoruba marks, control characters, right-to-left text", async () => {
    const sent = await invoice();
    // What PostgreSQL can hold (it refuses NUL bytes; the next test gives them to the PDF itself).
    const hostile = [
      "Ọmọ́ Ṣàngó ẹ̀kọ́ 🎉👨‍👩‍👧",
      "bell\u0007here\u001b[31m",
      "שלום עולם مرحبا بالعالم",
      "\u202eevil\u202c \u200bzero\u200dwidth\ufeff",
      "₦5,000 deposit 中文 lone",
      "x".repeat(150),
    ];
    await db()
      .update(invoices)
      .set({
        customerName: hostile[0],
        customerEmail: "ọmọ@example.com",
        notes: hostile.join("\n"),
      })
      .where(eq(invoices.id, sent.id));
    await db()
      .update(invoiceLines)
      .set({ description: hostile.slice(0, 5).join(" ") })
      .where(eq(invoiceLines.invoiceId, sent.id));
    const response = (await download(sent.publicId)).response as Response;
    expect(response.status).toBe(200);
    const text = await pdfStrings(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain("Omó Sàngó èkó ?");
    expect(text).toContain("bellhere[31m");
    expect(text).toContain("NGN5,000 deposit ? lone");
    expect(text).toContain("omo@example.com");
  });

  test("survives NUL bytes and broken UTF-16 in any text it is given", async () => {
    const sent = await invoice();
    const shown = await publicInvoice(db(), sent.publicId);
    if (!shown) throw new Error("no invoice");
    const odd = "a\u0000b \ud800 c\udfff \u0000\u0000";
    const bytes = await invoicePdf(
      {
        ...shown,
        business: { ...shown.business, name: `Shop ${odd}` },
        customerName: odd,
        notes: odd,
        lines: shown.lines.map((line) => ({ ...line, description: odd })),
      },
      { payUrl: `https://oja.example/pay/${odd}` },
    );
    const text = await pdfStrings(bytes);
    expect(text).toContain("ab ? c?");
    expect(text).not.toContain("\u0000");
  });

  test("a 100-line invoice with long descriptions runs onto more pages, each numbered", async () => {
    const rows: Row[] = Array.from({ length: invoiceLimits.maxLines }, (_, n) => [
      `Line ${n + 1}: ${"a long description that wraps ".repeat(6)}`.slice(
        0,
        invoiceLimits.lineDescriptionMax,
      ),
      "10000",
      "10000000",
    ]);
    const sent = await invoice({ rows, fields: { discountKind: "none", discountValue: "" } });
    const response = (await download(sent.publicId)).response as Response;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(2);
    const text = await pdfStrings(bytes);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain("Line 100:");
  });
});

describe("text for the PDF's fonts", () => {
  let canDraw: (codePoint: number) => boolean;
  beforeAll(async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const set = new Set(font.getCharacterSet());
    canDraw = (codePoint) => set.has(codePoint);
  });

  test.each([
    ["Adébáyọ̀ Ọlọ́run", "Adébáyò Olórun"],
    ["Ṣadé ẹ ọ ṣ", "Sadé e o s"],
    ["Café “quoted” – €5 … naïve", "Café “quoted” – €5 … naïve"],
    ["Party 🎉🎉 time 👍🏽", "Party ? time ?"],
    ["a\u0000b\u001fc\u007f", "abc"],
    ["\u202eevil\u202c", "evil"],
    ["مرحبا world", "? world"],
    ["₦1,000", "NGN1,000"],
    ["one\ntwo\r\nthree\ttab", "one two three tab"],
  ])("%j is drawn as %j", (typed, drawn) => {
    expect(pdfText(typed, canDraw)).toBe(drawn);
  });

  test("notes keep their line breaks", () => {
    expect(pdfText("one\r\ntwo\n\nthree", canDraw, { multiline: true })).toBe("one\ntwo\n\nthree");
  });
});
