import {
  PDFDocument,
  type PDFFont,
  type PDFPage,
  PDFString,
  type RGB,
  rgb,
  StandardFonts,
} from "pdf-lib";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatNairaPlain, type Kobo } from "#app/money.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { vatRatePercent } from "./invoice-limits.ts";
import { discountLabel, invoiceStateLine } from "./invoice-view.ts";
import type { publicInvoice } from "./invoices.server.ts";

/**
 * The customer's invoice as an A4 PDF (issue 24, decision 059), made on the server with pdf-lib
 * and its standard Helvetica: no font file to ship, and a few KB a file. It holds what the page
 * /invoices/{id} shows and nothing more. The standard fonts encode WinAnsi only, so amounts are
 * written "NGN 1,234.50" and text people typed goes through `pdfText` first: anything WinAnsi
 * can't draw would make pdf-lib throw.
 */
export type PublicInvoice = NonNullable<Awaited<ReturnType<typeof publicInvoice>>>;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
const mark = /\p{M}/u;
const invisible = /^[\p{Cc}\p{Cf}]+$/u;

/**
 * `text` as the standard fonts can draw it (`canDraw` says which code points): a letter keeps
 * the marks WinAnsi has and loses the others (Yoruba "ẹ̀ ọ́ ṣ" → "è ó s"), "₦" becomes "NGN",
 * control and format characters (NUL, bidi overrides, zero-width spaces) go, line breaks become
 * spaces unless `multiline`, and anything else is one "?" for each run of it (emoji, Arabic,
 * Chinese): nothing typed can make pdf-lib throw.
 */
export function pdfText(
  text: string,
  canDraw: (codePoint: number) => boolean,
  { multiline = false } = {},
): string {
  const drawable = (part: string) => [...part].every((char) => canDraw(char.codePointAt(0) ?? 0));
  let out = "";
  let replacing = false;
  const put = (part: string) => {
    out += part;
    replacing = false;
  };
  for (const { segment } of graphemes.segment(text.normalize("NFC"))) {
    if (/^(\r\n|\r|\n)$/.test(segment)) put(multiline ? "\n" : " ");
    else if (drawable(segment)) put(segment);
    else if (/^\s+$/u.test(segment)) put(" ");
    else if (invisible.test(segment)) continue;
    else if (segment === "₦") put("NGN");
    else {
      // The letters, then each mark that still makes something drawable with them.
      const parts = [...segment.normalize("NFD")].filter((char) => !invisible.test(char));
      let kept = parts.filter((char) => !mark.test(char)).join("");
      for (const char of parts.filter((part) => mark.test(part))) {
        if (drawable(`${kept}${char}`.normalize("NFC"))) kept = `${kept}${char}`.normalize("NFC");
      }
      if (kept !== "" && drawable(kept)) put(kept);
      else if (!replacing) {
        out += "?";
        replacing = true;
      }
    }
  }
  return out;
}

const a4: [number, number] = [595.28, 841.89];
const margin = 50;
const right = a4[0] - margin;
const footerSpace = 60;
const ink = rgb(0.09, 0.11, 0.1);
const muted = rgb(0.33, 0.36, 0.34);
const rule = rgb(0.8, 0.82, 0.8);
const stampColours: Record<"PAID" | "VOID" | "OVERDUE", RGB> = {
  PAID: rgb(0.04, 0.48, 0.29),
  VOID: rgb(0.33, 0.36, 0.34),
  OVERDUE: rgb(0.71, 0.14, 0.09),
};

/** The columns of the lines' table: the description's left edge and width, the others' right edges. */
const columns = { description: margin, descriptionWidth: 205, quantity: 305, unitPrice: 415 };

