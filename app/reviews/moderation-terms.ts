/**
 * Replies' and moderation's numbers and words (issue 21, decision 052), shared by the server's
 * rules and the pages' hints and selects. Safe for the browser.
 */
export const replyLimits = { min: 2, max: 2_000 } as const;

/** A flag's or report's optional note for the moderators. */
export const flagNoteMax = 500;

/** The public reason moderators give for removing a review or asking its author to edit it. */
export const moderationReasonLimits = { min: 4, max: 300 } as const;

/** Why a business flags a review, or a reader reports it (PRODUCT.md), as people read them. */
export const flagReasonLabels = {
  harmful: "Harmful, hateful or threatening",
  personal_data: "Shares personal data",
  advertising: "Advertising or spam",
  not_genuine: "Not a genuine experience",
  wrong_business: "About another business",
} as const;

export type FlagReason = keyof typeof flagReasonLabels;

export const flagReasons = Object.keys(flagReasonLabels) as FlagReason[];

export const flagReasonOptions = flagReasons.map((value) => ({
  value,
  label: flagReasonLabels[value],
}));

/** What moderators may decide about a flagged review. */
export const moderationDecisions = ["keep", "remove", "edit"] as const;
export type ModerationDecision = (typeof moderationDecisions)[number];

export const outcomeLabels = {
  kept: "Kept",
  removed: "Removed",
  edit_requested: "Author asked to edit",
} as const;
