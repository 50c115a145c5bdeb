/**
 * A review's lengths (PRODUCT.md) and the invitations' numbers (decision 051), shared by the
 * server's rules and the pages' hints. Safe for the browser.
 */
export const reviewLimits = {
  titleMin: 4,
  titleMax: 100,
  bodyMin: 20,
  bodyMax: 5_000,
} as const;

/** Where the review form keeps its draft in the browser, per business. */
export const reviewDraftKey = (businessSlug: string) => `reviewDraft:${businessSlug}`;

/** The days after fulfilment (or a first redemption) a business may choose for its invitations. */
export const invitationDaysRange = { min: 1, max: 30, default: 7 } as const;
/** An invitation's link works this many days from sending. */
export const invitationLifeDays = 30;
/** At most this many addresses per hand-sent batch (a CSV's rows beyond it are refused). */
export const maxInvitationsPerBatch = 500;
/** How far back "most helpful" looks on /reviews: recent enough to be news, bounded to read. */
export const helpfulWindowDays = 90;
