import { and, asc, countDistinct, eq, inArray, isNull, min, sql } from "drizzle-orm";
import { recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { hasBusinessRole } from "#app/auth/roles.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { businesses, businessMembers, users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";
import { plainLineProblem } from "#app/plain-text.ts";
import {
  type RateLimitRule,
  type RateLimits,
  rateLimitRules,
  retryAfterText,
} from "#app/security/rate-limit.server.ts";
import { z } from "#app/zod.ts";
import {
  flagNoteMax,
  flagReasons,
  moderationDecisions,
  moderationReasonLimits,
} from "./moderation-terms.ts";
import type { BusinessActor } from "./replies.server.ts";
import { countReview, lockReview } from "./reviews.server.ts";
import { reviewFlags, reviews, reviewVotes } from "./schema.server.ts";

/**
 * Trust around reviews (issue 21, decision 052): a business flags a review of its own, a reader
 * reports one, readers vote reviews helpful, and Oja's moderators decide the flagged ones (keep,
 * remove, or ask the author to edit) in one transaction that closes the review's open flags,
 * moves the business's figures, writes the audit log and emails the author. One flag or report
 * per account per review, one vote per account per review; votes and reports are rate limited
 * per account.
 */
export const flagSchema = z.object({
  reason: z.enum(flagReasons, { error: "Choose a reason." }),
  note: z
    .string()
    .trim()
    .max(flagNoteMax, `Keep the note to ${flagNoteMax} characters or fewer.`)
    .default(""),
});

export type ModerationResult =
  | { ok: true }
  | { ok: false; status: 400 | 403 | 404 | 409 | 429; errors: FieldErrors };

type Refusal = Extract<ModerationResult, { ok: false }>;

const refuse = (status: Refusal["status"], errors: FieldErrors): Refusal => ({
  ok: false,
  status,
  errors,
});

/**
 * A business's manager or owner flags one of its reviews for Oja's moderators, with a reason and
 * an optional note. Another business's review is a 404, staff a 403; while the business's flag
 * waits, another one from it is a 409, and so is a review moderation already hid.
 */
export async function flagReview(
  db: Database,
  actor: BusinessActor,
  reviewId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<ModerationResult> {
  if (!hasBusinessRole(actor.role, "manager")) {
    return refuse(403, { form: "Only the business's managers and owner flag reviews." });
  }
  const parsed = flagSchema.safeParse(form);
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error));
  return db.transaction(async (tx): Promise<ModerationResult> => {
    // Locked so a moderator's decision and this flag can't cross: the flag lands before the
    // decision (and is closed by it) or after (and waits for the next).
    const [review] = await tx
      .select({ businessId: reviews.businessId, status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!review || review.businessId !== actor.businessId) {
      return refuse(404, { form: "No such review of your business." });
    }
    if (review.status !== "published") {
      return refuse(409, { form: "Oja's moderators have hidden this review already." });
    }
    const [waiting] = await tx
      .select({ id: reviewFlags.id })
      .from(reviewFlags)
      .where(
        and(
          eq(reviewFlags.reviewId, reviewId),
          eq(reviewFlags.source, "business"),
          isNull(reviewFlags.outcome),
        ),
      );
    if (waiting) {
      return refuse(409, {
        form: "Your business flagged this review already: it waits for Oja's moderators.",
      });
    }
    const made = await tx
      .insert(reviewFlags)
      .values({
        id: newId("rvf"),
        reviewId,
        reporterId: actor.userId,
        source: "business",
        reason: parsed.data.reason,
        note: parsed.data.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviewFlags.id });
    if (made.length === 0) {
      return refuse(409, { form: "You flagged this review before; moderators decided it." });
    }
    await recordAudit(tx, {
      action: "review.flagged",
      actorId: actor.userId,
      subjectId: actor.businessId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      details: { reviewId, reason: parsed.data.reason },
    });
    return { ok: true };
  });
}

/** A published review of an open business, for a reader's vote or report; null when none. */
async function readableReview(tx: Executor, reviewId: string, lock: boolean) {
  const query = tx
    .select({
      businessId: reviews.businessId,
      businessName: businesses.name,
      authorId: reviews.authorId,
      status: reviews.status,
    })
    .from(reviews)
    .innerJoin(businesses, eq(businesses.id, reviews.businessId))
    .where(and(eq(reviews.id, reviewId), eq(businesses.status, "active")));
  const [review] = lock ? await query.for("update", { of: reviews }) : await query;
  return review ?? null;
}

/** Why this reader can't vote on or report this review, if they can't. */
async function readerRefusal(
  tx: Executor,
  review: { businessId: string; businessName: string; authorId: string | null; status: string },
  readerId: string,
  what: "vote" | "report",
): Promise<Refusal | null> {
  if (review.authorId === readerId) {
    return refuse(403, {
      form:
        what === "vote"
          ? "This is your review: others decide whether it helped."
          : "This is your review: edit or delete it instead.",
    });
  }
  const [member] = await tx
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(
      and(eq(businessMembers.businessId, review.businessId), eq(businessMembers.userId, readerId)),
    );
  if (member) {
    return refuse(403, {
      form:
        what === "vote"
          ? `You're on ${review.businessName}'s team, so you can't vote on its reviews.`
          : `You're on ${review.businessName}'s team: flag the review from the console.`,
    });
  }
  if (review.status !== "published") {
    return refuse(409, { form: "Oja's moderators have hidden this review." });
  }
  return null;
}

/**
 * A signed-in reader reports a review to Oja's moderators (same reasons as a business's flag).
 * Not the author, not the business's own team; once per account per review (a second is a 409).
 */
export async function reportReview(
  db: Database,
  reader: { id: string },
  reviewId: string,
  form: Record<string, unknown>,
  now = new Date(),
): Promise<ModerationResult> {
  const parsed = flagSchema.safeParse(form);
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error));
  return db.transaction(async (tx): Promise<ModerationResult> => {
    const review = await readableReview(tx, reviewId, true);
    if (!review) return refuse(404, { form: "No such review." });
    const refusal = await readerRefusal(tx, review, reader.id, "report");
    if (refusal) return refusal;
    const made = await tx
      .insert(reviewFlags)
      .values({
        id: newId("rvf"),
        reviewId,
        reporterId: reader.id,
        source: "shopper",
        reason: parsed.data.reason,
        note: parsed.data.note,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: reviewFlags.id });
    if (made.length === 0) {
      return refuse(409, {
        form: "You reported this review already. Thank you: one report is enough.",
      });
    }
    return { ok: true };
  });
}

