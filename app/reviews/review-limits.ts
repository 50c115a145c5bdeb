/**
 * A review's lengths (PRODUCT.md), shared by the server's rules and the form's hints. Safe for the
 * browser.
 */
export const reviewLimits = {
  titleMin: 4,
  titleMax: 100,
  bodyMin: 20,
  bodyMax: 5_000,
} as const;

/** Where the review form keeps its draft in the browser, per business. */
export const reviewDraftKey = (businessSlug: string) => `reviewDraft:${businessSlug}`;
