import { publicError } from "#app/errors.ts";
import type { z } from "#app/zod.ts";

/**
 * The query strings of the listing pages (/b, /businesses, /vouchers): a filter left blank is
 * not given, and a filter that is wrong answers 400 naming it, never a 500.
 */
export const blankToUndefined = (value: string | undefined) => value?.trim() || undefined;

/** The page's filters from its URL, or the 400 of the first one that is wrong. */
export function listingQuery<Schema extends z.ZodType>(schema: Schema, url: URL): z.output<Schema> {
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw publicError(400, `${String(issue?.path[0] ?? "filter")}: ${issue?.message}`);
  }
  return parsed.data;
}