export type VoteResult =
  | { ok: true; helpfulCount: number; voted: boolean }
  | Extract<ModerationResult, { ok: false }>;

/**
 * A signed-in reader says a review helped (`helpful` true), or takes that back. One vote per
 * account (the votes' primary key), and `helpful_count` moves only with a vote actually added or
 * taken away, by a relative update in the same transaction: exact however many come at once.
 * Not the author's own review, nor their business's.
 */
export async function voteHelpful(
  db: Database,
  voter: { id: string },
  reviewId: string,
  helpful: boolean,
): Promise<VoteResult> {
  return db.transaction(async (tx): Promise<VoteResult> => {
    const review = await readableReview(tx, reviewId, false);
    if (!review) return refuse(404, { form: "No such review." });
    const refusal = await readerRefusal(tx, review, voter.id, "vote");
    if (refusal) return refusal;
    const changed = helpful
      ? await tx
          .insert(reviewVotes)
          .values({ reviewId, userId: voter.id })
          .onConflictDoNothing()
          .returning({ reviewId: reviewVotes.reviewId })
      : await tx
          .delete(reviewVotes)
          .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, voter.id)))
          .returning({ reviewId: reviewVotes.reviewId });
    const [counted] =
      changed.length > 0
        ? await tx
            .update(reviews)
            .set({ helpfulCount: sql`${reviews.helpfulCount} + ${helpful ? 1 : -1}` })
            .where(eq(reviews.id, reviewId))
            .returning({ helpfulCount: reviews.helpfulCount })
        : await tx
            .select({ helpfulCount: reviews.helpfulCount })
            .from(reviews)
            .where(eq(reviews.id, reviewId));
    return { ok: true, helpfulCount: counted?.helpfulCount ?? 0, voted: helpful };
  });
}

