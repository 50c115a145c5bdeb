import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notExists, sql } from "drizzle-orm";
import { auditSource, recordAudit } from "#app/auth/audit.server.ts";
import { mediaUrl } from "#app/catalog/catalog.server.ts";
import { businesses, images, products } from "#app/catalog/schema.server.ts";
import { lagosToday } from "#app/console/lagos-time.ts";
import { businessMembers } from "#app/console/schema.server.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { formatNaira, type Kobo, kobo, koboToNairaText } from "#app/money.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import {
  checkInvoiceFields,
  type InvoiceFieldErrors,
  type InvoiceInput,
  invoiceFieldErrors,
  payLinkFields,
  payLinkFormSchema,
} from "./invoice-input.ts";
import { addDays, invoiceLimits } from "./invoice-limits.ts";
import { invoiceNumberLabel, invoiceState, payLinkState } from "./invoice-state.ts";
import { invoiceTotals } from "./invoice-totals.ts";
import { invoiceLines, invoiceNumbers, invoices, payLinks } from "./schema.server.ts";

/**
 * A business's invoices and pay links (issue 24, decision 058). Every change is one transaction
 * with its audit entry, and starts by checking that the actor runs the business (a manager or
 * its owner); an invoice or link of another business is not found (404), so ids can't be probed.
 * Paying is the payments domain's, through the one confirmation; this module keeps the rest.
 */

export interface InvoiceActor {
  businessId: string;
  userId: string;
  request: Request;
}

export type InvoiceRefusal = { ok: false; status: 400 | 404 | 409; errors: InvoiceFieldErrors };

const notFound: InvoiceRefusal = {
  ok: false,
  status: 404,
  errors: { form: "That invoice isn't one of yours." },
};

/** The roles that may bill (PRODUCT.md: managers and owners run invoices; staff don't). */
const billingRoles = ["manager", "owner"] as const;

/** Whether the actor is a manager or the owner of the business, as of this transaction. */
async function runsBusiness(tx: Executor, actor: InvoiceActor): Promise<boolean> {
  const [member] = await tx
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.businessId, actor.businessId),
        eq(businessMembers.userId, actor.userId),
        inArray(businessMembers.role, [...billingRoles]),
      ),
    );
  return member !== undefined;
}

function audit(actor: InvoiceActor) {
  return { actorId: actor.userId, subjectId: actor.businessId, ...auditSource(actor.request) };
}

/** The actor's business's invoice, locked for the rest of the transaction; null if not theirs. */
async function lockOwnInvoice(tx: Executor, actor: InvoiceActor, invoiceId: string) {
  if (invoiceId.length > 64 || !(await runsBusiness(tx, actor))) return null;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, actor.businessId)))
    .for("update");
  return invoice ?? null;
}

/** The invoice form checked as of `now` (a 400 with every field's message); no database yet. */
export function checkInvoiceForm(form: FormData, now: Date) {
  const checked = checkInvoiceFields(form, lagosToday(now));
  return checked.ok
    ? checked
    : { ok: false as const, status: 400 as const, errors: checked.errors };
}

/**
 * The lines as stored, and the totals: a product line must name one of the business's products,
 * whose name and price stand in for an empty description or unit price (the business may bill
 * its own price: it is their invoice).
 */
async function priceInvoice(
  tx: Executor,
  businessId: string,
  input: InvoiceInput,
  postedRows: readonly number[],
) {
  const productIds = [...new Set(input.lines.map((line) => line.product).filter(Boolean))];
  const catalogue = new Map(
    productIds.length === 0
      ? []
      : (
          await tx
            .select({ id: products.id, name: products.name, priceKobo: products.priceKobo })
            .from(products)
            .where(and(eq(products.businessId, businessId), inArray(products.id, productIds)))
        ).map((product) => [product.id, product]),
  );
  const errors: InvoiceFieldErrors = {};
  const lines = input.lines.map((line, index) => {
    const product = line.product === "" ? undefined : catalogue.get(line.product);
    if (line.product !== "" && !product) {
      errors[`lines.${postedRows[index] ?? index}.product`] = "Choose a product from the list";
    }
    return {
      productId: product?.id ?? null,
      description: (line.description || product?.name || "").slice(
        0,
        invoiceLimits.lineDescriptionMax,
      ),
      quantity: line.quantity as number,
      unitPriceKobo: line.unitPrice ?? product?.priceKobo ?? 0,
    };
  });
  if (Object.keys(errors).length > 0) {
    return { ok: false as const, status: 400 as const, errors };
  }
  const totals = invoiceTotals(lines, input.discount, input.vatApplied);
  const { discount } = input;
  if (
    (discount.kind === "amount" && discount.amountKobo >= totals.subtotalKobo) ||
    (discount.kind === "percent" && discount.percent >= 100)
  ) {
    return {
      ok: false as const,
      status: 400 as const,
      errors: {
        discountValue: `Discount must leave something to pay: the lines come to ${formatNaira(totals.subtotalKobo)}`,
      },
    };
  }
  return { ok: true as const, lines, totals };
}

