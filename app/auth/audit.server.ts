import { desc, eq, or } from "drizzle-orm";
import type { Database, Executor } from "../db/database.server.ts";
import { newId } from "../db/ids.ts";
import { auditEvents } from "../db/schema.server.ts";
import { clientIp, userAgent } from "./request-info.server.ts";

/**
 * The events Oja records: security, and every console and admin action (issue 7). Adding one is
 * adding its name here. Console events name the business as `subjectId`.
 */
export type AuditAction =
  | "sign-in"
  | "sign-in.failed"
  | "sign-in.rate-limited"
  | "sign-out"
  | "sign-up"
  /** Someone signed up with an email that has an account; the subject is that account. */
  | "sign-up.existing-email"
  | "email.verified"
  | "password.changed"
  | "password.reset-requested"
  | "password.reset"
  | "session.revoked"
  | "sessions.revoked-all"
  | "role.changed"
  | "account.deleted"
  // A business's life on Oja (the applicant, then admins).
  | "business.applied"
  | "business.approved"
  | "business.rejected"
  | "business.suspended"
  | "business.restored"
  // The console (members of the business).
  | "business.profile-updated"
  | "business.delivery-updated"
  | "business.payout-account-set"
  | "product.created"
  | "product.updated"
  | "product.archived"
  | "products.imported"
  | "collection.created"
  | "collection.updated"
  | "collection.deleted"
  | "voucher-offer.created"
  | "voucher-offer.updated"
  | "flash-sale.created"
  | "flash-sale.cancelled"
  | "discount-sale.created"
  | "discount-sale.cancelled"
  | "discount-sale.ended"
  | "discount-sale.floor-set"
  | "voucher.redeemed"
  | "order.fulfilled"
  | "order.cancelled"
  | "order.refunded"
  | "member.invited"
  | "member.invitation-revoked"
  | "member.joined"
  | "member.role-changed"
  | "member.removed"
  | "check-in-poster.replaced"
  | "points.adjusted"
  | "referral.reviewed"
  // Reviews: a business's reply and flag (the business is the subject), and moderators'
  // decisions on a flagged review (the review is the subject).
  | "review.replied"
  | "review.reply-edited"
  | "review.flagged"
  | "review.kept"
  | "review.removed"
  | "review.edit-requested"
  // The reward shop: rewards made and archived (admins or a business), a business reward used.
  | "reward.created"
  | "reward.archived"
  | "reward.codes-added"
  | "reward.stock-set"
  | "reward.used"
  // Invoices and pay links (a business's managers; the business is the subject).
  | "invoice.created"
  | "invoice.updated"
  | "invoice.deleted"
  | "invoice.sent"
  | "invoice.voided"
  | "pay-link.created"
  | "pay-link.archived";

export interface AuditEntry {
  action: AuditAction;
  actorId: string | null;
  subjectId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  details?: Record<string, string | number | boolean | null>;
}

export async function recordAudit(executor: Executor, entry: AuditEntry): Promise<void> {
  await executor.insert(auditEvents).values({
    id: newId("aud"),
    action: entry.action,
    actorId: entry.actorId,
    subjectId: entry.subjectId ?? entry.actorId,
    ipAddress: entry.ipAddress ?? null,
    userAgent: entry.userAgent ?? null,
    details: entry.details ?? null,
  });
}

/** The request's address and browser, for an audit entry. */
export function auditSource(request: Request) {
  return { ipAddress: clientIp(request), userAgent: userAgent(request) };
}

export function latestAuditEvents(db: Database, options: { limit?: number } = {}) {
  return db
    .select()
    .from(auditEvents)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(options.limit ?? 100);
}

export function auditEventsAbout(db: Database, userId: string) {
  return db
    .select()
    .from(auditEvents)
    .where(or(eq(auditEvents.subjectId, userId), eq(auditEvents.actorId, userId)))
    .orderBy(desc(auditEvents.at));
}
