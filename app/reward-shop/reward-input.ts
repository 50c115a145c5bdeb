import { wholeNumberField } from "#app/number-fields.ts";
import { z } from "#app/zod.ts";
import { latestRewardStart, platformRewardKinds, rewardLimits } from "./reward-limits.ts";

/**
 * The reward form's rules (issue 23, decision 056), for admins' platform rewards and businesses'
 * own alike. Whether the category exists is the server's check after this; the kind and the
 * pool of codes are for platform rewards only (a business's reward is always its own kind and
 * its codes are Oja's).
 */

const day = (label: string) =>
  z
    .string({ message: `${label} is needed` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a day like 2026-12-01`)
    .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), `${label} isn't a real day`);

const codeLine = new RegExp(`^[A-Za-z0-9-]{${rewardLimits.codeMin},${rewardLimits.codeMax}}$`);

/**
 * A partner's codes as pasted, one a line: blank lines and repeats are dropped, each must be 4–64
 * letters, digits or dashes (a PIN, a voucher code).
 */
export const poolCodesField = z.string().transform((raw, ctx) => {
  const lines = [
    ...new Set(
      raw
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
  const bad = lines.find((line) => !codeLine.test(line));
  if (bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: `“${bad.slice(0, 20)}” isn't a code: each line must be ${rewardLimits.codeMin}–${rewardLimits.codeMax} letters, digits or dashes`,
    });
    return z.NEVER;
  }
  if (lines.length > rewardLimits.maxCodesAtOnce) {
    ctx.addIssue({
      code: "custom",
      message: `Add at most ${rewardLimits.maxCodesAtOnce.toLocaleString("en-NG")} codes at a time`,
    });
    return z.NEVER;
  }
  return lines;
});

/**
 * The reward form as of `today` (a Lagos day, YYYY-MM-DD). Every field arrives as text, an absent
 * one as "" (the optional ones are empty then).
 */
export function rewardFormSchema(today: string, owner: "platform" | "business") {
  const latestStart = latestRewardStart(today);
  return z
    .object({
      name: z
        .string({ message: "Name the reward" })
        .trim()
        .min(
          rewardLimits.nameMin,
          `Name the reward in ${rewardLimits.nameMin} to ${rewardLimits.nameMax} characters`,
        )
        .max(
          rewardLimits.nameMax,
          `Name the reward in ${rewardLimits.nameMin} to ${rewardLimits.nameMax} characters`,
        ),
      description: z
        .string()
        .trim()
        .max(
          rewardLimits.descriptionMax,
          `Keep the description to ${rewardLimits.descriptionMax} characters`,
        )
        .default(""),
      pointsCost: wholeNumberField("Points", 1, rewardLimits.maxPoints, false),
      perShopperLimit: wholeNumberField("Per shopper", 1, rewardLimits.maxPerShopper, true),
      category: z.string().trim().max(64).default(""),
      // Each field is checked on its own, so one refused form names every field to fix: a zod
      // refinement of the whole object runs only once every field has passed.
      startsOn: day("First day")
        .refine((start) => start >= today, "First day can't be in the past")
        .refine(
          (start) => start <= latestStart,
          `First day must be within ${rewardLimits.maxDaysAhead} days`,
        ),
      endsOn: z
        .string()
        .trim()
        .default("")
        .superRefine((text, ctx) => {
          if (text === "") return;
          const end = day("Last day").safeParse(text);
          if (!end.success) {
            ctx.addIssue({ code: "custom", message: end.error.issues[0]?.message ?? "" });
          }
        }),
      ...(owner === "platform"
        ? {
            kind: z.enum(platformRewardKinds, {
              message: "Choose airtime, data or a partner voucher",
            }),
            codes: poolCodesField.refine(
              (codes) => codes.length > 0,
              "Add the partner's codes, one a line: each redemption hands out one",
            ),
          }
        : { stock: wholeNumberField("Stock", 0, rewardLimits.maxStock, true) }),
    })
    .superRefine((input, ctx) => {
      if (input.endsOn !== "" && input.endsOn < input.startsOn) {
        ctx.addIssue({
          code: "custom",
          path: ["endsOn"],
          message: "Last day can't be before the first",
        });
      }
    });
}

export type RewardInput = z.output<ReturnType<typeof rewardFormSchema>>;

/** A business's change of its reward's stock: what is left now, empty for no limit. */
export const rewardStockSchema = z.object({
  stock: wholeNumberField("Stock", 0, rewardLimits.maxStock, true),
});