function invoiceColumns(input: InvoiceInput, totals: ReturnType<typeof invoiceTotals>) {
  const { discount } = input;
  return {
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone,
    discountKind: discount.kind,
    discountValue:
      discount.kind === "percent"
        ? discount.percent
        : discount.kind === "amount"
          ? discount.amountKobo
          : 0,
    vatApplied: input.vatApplied,
    dueOn: input.dueOn,
    notes: input.notes,
    subtotalKobo: totals.subtotalKobo,
    discountKobo: totals.discountKobo,
    vatKobo: totals.vatKobo,
    totalKobo: totals.totalKobo,
  };
}

async function writeLines(
  tx: Executor,
  invoiceId: string,
  lines: {
    productId: string | null;
    description: string;
    quantity: number;
    unitPriceKobo: number;
  }[],
  lineTotals: readonly Kobo[],
) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  await tx.insert(invoiceLines).values(
    lines.map((line, position) => ({
      invoiceId,
      position,
      ...line,
      lineTotalKobo: lineTotals[position] ?? 0,
    })),
  );
}

/** Makes a draft invoice from the console's form. */
export async function createDraft(
  db: Database,
  actor: InvoiceActor,
  form: FormData,
  now = new Date(),
): Promise<{ ok: true; invoiceId: string } | InvoiceRefusal> {
  const checked = checkInvoiceForm(form, now);
  if (!checked.ok) return checked;
  const { input, postedRows } = checked;
  return db.transaction(async (tx): Promise<{ ok: true; invoiceId: string } | InvoiceRefusal> => {
    if (!(await runsBusiness(tx, actor))) return notFound;
    const priced = await priceInvoice(tx, actor.businessId, input, postedRows);
    if (!priced.ok) return priced;
    const invoiceId = newId("inv");
    await tx.insert(invoices).values({
      id: invoiceId,
      publicId: secretToken(),
      businessId: actor.businessId,
      ...invoiceColumns(input, priced.totals),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await writeLines(tx, invoiceId, priced.lines, priced.totals.lineTotalsKobo);
    await recordAudit(tx, {
      action: "invoice.created",
      ...audit(actor),
      details: { invoice: invoiceId, totalKobo: priced.totals.totalKobo },
    });
    return { ok: true, invoiceId };
  });
}

const onlyDrafts: InvoiceRefusal = {
  ok: false,
  status: 409,
  errors: { form: "This invoice has been sent: it can no longer be changed, only voided." },
};

function notDraft(status: string): InvoiceRefusal {
  if (status === "void") {
    return { ok: false, status: 409, errors: { form: "This invoice is void." } };
  }
  return onlyDrafts;
}

/** Replaces a draft's customer, lines, discount, VAT, due date and notes with the form's. */
export async function updateDraft(
  db: Database,
  actor: InvoiceActor,
  invoiceId: string,
  form: FormData,
  now = new Date(),
): Promise<{ ok: true } | InvoiceRefusal> {
  const checked = checkInvoiceForm(form, now);
  if (!checked.ok) return checked;
  const { input, postedRows } = checked;
  return db.transaction(async (tx): Promise<{ ok: true } | InvoiceRefusal> => {
    const invoice = await lockOwnInvoice(tx, actor, invoiceId);
    if (!invoice) return notFound;
    if (invoice.status !== "draft") return notDraft(invoice.status);
    const priced = await priceInvoice(tx, actor.businessId, input, postedRows);
    if (!priced.ok) return priced;
    await tx
      .update(invoices)
      .set({ ...invoiceColumns(input, priced.totals), updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    await writeLines(tx, invoice.id, priced.lines, priced.totals.lineTotalsKobo);
    await recordAudit(tx, {
      action: "invoice.updated",
      ...audit(actor),
      details: { invoice: invoice.id, totalKobo: priced.totals.totalKobo },
    });
    return { ok: true };
  });
}

/** Deletes a draft: it never had a number, so no gap is left. */
export async function deleteDraft(
  db: Database,
  actor: InvoiceActor,
  invoiceId: string,
): Promise<{ ok: true } | InvoiceRefusal> {
  return db.transaction(async (tx): Promise<{ ok: true } | InvoiceRefusal> => {
    const invoice = await lockOwnInvoice(tx, actor, invoiceId);
    if (!invoice) return notFound;
    if (invoice.status !== "draft") return notDraft(invoice.status);
    await tx.delete(invoices).where(eq(invoices.id, invoice.id));
    await recordAudit(tx, {
      action: "invoice.deleted",
      ...audit(actor),
      details: { invoice: invoice.id },
    });
    return { ok: true };
  });
}

/**
 * The business's next invoice number, taken under its `invoice_numbers` row lock: the upsert
 * locks the row (or waits for the transaction that holds it, including one making the first
 * row), so concurrent sends queue here one at a time; the lock lasts until the sending
 * transaction ends, and a send that rolls back gives its number back.
 */
async function nextInvoiceNumber(tx: Executor, businessId: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumbers)
    .values({ businessId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceNumbers.businessId,
      set: { lastNumber: sql`${invoiceNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumbers.lastNumber });
  if (!row) throw new Error("invoice number not taken");
  return row.lastNumber;
}

/** The customer's link to an invoice. */
export function invoiceUrl(publicUrl: string, publicId: string): string {
  return new URL(`/invoices/${publicId}`, publicUrl).toString();
}

/**
 * Sends a draft: gives it the business's next number, marks it sent, and queues the customer's
 * email with the link, all in one transaction. A draft whose due date has passed must be given
 * a new one first. Sending twice is refused (409): the second finds it sent, under its lock.
 */
export async function sendInvoice(
  context: { db: Database; publicUrl: string },
  actor: InvoiceActor,
  invoiceId: string,
  now = new Date(),
): Promise<{ ok: true; number: number } | InvoiceRefusal> {
  return context.db.transaction(
    async (tx): Promise<{ ok: true; number: number } | InvoiceRefusal> => {
      const invoice = await lockOwnInvoice(tx, actor, invoiceId);
      if (!invoice) return notFound;
      if (invoice.status !== "draft") {
        return invoice.status === "void"
          ? notDraft("void")
          : { ok: false, status: 409, errors: { form: "This invoice has already been sent." } };
      }
      if (invoice.dueOn < lagosToday(now)) {
        return {
          ok: false,
          status: 400,
          errors: { dueOn: "The due date has passed: choose a new one before sending" },
        };
      }
      const number = await nextInvoiceNumber(tx, invoice.businessId);
      await tx
        .update(invoices)
        .set({ status: "sent", number, sentAt: now, updatedAt: now })
        .where(eq(invoices.id, invoice.id));
      const [business] = await tx
        .select({ name: businesses.name })
        .from(businesses)
        .where(eq(businesses.id, invoice.businessId));
      const businessName = business?.name ?? "A business";
      const label = invoiceNumberLabel(number);
      const total = formatNaira(kobo(invoice.totalKobo));
      const firstName = invoice.customerName.split(/\s+/)[0] ?? invoice.customerName;
      const content = renderEmail({
        preview: `${label} for ${total}, due ${formatDay(invoice.dueOn)}.`,
        heading: `${businessName} sent you an invoice`,
        paragraphs: [
          `Hello ${firstName}, ${businessName} sent you invoice ${label} for ${total}, due ${formatDay(invoice.dueOn)}.`,
          "You can see what it's for and pay it online with a card or a bank transfer. You don't need an Oja account.",
        ],
        action: { label: "View and pay", url: invoiceUrl(context.publicUrl, invoice.publicId) },
        footer: `You get this email because ${businessName} billed you through Oja. Whoever has this link can see the invoice.`,
      });
      await queueEmail(tx, {
        to: invoice.customerEmail,
        subject: `Invoice ${label} from ${businessName}: ${total}`,
        kind: "invoice-sent",
        ...content,
      });
      await recordAudit(tx, {
        action: "invoice.sent",
        ...audit(actor),
        details: { invoice: invoice.id, number, totalKobo: invoice.totalKobo },
      });
      return { ok: true, number };
    },
  );
}

/** Voids a draft or a sent invoice; a paid one can't be (it is refunded through its payment). */
export async function voidInvoice(
  db: Database,
  actor: InvoiceActor,
  invoiceId: string,
  now = new Date(),
): Promise<{ ok: true } | InvoiceRefusal> {
  return db.transaction(async (tx): Promise<{ ok: true } | InvoiceRefusal> => {
    const invoice = await lockOwnInvoice(tx, actor, invoiceId);
    if (!invoice) return notFound;
    if (invoice.status === "paid") {
      return {
        ok: false,
        status: 409,
        errors: { form: "This invoice has been paid: it can't be voided." },
      };
    }
    if (invoice.status === "void") return notDraft("void");
    await tx
      .update(invoices)
      .set({ status: "void", voidedAt: now, updatedAt: now })
      .where(eq(invoices.id, invoice.id));
    await recordAudit(tx, {
      action: "invoice.voided",
      ...audit(actor),
      details: { invoice: invoice.id, number: invoice.number },
    });
    return { ok: true };
  });
}

/**
 * Notes the customer's first opening of a sent invoice (the console's "opened"); later opens
 * change nothing. A signed-in `viewerId` who is a member of the invoice's business (any role)
 * doesn't count: a business checking its own link hasn't had it opened. The check is in the
 * same statement, so the page needs no business id to make it.
 */
export async function markViewed(
  db: Database,
  publicId: string,
  now = new Date(),
  viewerId: string | null = null,
) {
  if (publicId.length > 64) return false;
  const rows = await db
    .update(invoices)
    .set({ firstViewedAt: now })
    .where(
      and(
        eq(invoices.publicId, publicId),
        isNull(invoices.firstViewedAt),
        isNotNull(invoices.sentAt),
        viewerId === null
          ? undefined
          : notExists(
              db
                .select({ one: sql`1` })
                .from(businessMembers)
                .where(
                  and(
                    eq(businessMembers.businessId, invoices.businessId),
                    eq(businessMembers.userId, viewerId),
                  ),
                ),
            ),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export const invoicesPageSize = 20;

/**
 * The business's invoices, newest first, a page at a time (keyset on created_at to the
 * microsecond, then id), with what the console's list shows. Throws InvalidPageCursorError for
 * an `after` cursor this list didn't make.
 */
export async function invoicesPage(
  db: Database,
  businessId: string,
  options: { after?: string; limit?: number } = {},
  now = new Date(),
) {
  const limit = options.limit ?? invoicesPageSize;
  const after = options.after ? decodeCursor(options.after, exactTimeKey) : null;
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      customerName: invoices.customerName,
      customerEmail: invoices.customerEmail,
      totalKobo: invoices.totalKobo,
      dueOn: invoices.dueOn,
      sentAt: invoices.sentAt,
      firstViewedAt: invoices.firstViewedAt,
      paidAt: invoices.paidAt,
      voidedAt: invoices.voidedAt,
      createdAt: invoices.createdAt,
      createdKey: exactTime(sql`${invoices.createdAt}`),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, businessId),
        after
          ? sql`(${invoices.createdAt} < ${after.key}::timestamptz
              or (${invoices.createdAt} = ${after.key}::timestamptz
                and ${invoices.id} collate "C" < ${after.id}))`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(sql`${invoices.id} collate "C"`))
    .limit(limit + 1);
  const last = rows[limit - 1];
  return {
    items: rows.slice(0, limit).map(({ createdKey: _key, ...row }) => ({
      ...row,
      totalKobo: kobo(row.totalKobo),
      state: invoiceState(row, now),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(last.createdKey, last.id) : null,
  };
}

/** The business's invoices, newest first (the latest 500), with what the console's list shows. */
export async function listInvoices(db: Database, businessId: string, now = new Date()) {
  return (await invoicesPage(db, businessId, { limit: 500 }, now)).items;
}

/**
 * What the invoice form's product choice offers: the business's products that aren't archived,
 * by name, with the price a line takes when its own is left empty (also as the form writes it).
 */
export async function invoiceProducts(db: Database, businessId: string) {
  const rows = await db
    .select({ id: products.id, name: products.name, priceKobo: products.priceKobo })
    .from(products)
    .where(and(eq(products.businessId, businessId), ne(products.status, "archived")))
    .orderBy(asc(products.name), asc(sql`${products.id} collate "C"`))
    .limit(500);
  return rows.map((row) => ({
    ...row,
    priceKobo: kobo(row.priceKobo),
    priceText: koboToNairaText(kobo(row.priceKobo)),
  }));
}

async function linesOf(executor: Executor, invoiceId: string) {
  const rows = await executor
    .select({
      position: invoiceLines.position,
      productId: invoiceLines.productId,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitPriceKobo: invoiceLines.unitPriceKobo,
      lineTotalKobo: invoiceLines.lineTotalKobo,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(invoiceLines.position);
  return rows.map((line) => ({
    ...line,
    unitPriceKobo: kobo(line.unitPriceKobo),
    lineTotalKobo: kobo(line.lineTotalKobo),
  }));
}

/** One invoice of the business with its lines, for the console; null when it isn't theirs. */
export async function invoiceForBusiness(
  db: Database,
  businessId: string,
  invoiceId: string,
  now = new Date(),
) {
  if (invoiceId.length > 64) return null;
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)));
  if (!invoice) return null;
  return {
    ...invoice,
    subtotalKobo: kobo(invoice.subtotalKobo),
    discountKobo: kobo(invoice.discountKobo),
    vatKobo: kobo(invoice.vatKobo),
    totalKobo: kobo(invoice.totalKobo),
    state: invoiceState(invoice, now),
    lines: await linesOf(db, invoice.id),
  };
}

/**
 * What /invoices/{publicId} may show: the business's brand, the invoice's number, customer
 * name, lines, totals, due date and state. Nothing else (no internal ids, no one's contact
 * details beyond the customer's name and email, who is paying). A draft isn't an invoice yet:
 * null, as for an unknown link.
 */
export async function publicInvoice(db: Database, publicId: string, now = new Date()) {
  if (publicId.length > 64) return null;
  const [row] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      customerName: invoices.customerName,
      customerEmail: invoices.customerEmail,
      discountKind: invoices.discountKind,
      discountValue: invoices.discountValue,
      vatApplied: invoices.vatApplied,
      dueOn: invoices.dueOn,
      notes: invoices.notes,
      subtotalKobo: invoices.subtotalKobo,
      discountKobo: invoices.discountKobo,
      vatKobo: invoices.vatKobo,
      totalKobo: invoices.totalKobo,
      sentAt: invoices.sentAt,
      paidAt: invoices.paidAt,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      brandColor: businesses.brandColor,
      logoPath: images.path,
    })
    .from(invoices)
    .innerJoin(businesses, eq(businesses.id, invoices.businessId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .where(and(eq(invoices.publicId, publicId), isNotNull(invoices.sentAt)));
  if (!row || row.number === null || row.sentAt === null) return null;
  const { id, businessName, businessSlug, brandColor, logoPath, ...invoice } = row;
  return {
    business: {
      name: businessName,
      slug: businessSlug,
      brandColor,
      logoUrl: logoPath ? mediaUrl(logoPath) : null,
    },
    ...invoice,
    number: row.number,
    label: invoiceNumberLabel(row.number),
    subtotalKobo: kobo(row.subtotalKobo),
    discountKobo: kobo(row.discountKobo),
    vatKobo: kobo(row.vatKobo),
    totalKobo: kobo(row.totalKobo),
    state: invoiceState(row, now),
    payable: row.status === "sent",
    lines: (await linesOf(db, id)).map(({ productId: _product, ...line }) => line),
  };
}

/* Pay links */

const linkNotFound: InvoiceRefusal = {
  ok: false,
  status: 404,
  errors: { form: "That pay link isn't one of yours." },
};

/** The instant a link stops taking payments: the end of its last Lagos day. */
function endOfLagosDay(day: string): Date {
  return new Date(`${addDays(day, 1)}T00:00:00+01:00`);
}

/** Makes a pay link from the console's form. */
export async function createPayLink(
  db: Database,
  actor: InvoiceActor,
  form: FormData,
  now = new Date(),
): Promise<{ ok: true; payLinkId: string; publicId: string } | InvoiceRefusal> {
  const values: Record<string, string> = {};
  for (const name of payLinkFields) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  const parsed = payLinkFormSchema(lagosToday(now)).safeParse(values);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: invoiceFieldErrors(parsed.error, []) };
  }
  const input = parsed.data;
  return db.transaction(async (tx) => {
    if (!(await runsBusiness(tx, actor))) return linkNotFound;
    const payLinkId = newId("plk");
    const publicId = secretToken();
    const { expiresOn, ...link } = input;
    await tx.insert(payLinks).values({
      id: payLinkId,
      publicId,
      businessId: actor.businessId,
      ...link,
      expiresAt: expiresOn === null ? null : endOfLagosDay(expiresOn),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      action: "pay-link.created",
      ...audit(actor),
      details: { payLink: payLinkId, amountKobo: link.amountKobo },
    });
    return { ok: true as const, payLinkId, publicId };
  });
}

/** Archives a link: it takes no more payments; what was paid through it stays. */
export async function archivePayLink(
  db: Database,
  actor: InvoiceActor,
  payLinkId: string,
  now = new Date(),
): Promise<{ ok: true } | InvoiceRefusal> {
  return db.transaction(async (tx): Promise<{ ok: true } | InvoiceRefusal> => {
    if (payLinkId.length > 64 || !(await runsBusiness(tx, actor))) return linkNotFound;
    const [link] = await tx
      .select({ id: payLinks.id, status: payLinks.status })
      .from(payLinks)
      .where(and(eq(payLinks.id, payLinkId), eq(payLinks.businessId, actor.businessId)))
      .for("update");
    if (!link) return linkNotFound;
    if (link.status === "archived") return { ok: true };
    await tx
      .update(payLinks)
      .set({ status: "archived", archivedAt: now, updatedAt: now })
      .where(eq(payLinks.id, link.id));
    await recordAudit(tx, {
      action: "pay-link.archived",
      ...audit(actor),
      details: { payLink: link.id },
    });
    return { ok: true };
  });
}

function payLinkView(row: typeof payLinks.$inferSelect, now: Date) {
  const state = payLinkState(row, now);
  return {
    ...row,
    amountKobo: row.amountKobo === null ? null : kobo(row.amountKobo),
    minAmountKobo: row.minAmountKobo === null ? null : kobo(row.minAmountKobo),
    maxAmountKobo: row.maxAmountKobo === null ? null : kobo(row.maxAmountKobo),
    state,
    payable: state === "active",
  };
}

/** The business's pay links, newest first. */
export async function listPayLinks(db: Database, businessId: string, now = new Date()) {
  const rows = await db
    .select()
    .from(payLinks)
    .where(eq(payLinks.businessId, businessId))
    .orderBy(desc(payLinks.createdAt), desc(sql`${payLinks.id} collate "C"`))
    .limit(500);
  return rows.map((row) => payLinkView(row, now));
}

/**
 * What /pay/{publicId} may show, and whether it can be paid now (active, not expired, not paid
 * as often as it allows); null for an unknown link.
 */
export async function publicPayLink(db: Database, publicId: string, now = new Date()) {
  if (publicId.length > 64) return null;
  const [row] = await db
    .select({
      link: payLinks,
      businessName: businesses.name,
      businessSlug: businesses.slug,
      brandColor: businesses.brandColor,
      logoPath: images.path,
    })
    .from(payLinks)
    .innerJoin(businesses, eq(businesses.id, payLinks.businessId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .where(eq(payLinks.publicId, publicId));
  if (!row) return null;
  const view = payLinkView(row.link, now);
  return {
    business: {
      name: row.businessName,
      slug: row.businessSlug,
      brandColor: row.brandColor,
      logoUrl: row.logoPath ? mediaUrl(row.logoPath) : null,
    },
    description: view.description,
    amountKind: view.amountKind,
    amountKobo: view.amountKobo,
    minAmountKobo: view.minAmountKobo,
    maxAmountKobo: view.maxAmountKobo,
    expiresAt: view.expiresAt,
    state: view.state,
    payable: view.payable,
  };
}