/**
 * What a reader may do on /reviews/{id}: null for a guest; the author and the business's team
 * get no controls (`own`, `team`); anyone else sees whether they voted and reported already.
 */
export async function readerOfReview(db: Executor, reviewId: string, userId: string) {
  const [review] = await db
    .select({ authorId: reviews.authorId, businessId: reviews.businessId })
    .from(reviews)
    .where(eq(reviews.id, reviewId));
  if (!review) return null;
  const [member, vote, report] = await Promise.all([
    db
      .select({ role: businessMembers.role })
      .from(businessMembers)
      .where(
        and(eq(businessMembers.businessId, review.businessId), eq(businessMembers.userId, userId)),
      ),
    db
      .select({ userId: reviewVotes.userId })
      .from(reviewVotes)
      .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId))),
    db
      .select({ id: reviewFlags.id })
      .from(reviewFlags)
      .where(and(eq(reviewFlags.reviewId, reviewId), eq(reviewFlags.reporterId, userId))),
  ]);
  return {
    own: review.authorId === userId,
    team: member.length > 0,
    voted: vote.length > 0,
    reported: report.length > 0,
  };
}

/**
 * Counts a vote or a report against the account's limit; a 429 with when to try again once it
 * is used up (rateLimitRules.reviewVotePerAccount, reviewReportPerAccount).
 */
export async function readerActionLimited(
  rateLimits: RateLimits,
  what: "vote" | "report",
  userId: string,
): Promise<Refusal | null> {
  const rule: RateLimitRule =
    what === "vote" ? rateLimitRules.reviewVotePerAccount : rateLimitRules.reviewReportPerAccount;
  const verdict = await rateLimits.hit(rule, userId);
  if (verdict.allowed) return null;
  return refuse(429, {
    form: `${what === "vote" ? "Too many votes" : "Too many reports"} in a short time. ${retryAfterText(verdict.retryAfterSeconds)}`,
  });
}

/** How many reviews wait for a moderator (for /admin's list). */
export async function countFlaggedReviews(db: Executor): Promise<number> {
  const [row] = await db
    .select({ reviews: countDistinct(reviewFlags.reviewId) })
    .from(reviewFlags)
    .where(isNull(reviewFlags.outcome));
  return row?.reviews ?? 0;
}

export const queuePageSize = 30;

/**
 * The moderation queue: reviews with open flags or reports, the longest waiting first, each with
 * its business, its words as written (even when hidden) and every open flag: who sent it (the
 * business or a reader), the reason and the note.
 */
