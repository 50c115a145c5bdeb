import { describe, expect, test } from "vitest";
import { invoiceFieldErrors, invoiceFormSchema, invoiceFormValues } from "./invoice-input.ts";

/** A form as a browser without JavaScript posts it: every row sends its four fields. */
function posted(rows: string[][], fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set("customerName", "Chiamaka Obi");
  form.set("customerEmail", "chiamaka@example.com");
  form.set("dueOn", "2026-12-10");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [product = "", description = "", quantity = "", unitPrice = ""] of rows) {
    form.append("lineProduct", product);
    form.append("lineDescription", description);
    form.append("lineQuantity", quantity);
    form.append("lineUnitPrice", unitPrice);
  }
  return form;
}

describe("the invoice form", () => {
  test("rows come in order, spare blank rows are dropped, and the VAT box and discount are read", () => {
    const { values, postedRows } = invoiceFormValues(
      posted(
        [
          ["", "Banner", "2", "15,000"],
          ["", "", "", ""],
          ["", "Stickers", "10", "50.5"],
        ],
        { vat: "on", discountKind: "amount", discountValue: "1,000" },
      ),
    );
    expect(postedRows).toEqual([0, 2]);
    const parsed = invoiceFormSchema("2026-11-27").parse(values);
    expect(parsed).toMatchObject({
      vatApplied: true,
      discount: { kind: "amount", amountKobo: 100_000 },
      customerPhone: null,
      notes: "",
      lines: [
        { product: "", description: "Banner", quantity: 2, unitPrice: 1_500_000 },
        { product: "", description: "Stickers", quantity: 10, unitPrice: 5_050 },
      ],
    });
  });

  test("a product line may leave its description and price to the catalogue", () => {
    const { values } = invoiceFormValues(posted([["prd_0123456789abcdef", "", "1", ""]]));
    expect(invoiceFormSchema("2026-11-27").parse(values).lines[0]).toEqual({
      product: "prd_0123456789abcdef",
      description: "",
      quantity: 1,
      unitPrice: null,
    });
  });

  test("errors name the row as posted, blank rows counted", () => {
    const { values, postedRows } = invoiceFormValues(
      posted([
        ["", "", "", ""],
        ["", "Banner", "20000", "abc"],
      ]),
    );
    const parsed = invoiceFormSchema("2026-11-27").safeParse(values);
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(invoiceFieldErrors(parsed.error, postedRows)).toEqual({
        "lines.1.quantity": "Quantity must be a whole number from 1 to 10,000",
        "lines.1.unitPrice": "Unit price must be an amount like 18000 or 18000.50",
      });
    }
  });

  test("more than 100 lines, a due date past a year, and a price above ₦10m are refused", () => {
    const rows = Array.from({ length: 101 }, () => ["", "Item", "1", "100"]);
    const many = invoiceFormSchema("2026-11-27").safeParse(
      invoiceFormValues(posted(rows, { dueOn: "2027-11-28" })).values,
    );
    expect(many.success ? {} : invoiceFieldErrors(many.error, [])).toEqual({
      lines: "An invoice has at most 100 lines",
      dueOn: "Due date must be within 365 days",
    });
    const dear = invoiceFormSchema("2026-11-27").safeParse(
      invoiceFormValues(posted([["", "Generator", "1", "10000000.01"]])).values,
    );
    expect(dear.success ? {} : invoiceFieldErrors(dear.error, [0])).toEqual({
      "lines.0.unitPrice": "Unit price must be above ₦0 and at most ₦10,000,000",
    });
  });
});
