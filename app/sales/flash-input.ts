import { nairaField, wholeNumberField } from "#app/number-fields.ts";
import { z } from "#app/zod.ts";
import { flashLimits } from "./flash-limits.ts";
import { checkSaleWindow, lagosTime } from "./sale-window.ts";

/** The flash sale form's rules as of `now` (issue 22, decision 054; dates: `checkSaleWindow`). */
export function flashSaleFormSchema(now: Date) {
  return z
    .object({
      product: z.string({ message: "Choose a product" }).trim().min(1, "Choose a product").max(64),
      size: z.string().trim().max(60).optional(),
      units: wholeNumberField("Units", 1, flashLimits.maxUnits, false),
      salePrice: nairaField("Sale price"),
      perShopperLimit: wholeNumberField("Limit per shopper", 1, flashLimits.maxPerShopper, false),
      startsAt: lagosTime("start"),
      endsAt: lagosTime("end"),
    })
    .superRefine((input, ctx) =>
      checkSaleWindow(input, now, { noun: "A flash sale", ...flashLimits }, ctx),
    )
    .transform((input) => ({
      ...input,
      size: input.size ? input.size : null,
      units: input.units ?? 1,
      perShopperLimit: input.perShopperLimit ?? 1,
    }));
}

export type FlashSaleInput = z.output<ReturnType<typeof flashSaleFormSchema>>;
