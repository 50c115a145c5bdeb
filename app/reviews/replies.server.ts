import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { recordAudit } from "#app/auth/audit.server.ts";
import type { FieldErrors } from "#app/auth/forms.ts";
import { fieldErrors } from "#app/auth/forms.ts";
import { type BusinessRole, hasBusinessRole } from "#app/auth/roles.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { decodeCursor, encodeCursor, exactTime, exactTimeKey } from "#app/db/page-cursor.server.ts";
import { users } from "#app/db/schema.server.ts";
import { formatLagosDay } from "#app/lagos-dates.ts";
import { formatDay } from "#app/vouchers/offer-terms.ts";
import { z } from "#app/zod.ts";
import { replyLimits } from "./moderation-terms.ts";
import { moderationNotice } from "./reading.server.ts";
import { countFirstReply, lockReview } from "./reviews.server.ts";
import { reviewFlags, reviewStats, reviews } from "./schema.server.ts";

/**
 * The business side of reviews (issue 21, decision 052): the console's inbox of a business's
 * reviews, and its one public reply to each, written by a manager or the owner and editable.
 * Replies are plain text, kept as typed and escaped when shown. The business's reply rate is
 * `review_stats.replied_count` over its published reviews: a first reply to a published review
 * counts there, in the reply's transaction; countReview keeps it when a replied review leaves
 * the figures or comes back.
 */
export const replySchema = z.object({
  reply: z
    .string({ error: "Write your reply." })
    .trim()
    .min(replyLimits.min, `Write a reply of at least ${replyLimits.min} characters.`)
    .max(
      replyLimits.max,
      `Keep your reply to ${replyLimits.max.toLocaleString("en-NG")} characters or fewer.`,
    ),
});

