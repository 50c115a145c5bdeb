import { plainLineProblem, plainParagraphProblem } from "#app/plain-text.ts";
import { z } from "#app/zod.ts";

/*
 * The rules of plain-text.ts as zod checks and fields, apart from them so that a page that only
 * checks text doesn't load zod (decision 015).
 */

/** plainLineProblem as a zod check: `.superRefine(plainLine)`. */
export function plainLine(value: string, context: z.RefinementCtx) {
  const problem = plainLineProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
}

/** The rule for a text area (notes): the same, but line breaks are its own. */
export function plainParagraph(value: string, context: z.RefinementCtx) {
  const problem = plainParagraphProblem(value);
  if (problem) context.addIssue({ code: "custom", message: problem });
}

/**
 * A field people must fill, trimmed, at most `max` characters (at least `min`), under the one-line
 * rule, or the text-area rule when `multiline` (a description, a reason).
 */
export function requiredText(
  what: string,
  max: number,
  options: { min?: number; multiline?: boolean } = {},
) {
  const { min = 1, multiline = false } = options;
  return z
    .string({ message: `Enter ${what}` })
    .trim()
    .min(1, `Enter ${what}`)
    .min(min, `Use at least ${min} characters`)
    .max(max, `Use at most ${max} characters`)
    .superRefine(multiline ? plainParagraph : plainLine);
}

/** The same for a field that may be left empty (then ""). */
export function optionalText(max: number, options: { multiline?: boolean } = {}) {
  return z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters`)
    .superRefine(options.multiline ? plainParagraph : plainLine)
    .default("");
}
