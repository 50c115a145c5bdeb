import { nairaField, wholeNumberField } from "#app/number-fields.ts";
import { z } from "#app/zod.ts";
import { discountLimits } from "./discount-limits.ts";
import { checkSaleWindow, lagosTime } from "./sale-window.ts";

const notOurs = "Choose among your products on sale";

/**
 * The discount sale form's rules as of `now` (issue 22, decision 055): a name, a percentage or
 * an amount off, a chosen set of products or a collection, and the dates (`checkSaleWindow`).
 * Whether the products and the collection are the business's is the server's check after this.
 */
export function discountSaleFormSchema(now: Date) {
  return z
    .object({
      name: z
        .string({ message: "Name the sale" })
        .trim()
        .min(3, "Name the sale in 3 to 80 characters")
        .max(80, "Name the sale in 3 to 80 characters"),
      kind: z.enum(["percent", "amount"], { message: "Choose a percentage or an amount off" }),
      percentOff: z.string().optional(),
      amountOff: z.string().optional(),
      scope: z.enum(["products", "collection"], {
        message: "Choose products or a collection",
      }),
      products: z
        .array(z.string().trim().min(1, notOurs).max(64, notOurs))
        .max(discountLimits.maxProducts, {
          message: `Choose at most ${discountLimits.maxProducts} products, or use a collection`,
        }),
      collection: z.string().trim().max(64).optional(),
      startsAt: lagosTime("start"),
      endsAt: lagosTime("end"),
    })
    .transform((input, ctx) => {
      const off =
        input.kind === "percent"
          ? wholeNumberField("Percentage off", 1, discountLimits.maxPercent, false).safeParse(
              input.percentOff ?? "",
            )
          : nairaField("Amount off").safeParse(input.amountOff ?? "");
      if (!off.success) {
        const field = input.kind === "percent" ? "percentOff" : "amountOff";
        for (const issue of off.error.issues) {
          ctx.addIssue({ code: "custom", path: [field], message: issue.message });
        }
      }
      if (input.scope === "products" && input.products.length === 0) {
        ctx.addIssue({
          code: "custom",
          path: ["products"],
          message: "Choose at least one product",
        });
      }
      if (input.scope === "collection" && !input.collection) {
        ctx.addIssue({ code: "custom", path: ["collection"], message: "Choose a collection" });
      }
      checkSaleWindow(input, now, { noun: "A discount sale", ...discountLimits }, ctx);
      if (!off.success) return z.NEVER;
      return {
        name: input.name,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        off:
          input.kind === "percent"
            ? { kind: "percent" as const, percent: off.data as number }
            : { kind: "amount" as const, kobo: off.data as number },
        target:
          input.scope === "products"
            ? { kind: "products" as const, productIds: [...new Set(input.products)] }
            : { kind: "collection" as const, collectionId: input.collection ?? "" },
      };
    });
}

export type DiscountSaleInput = z.output<ReturnType<typeof discountSaleFormSchema>>;

/** The floor form: a whole percentage of the usual price, 0 for none. */
export const saleFloorSchema = z.object({
  floorPercent: wholeNumberField("Floor", 0, discountLimits.maxFloorPercent, false),
});