/** Who is acting for the business: the guard (requireBusinessMember) found the membership. */
export interface BusinessActor {
  userId: string;
  businessId: string;
  role: BusinessRole;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export type ReplyResult =
  | { ok: true; edited: boolean }
  | { ok: false; status: 400 | 403 | 404 | 409; errors: FieldErrors };

/**
 * The business's first reply to one of its reviews (`mode` "first") or a change to it ("edit").
 * Another business's review, or none, is a 404; staff can't reply (403); a second first reply
 * (two managers at once) is a 409 that says to edit the one there; a review hidden by
 * moderation takes no reply until it is published again.
 */
export async function saveReply(
  db: Database,
  actor: BusinessActor,
  reviewId: string,
  form: Record<string, unknown>,
  mode: "first" | "edit",
  now = new Date(),
): Promise<ReplyResult> {
  if (!hasBusinessRole(actor.role, "manager")) {
    return {
      ok: false,
      status: 403,
      errors: { form: "Only the business's managers and owner reply to reviews." },
    };
  }
  const parsed = replySchema.safeParse(form);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const text = parsed.data.reply;
  return db.transaction(async (tx): Promise<ReplyResult> => {
    const review = await lockReview(tx, reviewId);
    if (!review || review.businessId !== actor.businessId) {
      return { ok: false, status: 404, errors: { form: "No such review of your business." } };
    }
    if (review.status !== "published") {
      return {
        ok: false,
        status: 409,
        errors: { form: "Oja's moderators hid this review: it takes no reply while hidden." },
      };
    }
    if (mode === "first" && review.reply !== null) {
      return {
        ok: false,
        status: 409,
        errors: { reply: "Your business replied already: edit that reply instead." },
      };
    }
    if (mode === "edit" && review.reply === null) {
      return { ok: false, status: 409, errors: { reply: "There is no reply to edit yet." } };
    }
    await tx
      .update(reviews)
      .set(
        mode === "first"
          ? { reply: text, repliedAt: now, repliedBy: actor.userId }
          : { reply: text, replyEditedAt: now, repliedBy: actor.userId },
      )
      .where(eq(reviews.id, reviewId));
    if (mode === "first") await countFirstReply(tx, review.businessId, now);
    await recordAudit(tx, {
      action: mode === "first" ? "review.replied" : "review.reply-edited",
      actorId: actor.userId,
      subjectId: actor.businessId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      details: { reviewId },
    });
    return { ok: true, edited: mode === "edit" };
  });
}

/** "Ada O." (as readers see authors), or "A former Oja shopper" once the account is gone. */
function authorName(name: string | null): string {
  if (!name) return "A former Oja shopper";
  const [first = "", ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : first;
}

export const inboxPageSize = 20;

/**
 * The business's reviews for its console, newest first, a page at a time (keyset), all of them
 * or only those that need a reply (published, no reply yet). Each comes as readers see it, with
 * its reply to edit and the business's latest flag on it (open: waiting for moderators).
 */
export async function reviewInbox(
  db: Executor,
  businessId: string,
  options: { needsReply?: boolean; after?: string | null; limit?: number } = {},
) {
  const limit = options.limit ?? inboxPageSize;
  const after = options.after ? decodeCursor(options.after, exactTimeKey) : null;
  const id = sql`${reviews.id} collate "C"`;
  const rows = await db
    .select({
      id: reviews.id,
      authorName: users.name,
      stars: reviews.stars,
      title: reviews.title,
      body: reviews.body,
      experiencedOn: reviews.experiencedOn,
      experienceKind: reviews.experienceKind,
      invitationId: reviews.invitationId,
      status: reviews.status,
      removedReason: reviews.removedReason,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      replyEditedAt: reviews.replyEditedAt,
      createdAt: reviews.createdAt,
      createdKey: exactTime(sql`${reviews.createdAt}`),
    })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(
      and(
        eq(reviews.businessId, businessId),
        options.needsReply ? eq(reviews.status, "published") : undefined,
        options.needsReply ? isNull(reviews.reply) : undefined,
        after
          ? sql`(${reviews.createdAt}, ${id}) < (${after.key}::timestamptz, ${after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt), sql`${id} desc`)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const flags =
    page.length === 0
      ? []
      : await db
          .select({
            reviewId: reviewFlags.reviewId,
            reason: reviewFlags.reason,
            outcome: reviewFlags.outcome,
            createdAt: reviewFlags.createdAt,
          })
          .from(reviewFlags)
          .where(
            and(
              eq(reviewFlags.source, "business"),
              inArray(
                reviewFlags.reviewId,
                page.map((row) => row.id),
              ),
            ),
          )
          .orderBy(desc(reviewFlags.createdAt));
  const last = rows[limit - 1];
  return {
    items: page.map((row) => {
      const flag = flags.find((candidate) => candidate.reviewId === row.id);
      const hiddenBecause = moderationNotice(row.status, row.removedReason);
      return {
        id: row.id,
        stars: row.stars,
        title: hiddenBecause ? "" : row.title,
        body: hiddenBecause ? "" : row.body,
        status: row.status,
        hiddenBecause,
        verified: row.experienceKind !== null,
        invited: row.invitationId !== null,
        byline: [
          authorName(row.authorName),
          `experience on ${formatDay(row.experiencedOn)}`,
          `written ${formatLagosDay(row.createdAt)}`,
        ].join(" · "),
        reply:
          row.reply !== null && row.repliedAt !== null
            ? {
                body: row.reply,
                dated: `${formatLagosDay(row.repliedAt)}${row.replyEditedAt ? " · edited" : ""}`,
              }
            : null,
        flag: flag ? { reason: flag.reason, outcome: flag.outcome } : null,
      };
    }),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor(last.createdKey, last.id)
        : (null as string | null),
  };
}

/** The business's published reviews and how many have its reply (the inbox's header). */
export async function replyFigures(db: Executor, businessId: string) {
  const [row] = await db
    .select({ reviewCount: reviewStats.reviewCount, repliedCount: reviewStats.repliedCount })
    .from(reviewStats)
    .where(eq(reviewStats.businessId, businessId));
  const reviewCount = row?.reviewCount ?? 0;
  const repliedCount = row?.repliedCount ?? 0;
  return {
    reviewCount,
    repliedCount,
    needReply: reviewCount - repliedCount,
    replyRate: reviewCount === 0 ? null : Math.round((repliedCount / reviewCount) * 100),
  };
}