export async function moderationQueue(db: Executor, limit = queuePageSize) {
  const firstFlag = min(reviewFlags.createdAt);
  const waiting = await db
    .select({ reviewId: reviewFlags.reviewId, since: firstFlag })
    .from(reviewFlags)
    .where(isNull(reviewFlags.outcome))
    .groupBy(reviewFlags.reviewId)
    .orderBy(asc(firstFlag), asc(reviewFlags.reviewId))
    .limit(limit);
  if (waiting.length === 0) return [];
  const ids = waiting.map((row) => row.reviewId);
  const [rows, flags] = await Promise.all([
    db
      .select({
        id: reviews.id,
        business: { name: businesses.name, slug: businesses.slug },
        authorName: users.name,
        stars: reviews.stars,
        title: reviews.title,
        body: reviews.body,
        status: reviews.status,
        removedReason: reviews.removedReason,
        reply: reviews.reply,
        experienceKind: reviews.experienceKind,
        invitationId: reviews.invitationId,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(businesses, eq(businesses.id, reviews.businessId))
      .leftJoin(users, eq(users.id, reviews.authorId))
      .where(inArray(reviews.id, ids)),
    db
      .select({
        id: reviewFlags.id,
        reviewId: reviewFlags.reviewId,
        source: reviewFlags.source,
        reason: reviewFlags.reason,
        note: reviewFlags.note,
        reporter: users.name,
        createdAt: reviewFlags.createdAt,
      })
      .from(reviewFlags)
      .innerJoin(users, eq(users.id, reviewFlags.reporterId))
      .where(and(inArray(reviewFlags.reviewId, ids), isNull(reviewFlags.outcome)))
      .orderBy(asc(reviewFlags.createdAt), asc(reviewFlags.id)),
  ]);
  return waiting.flatMap(({ reviewId }) => {
    const review = rows.find((row) => row.id === reviewId);
    if (!review) return [];
    const { experienceKind, invitationId, ...rest } = review;
    return [
      {
        ...rest,
        verified: experienceKind !== null,
        invited: invitationId !== null,
        flags: flags
          .filter((flag) => flag.reviewId === reviewId)
          .map(({ reviewId: _, ...flag }) => flag),
      },
    ];
  });
}

export const decisionSchema = z
  .object({
    decision: z.enum(moderationDecisions, {
      error: "Choose keep, remove or ask the author to edit.",
    }),
    reason: z
      .string()
      .trim()
      .max(
        moderationReasonLimits.max,
        `Keep the reason to ${moderationReasonLimits.max} characters or fewer.`,
      )
      .default(""),
  })
  .superRefine((value, context) => {
    if (value.decision === "keep") return;
    if (value.reason.length < moderationReasonLimits.min) {
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: "Give the public reason: the author and every reader see it.",
      });
      return;
    }
    const problem = plainLineProblem(value.reason);
    if (problem) context.addIssue({ code: "custom", path: ["reason"], message: problem });
  });

export type DecisionResult =
  | {
      ok: true;
      outcome: "kept" | "removed" | "edit_requested";
      flagsClosed: number;
      emailed: boolean;
    }
  | Extract<ModerationResult, { ok: false }>;

const outcomeOf = { keep: "kept", remove: "removed", edit: "edit_requested" } as const;
const auditActionOf = {
  keep: "review.kept",
  remove: "review.removed",
  edit: "review.edit-requested",
} as const;

/**
 * A moderator decides a flagged review, in one transaction: every open flag on it is closed with
 * the outcome; "remove" and "edit" (held until its author edits it) take it out of its business's
 * figures with the public reason; the audit log keeps it; the author is emailed when it was
 * removed or held. A review with nothing open (another moderator was quicker) is a 409.
 */
export async function decideReview(
  db: Database,
  moderator: { id: string; ipAddress?: string | null; userAgent?: string | null },
  reviewId: string,
  form: Record<string, unknown>,
  publicUrl: string,
  now = new Date(),
): Promise<DecisionResult> {
  const parsed = decisionSchema.safeParse(form);
  if (!parsed.success) return refuse(400, fieldErrors(parsed.error));
  const { decision, reason } = parsed.data;
  return db.transaction(async (tx): Promise<DecisionResult> => {
    const review = await lockReview(tx, reviewId);
    if (!review) return refuse(404, { form: "No such review." });
    if (review.status === "removed" && decision === "edit") {
      return refuse(409, { form: "This review was removed already: its author can't edit it." });
    }
    const outcome = outcomeOf[decision];
    const closed = await tx
      .update(reviewFlags)
      .set({ outcome, decidedBy: moderator.id, decidedAt: now })
      .where(and(eq(reviewFlags.reviewId, reviewId), isNull(reviewFlags.outcome)))
      .returning({ id: reviewFlags.id });
    if (closed.length === 0) {
      return refuse(409, {
        form: "Nothing waits on this review any more: another moderator decided it.",
      });
    }
    const status = decision === "keep" ? review.status : decision === "remove" ? "removed" : "held";
    if (decision !== "keep") {
      await tx
        .update(reviews)
        .set({ status, removedReason: reason })
        .where(eq(reviews.id, reviewId));
      if (review.status === "published") {
        await countReview(tx, review.businessId, review, -1, now);
      }
    }
    await recordAudit(tx, {
      action: auditActionOf[decision],
      actorId: moderator.id,
      subjectId: reviewId,
      ipAddress: moderator.ipAddress,
      userAgent: moderator.userAgent,
      details: {
        businessId: review.businessId,
        flags: closed.length,
        ...(decision === "keep" ? {} : { reason }),
      },
    });
    const emailed =
      decision !== "keep" &&
      (await emailAuthor(tx, { ...review, reason, held: decision === "edit" }, publicUrl));
    return { ok: true, outcome, flagsClosed: closed.length, emailed };
  });
}