function hexColour(hex: string): RGB {
  const n = /^#[0-9a-f]{6}$/i.test(hex) ? Number.parseInt(hex.slice(1), 16) : 0x0b7a4b;
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/** Greedy word wrap within `width`; a word wider than the line is broken where it must be. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export async function invoicePdf(
  invoice: PublicInvoice,
  links: { payUrl: string },
  now = new Date(),
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  const canDraw = (codePoint: number) => drawable.has(codePoint);
  const clean = (text: string, multiline = false) => pdfText(text, canDraw, { multiline });
  const money = (value: Kobo) => formatNairaPlain(value);

  const businessName = clean(invoice.business.name) || "A business";
  const state = invoiceStateLine(invoice);
  pdf.setTitle(`${invoice.label} from ${businessName}`);
  pdf.setAuthor(businessName);
  pdf.setCreator("Oja");
  pdf.setProducer("Oja");
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const pages: PDFPage[] = [];
  let page = pdf.addPage(a4);
  pages.push(page);
  let y = a4[1] - margin;

  const text = (
    value: string,
    x: number,
    at: number,
    options: { size?: number; font?: PDFFont; colour?: RGB; align?: "left" | "right" } = {},
  ) => {
    const { size = 10, font = regular, colour = ink, align = "left" } = options;
    const left = align === "right" ? x - font.widthOfTextAtSize(value, size) : x;
    page.drawText(value, { x: left, y: at, size, font, color: colour });
  };
  /** Money right-aligned at `x`, made smaller if it would pass `width`. */
  const amount = (value: string, x: number, at: number, width: number, font = regular) => {
    let size = 10;
    while (size > 6 && font.widthOfTextAtSize(value, size) > width) size -= 0.5;
    text(value, x, at, { size, font, align: "right" });
  };
  const ruleAt = (at: number, colour = rule, thickness = 0.75) =>
    page.drawLine({
      start: { x: margin, y: at },
      end: { x: right, y: at },
      thickness,
      color: colour,
    });
  const newPage = () => {
    page = pdf.addPage(a4);
    pages.push(page);
    y = a4[1] - margin;
  };
  /** Room for `height` more points on this page, or a new page. */
  const room = (height: number) => {
    if (y - height < margin + footerSpace) {
      newPage();
      return true;
    }
    return false;
  };

  // The business's colour along the top, its name, and the invoice's number beside it.
  page.drawRectangle({
    x: 0,
    y: a4[1] - 8,
    width: a4[0],
    height: 8,
    color: hexColour(invoice.business.brandColor),
  });
  const nameLines = wrap(businessName, bold, 18, 290);
  for (const line of nameLines) {
    text(line, margin, y - 18, { size: 18, font: bold });
    y -= 22;
  }
  text(`Invoice ${invoice.label}`, right, a4[1] - margin - 18, {
    size: 18,
    font: bold,
    align: "right",
  });
  let headerBottom = a4[1] - margin - 40;
  if (state.stamp) {
    const colour = stampColours[state.stamp];
    const width = bold.widthOfTextAtSize(state.stamp, 16) + 20;
    page.drawRectangle({
      x: right - width,
      y: headerBottom - 26,
      width,
      height: 28,
      borderColor: colour,
      borderWidth: 2,
    });
    text(state.stamp, right - 10, headerBottom - 18, {
      size: 16,
      font: bold,
      colour,
      align: "right",
    });
    headerBottom -= 36;
  }
  y = Math.min(y, headerBottom) - 16;

  // Who is billed, and the dates.
  const label = (value: string, x: number, at: number) =>
    text(value.toUpperCase(), x, at, { size: 8, font: bold, colour: muted });
  label("Billed to", margin, y);
  const billedTo = [
    ...wrap(clean(invoice.customerName), bold, 11, 260).map((line) => ({ line, font: bold })),
    ...wrap(clean(invoice.customerEmail), regular, 10, 260).map((line) => ({
      line,
      font: regular,
    })),
  ];
  let left = y - 15;
  for (const { line, font } of billedTo) {
    text(line, margin, left, { size: font === bold ? 11 : 10, font });
    left -= 14;
  }
  const dates: Array<[string, string]> = [
    ["Issued", invoice.sentAt ? formatLagosDay(invoice.sentAt) : ""],
    ["Due", formatDay(invoice.dueOn)],
  ];
  if (invoice.paidAt) dates.push(["Paid", formatLagosDay(invoice.paidAt)]);
  let rightColumn = y;
  for (const [name, value] of dates) {
    label(name, 330, rightColumn);
    text(value, right, rightColumn, { align: "right" });
    rightColumn -= 15;
  }
  // Paid, void or overdue in words too (an invoice waiting to be paid has its due date above).
  if (state.stamp) {
    text(clean(state.text), right, rightColumn - 2, {
      size: 9,
      colour: stampColours[state.stamp],
      font: bold,
      align: "right",
    });
    rightColumn -= 15;
  }
  y = Math.min(left, rightColumn) - 22;

  // The lines, their header again at the top of every page they run onto.
  const tableHeader = () => {
    label("Description", columns.description, y);
    text("QTY", columns.quantity, y, { size: 8, font: bold, colour: muted, align: "right" });
    text("UNIT PRICE", columns.unitPrice, y, {
      size: 8,
      font: bold,
      colour: muted,
      align: "right",
    });
    text("AMOUNT", right, y, { size: 8, font: bold, colour: muted, align: "right" });
    y -= 7;
    ruleAt(y, ink);
    y -= 15;
  };
  tableHeader();
  for (const line of invoice.lines) {
    const rows = wrap(clean(line.description) || "-", regular, 10, columns.descriptionWidth);
    const height = rows.length * 13 + 8;
    if (room(height)) tableHeader();
    text(String(line.quantity), columns.quantity, y, { align: "right" });
    amount(money(line.unitPriceKobo), columns.unitPrice, y, 100);
    amount(money(line.lineTotalKobo), right, y, 115);
    for (const row of rows) {
      text(row, columns.description, y);
      y -= 13;
    }
    y += 5;
    ruleAt(y);
    y -= 13;
  }

  // The totals, kept together.
  const totals: Array<[string, string]> = [["Subtotal", money(invoice.subtotalKobo)]];
  if (invoice.discountKobo > 0) {
    totals.push([discountLabel(invoice), money(-invoice.discountKobo as Kobo)]);
  }
  if (invoice.vatApplied) totals.push([`VAT ${vatRatePercent}%`, money(invoice.vatKobo)]);
  room(totals.length * 16 + 30);
  y -= 2;
  for (const [name, value] of totals) {
    text(name, 330, y);
    amount(value, right, y, 130);
    y -= 16;
  }
  page.drawLine({
    start: { x: 330, y: y + 9 },
    end: { x: right, y: y + 9 },
    thickness: 1,
    color: ink,
  });
  y -= 6;
  text("Total", 330, y, { size: 12, font: bold });
  let totalSize = 12;
  const total = money(invoice.totalKobo);
  while (bold.widthOfTextAtSize(total, totalSize) > 150) totalSize -= 0.5;
  text(total, right, y, { size: totalSize, font: bold, align: "right" });
  y -= 30;

  // The business's notes, as they wrote them.
  const notes = clean(invoice.notes, true).trim();
  if (notes) {
    room(40);
    label("Notes", margin, y);
    y -= 15;
    for (const line of wrap(notes, regular, 10, right - margin)) {
      room(14);
      text(line, margin, y);
      y -= 14;
    }
    y -= 16;
  }

  // Where to pay, as a link a PDF reader opens.
  if (invoice.payable) {
    room(40);
    label("Pay online", margin, y);
    y -= 16;
    const url = clean(links.payUrl);
    const size = 10;
    const width = regular.widthOfTextAtSize(url, size);
    text(url, margin, y, { colour: rgb(0.05, 0.25, 0.75) });
    const annotation = pdf.context.register(
      pdf.context.obj({
        Type: "Annot",
        Subtype: "Link",
        Rect: [margin, y - 3, margin + width, y + size],
        Border: [0, 0, 0],
        A: { Type: "Action", S: "URI", URI: PDFString.of(url) },
      }),
    );
    page.node.addAnnot(annotation);
    y -= 16;
  }

  // Every page says whose invoice it is and where it is in the file.
  const footer = `${invoice.label} · ${businessName}`;
  pages.forEach((each, index) => {
    const footerSize = 8;
    const fitted = wrap(footer, regular, footerSize, 380)[0] ?? "";
    each.drawText(fitted, {
      x: margin,
      y: margin - 10,
      size: footerSize,
      font: regular,
      color: muted,
    });
    const number = `Page ${index + 1} of ${pages.length}`;
    each.drawText(number, {
      x: right - regular.widthOfTextAtSize(number, footerSize),
      y: margin - 10,
      size: footerSize,
      font: regular,
      color: muted,
    });
  });
  return pdf.save();
}

/** `INV-0007-adaeze-prints.pdf`. */
export function invoicePdfName(invoice: PublicInvoice): string {
  return `${invoice.label}-${invoice.business.slug.replace(/[^a-z0-9-]/gi, "")}.pdf`;
}
