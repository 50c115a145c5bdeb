import { describe, expect, test } from "vitest";
import { kobo } from "#app/money.ts";
import { newInvoiceText, postedInvoiceText, savedInvoiceText } from "./invoice-form-values.ts";

describe("the invoice form's words", () => {
  test("a new invoice offers five blank rows and is due in two weeks", () => {
    const form = newInvoiceText("2026-12-25");
    expect(form.dueOn).toBe("2027-01-08");
    expect(form.lines).toHaveLength(5);
    expect(form.discountKind).toBe("none");
  });

  test("a refused post comes back row for row, blank rows kept in their places", () => {
    const form = new FormData();
    form.set("customerName", "Chiamaka Obi");
    form.set("vat", "on");
    for (const [product, description, quantity, unitPrice] of [
      ["", "Banner", "2", "15,000"],
      ["", "", "", ""],
      ["prd_0123456789abcdef", "", "x", ""],
    ]) {
      form.append("lineProduct", product ?? "");
      form.append("lineDescription", description ?? "");
      form.append("lineQuantity", quantity ?? "");
      form.append("lineUnitPrice", unitPrice ?? "");
    }
    const posted = postedInvoiceText(form);
    expect(posted).toMatchObject({ customerName: "Chiamaka Obi", vat: true, discountKind: "none" });
    expect(posted.lines.map((line) => line.quantity)).toEqual(["2", "", "x"]);
    expect(posted.lines[2]?.product).toBe("prd_0123456789abcdef");
  });

  test("a saved draft shows its amounts in naira, its discount as typed, and spare rows", () => {
    const form = savedInvoiceText({
      customerName: "Chiamaka Obi",
      customerEmail: "chiamaka@example.com",
      customerPhone: null,
      dueOn: "2026-12-10",
      notes: "",
      discountKind: "amount",
      discountValue: 150_050,
      vatApplied: true,
      lines: [
        { productId: null, description: "Banner", quantity: 2, unitPriceKobo: kobo(1_500_000) },
      ],
    });
    expect(form.discountValue).toBe("1500.50");
    expect(form.customerPhone).toBe("");
    expect(form.lines[0]).toEqual({
      product: "",
      description: "Banner",
      quantity: "2",
      unitPrice: "15000.00",
    });
    expect(form.lines).toHaveLength(5);
  });
});
