import { nairaField, wholeNumberField } from "#app/number-fields.ts";
import { z } from "#app/zod.ts";
import { flashLimits } from "./flash-limits.ts";

/**
 * The flash sale form's rules (issue 22). Times come from the kit's date picker as
 * "YYYY-MM-DDTHH:MM" and are read as Lagos time (UTC+1 all year): a Nigerian business schedules
 * in its own clock, whatever the browser's zone (decision 054).
 */
const lagosDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "2026-11-27T14:30" in Lagos as an instant, or null when it is not a real time. */
export function parseLagosDateTime(text: string): Date | null {
  const parts = lagosDateTime.exec(text.trim());
  if (!parts) return null;
  const [, year, month, day, hours, minutes] = parts.map(Number) as number[];
  const instant = new Date(`${text.trim()}:00+01:00`);
  if (Number.isNaN(instant.getTime())) return null;
  // Date accepts 31 February by rolling over: the Lagos reading must give back what was typed.
  const lagos = new Date(instant.getTime() + 60 * 60_000);
  const same =
    lagos.getUTCFullYear() === year &&
    lagos.getUTCMonth() + 1 === month &&
    lagos.getUTCDate() === day &&
    lagos.getUTCHours() === hours &&
    lagos.getUTCMinutes() === minutes;
  return same ? instant : null;
}

/** An instant as "2026-11-27T14:30" in Lagos: what the form's date pickers start from. */
export function toLagosDateTime(instant: Date): string {
  return new Date(instant.getTime() + 60 * 60_000).toISOString().slice(0, 16);
}

function lagosTime(label: string) {
  return z.string({ message: `Choose the ${label}` }).transform((raw, ctx) => {
    const value = raw.trim() === "" ? null : parseLagosDateTime(raw);
    if (!value) {
      ctx.addIssue({
        code: "custom",
        message:
          raw.trim() === "" ? `Choose the ${label}` : `Choose the ${label} with the calendar`,
      });
      return z.NEVER;
    }
    return value;
  });
}

const minute = 60_000;
const day = 24 * 60 * minute;

/** The form as of `now`: the start may be now (a minute's grace) but not in the past. */
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
    .superRefine((input, ctx) => {
      if (input.startsAt.getTime() < now.getTime() - minute) {
        ctx.addIssue({ code: "custom", path: ["startsAt"], message: "The start has passed" });
      } else if (input.startsAt.getTime() > now.getTime() + flashLimits.maxStartDaysAhead * day) {
        ctx.addIssue({
          code: "custom",
          path: ["startsAt"],
          message: `Start within ${flashLimits.maxStartDaysAhead} days`,
        });
      }
      const length = input.endsAt.getTime() - input.startsAt.getTime();
      if (length < flashLimits.minMinutes * minute) {
        ctx.addIssue({
          code: "custom",
          path: ["endsAt"],
          message: `End at least ${flashLimits.minMinutes} minutes after the start`,
        });
      } else if (length > flashLimits.maxDays * day) {
        ctx.addIssue({
          code: "custom",
          path: ["endsAt"],
          message: `A flash sale lasts at most ${flashLimits.maxDays} days`,
        });
      }
    })
    .transform((input) => ({
      ...input,
      size: input.size ? input.size : null,
      units: input.units ?? 1,
      perShopperLimit: input.perShopperLimit ?? 1,
    }));
}

export type FlashSaleInput = z.output<ReturnType<typeof flashSaleFormSchema>>;
