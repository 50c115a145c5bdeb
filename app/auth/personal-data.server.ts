import { asc, eq } from "drizzle-orm";
import { checkInsForExport } from "#app/checkins/check-ins.server.ts";
import { paidBillsOf } from "#app/invoices/bill-payments.server.ts";
import { loyaltyRewardsForExport } from "#app/loyalty/loyalty.server.ts";
import { pointsForExport } from "#app/points/ledger.server.ts";
import { referralsForExport } from "#app/referrals/referrals.server.ts";
import { invitationsForExport } from "#app/reviews/invitations.server.ts";
import { votesAndReportsForExport } from "#app/reviews/moderation.server.ts";
import { reviewsOfAuthor } from "#app/reviews/reviews.server.ts";
import { redemptionsForExport } from "#app/reward-shop/redeem.server.ts";
import { vouchersForExport } from "#app/vouchers/wallet.server.ts";
import type { Database } from "../db/database.server.ts";
import {
  accounts,
  addresses,
  businesses,
  businessMembers,
  emailOutbox,
  sessions,
  users,
} from "../db/schema.server.ts";
import { followsForExport } from "../follows/follows.server.ts";
import { ordersForExport } from "../orders/orders.server.ts";
import { auditEventsAbout } from "./audit.server.ts";

/**
 * Everything Oja holds about one person, as the "Download my data" file of /profile/data (the
 * right of access of the Nigeria Data Protection Act). Secrets never leave: no password hash, no
 * session or OAuth tokens, and no email bodies, since those carry one-time links.
 *
 * Later domains add their records here as they are built (invoices), each as one more key of
 * the document.
 *
 * Returns null when the account does not exist.
 */
export async function exportPersonalData(db: Database, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      phone: users.phone,
      city: users.city,
      role: users.role,
      referredByCode: users.referredByCode,
      privacyAcceptedAt: users.privacyAcceptedAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) return null;

  const [signInMethods, sessionRows, addressRows, memberships, securityEvents, emails] =
    await Promise.all([
      db
        .select({
          providerId: accounts.providerId,
          createdAt: accounts.createdAt,
          updatedAt: accounts.updatedAt,
        })
        .from(accounts)
        .where(eq(accounts.userId, userId))
        .orderBy(asc(accounts.createdAt)),
      db
        .select({
          id: sessions.id,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),
      db
        .select({
          id: addresses.id,
          label: addresses.label,
          recipient: addresses.recipient,
          phone: addresses.phone,
          line1: addresses.line1,
          line2: addresses.line2,
          city: addresses.city,
          state: addresses.state,
          isDefault: addresses.isDefault,
          createdAt: addresses.createdAt,
          updatedAt: addresses.updatedAt,
        })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(asc(addresses.createdAt)),
      db
        .select({
          businessId: businesses.id,
          slug: businesses.slug,
          name: businesses.name,
          role: businessMembers.role,
          since: businessMembers.createdAt,
        })
        .from(businessMembers)
        .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
        .where(eq(businessMembers.userId, userId))
        .orderBy(asc(businessMembers.createdAt)),
      auditEventsAbout(db, userId),
      db
        .select({
          subject: emailOutbox.subject,
          kind: emailOutbox.kind,
          createdAt: emailOutbox.createdAt,
          sentAt: emailOutbox.sentAt,
        })
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, account.email))
        .orderBy(asc(emailOutbox.createdAt)),
    ]);
  const [
    followedBusinesses,
    orderRows,
    voucherRecords,
    points,
    referralRecords,
    visits,
    stamps,
    reviewRows,
    reviewInvitationRows,
    reviewVotesAndReports,
    rewardRedemptions,
    billsPaid,
  ] = await Promise.all([
    followsForExport(db, userId),
    ordersForExport(db, userId),
    vouchersForExport(db, userId),
    pointsForExport(db, userId),
    referralsForExport(db, userId),
    checkInsForExport(db, userId),
    loyaltyRewardsForExport(db, userId),
    reviewsOfAuthor(db, userId),
    invitationsForExport(db, account),
    votesAndReportsForExport(db, userId),
    redemptionsForExport(db, userId),
    paidBillsOf(db, userId),
  ]);

  return {
    exportedAt: new Date(),
    account,
    signInMethods,
    sessions: sessionRows,
    addresses: addressRows,
    businessMemberships: memberships,
    followedBusinesses,
    orders: orderRows,
    vouchers: voucherRecords.vouchers,
    voucherGiftsSent: voucherRecords.giftsSent,
    points,
    referrals: referralRecords,
    checkIns: visits,
    loyaltyRewardsReceived: stamps,
    rewardsRedeemed: rewardRedemptions,
    invoicesAndPayLinksPaid: billsPaid,
    reviews: reviewRows,
    reviewInvitations: reviewInvitationRows,
    reviewsFoundHelpful: reviewVotesAndReports.helpfulVotes,
    reviewReports: reviewVotesAndReports.reports,
    securityEvents: securityEvents.map((event) => ({
      at: event.at,
      action: event.action,
      actorId: event.actorId,
      subjectId: event.subjectId,
      ipAddress: event.ipAddress,
      userAgent: event.userAgent,
      details: event.details,
    })),
    emails,
  };
}

export type PersonalData = NonNullable<Awaited<ReturnType<typeof exportPersonalData>>>;