/** Tells the author what moderators did to their review and why; false when they have no account. */
async function emailAuthor(
  tx: Executor,
  review: {
    authorId: string | null;
    businessId: string;
    title: string;
    reason: string;
    held: boolean;
  },
  publicUrl: string,
): Promise<boolean> {
  if (!review.authorId) return false;
  const [author] = await tx
    .select({ name: users.name, email: users.email, business: businesses.name })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, review.businessId))
    .where(eq(users.id, review.authorId));
  if (!author) return false;
  const first = author.name.trim().split(/\s+/)[0] ?? "";
  const yours = new URL("/evaluate/_id", publicUrl).toString();
  const guidelines = new URL("/reviews/gg", publicUrl).toString();
  const content = renderEmail(
    review.held
      ? {
          preview: `Oja's moderators ask you to edit your review of ${author.business}.`,
          heading: "Please edit your review",
          paragraphs: [
            `Hello ${first}, Oja's moderators looked at your review "${review.title}" of ${author.business} and ask you to edit it, for: ${review.reason}`,
            `Until you do, it is hidden and doesn't count towards ${author.business}'s TrustScore. Saving your changes publishes it again at once.`,
            `What reviews may say: ${guidelines}`,
          ],
          action: { label: "Edit your review", url: yours },
          footer: "You get this email because you wrote a review on Oja.",
        }
      : {
          preview: `Your review of ${author.business} was removed.`,
          heading: "Your review was removed",
          paragraphs: [
            `Hello ${first}, Oja's moderators removed your review "${review.title}" of ${author.business}, for: ${review.reason}`,
            `Readers see only that reason in its place, and it no longer counts towards ${author.business}'s TrustScore.`,
            `What reviews may say: ${guidelines}`,
          ],
          action: { label: "See your reviews", url: yours },
          footer: "You get this email because you wrote a review on Oja.",
        },
  );
  await queueEmail(tx, {
    to: author.email,
    subject: review.held
      ? `Please edit your review of ${author.business}`
      : `Your review of ${author.business} was removed`,
    kind: review.held ? "review-held" : "review-removed",
    ...content,
  });
  return true;
}

/** The account's helpful votes and its reports and flags, for "Download my data". */
export async function votesAndReportsForExport(db: Executor, userId: string) {
  const [helpfulVotes, reports] = await Promise.all([
    db
      .select({ reviewId: reviewVotes.reviewId, at: reviewVotes.createdAt })
      .from(reviewVotes)
      .where(eq(reviewVotes.userId, userId))
      .orderBy(asc(reviewVotes.createdAt)),
    db
      .select({
        reviewId: reviewFlags.reviewId,
        as: reviewFlags.source,
        reason: reviewFlags.reason,
        note: reviewFlags.note,
        outcome: reviewFlags.outcome,
        at: reviewFlags.createdAt,
      })
      .from(reviewFlags)
      .where(eq(reviewFlags.reporterId, userId))
      .orderBy(asc(reviewFlags.createdAt)),
  ]);
  return { helpfulVotes, reports };
}
