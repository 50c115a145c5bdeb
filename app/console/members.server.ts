import { createHash } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { type AuditEntry, recordAudit } from "#app/auth/audit.server.ts";
import { type BusinessRole, businessRoleLabels } from "#app/auth/roles.ts";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { businesses, businessInvitations, businessMembers, users } from "#app/db/schema.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { renderEmail } from "#app/email/render.ts";

/**
 * A business's members (issue 7, decision 018): owners invite people by email with a role,
 * revoke invitations (decision 019), change roles and remove members. A business always keeps at least one owner: every change that
 * could take the last one away locks all of the business's member rows first, so two owners
 * demoting each other at the same moment are taken one after the other, and the second is refused.
 */

/** How long an invitation link works. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60_000;

/** Only this hash of an invitation's token is stored; the link itself is in the email alone. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** secretToken()'s shape: anything else is not a link Oja made. */
const tokenPattern = /^[0-9a-z]{26}$/;

type AuditSource = Pick<AuditEntry, "ipAddress" | "userAgent">;

export type MemberChange =
  | { ok: true }
  | { ok: false; status: 404 }
  | { ok: false; status: 409; message: string };

/** Owners first, then managers, then staff; A–Z within a role. */
const roleRank = sql`case ${businessMembers.role} when 'owner' then 0 when 'manager' then 1 else 2 end`;

export function membersOf(db: Database, businessId: string) {
  return db
    .select({
      userId: businessMembers.userId,
      name: users.name,
      email: users.email,
      role: businessMembers.role,
      since: businessMembers.createdAt,
    })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(roleRank, asc(users.name), asc(users.id));
}

/** Invitations not accepted yet, newest first; expired ones too, so the owner can send again. */
export function openInvitationsOf(db: Database, businessId: string) {
  return db
    .select({
      id: businessInvitations.id,
      email: businessInvitations.email,
      role: businessInvitations.role,
      expiresAt: businessInvitations.expiresAt,
      createdAt: businessInvitations.createdAt,
    })
    .from(businessInvitations)
    .where(
      and(eq(businessInvitations.businessId, businessId), isNull(businessInvitations.acceptedAt)),
    )
    .orderBy(sql`${businessInvitations.createdAt} desc`, asc(businessInvitations.id));
}

export type InviteResult =
  | { ok: true; token: string; invitationId: string }
  | { ok: false; field: "email"; message: string };

/**
 * Invites `email` with `role`: a new invitation replaces an open one to the same address. The
 * email carries the only copy of the token; the audit log records the invitation's id, never the
 * address.
 */
export async function inviteMember(
  db: Database,
  input: {
    businessId: string;
    email: string;
    role: BusinessRole;
    actorId: string;
    source: AuditSource;
    publicUrl: string;
  },
  now = new Date(),
): Promise<InviteResult> {
  const email = input.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [business] = await tx
      .select({ name: businesses.name })
      .from(businesses)
      .where(eq(businesses.id, input.businessId));
    if (!business) throw new Error(`no business ${input.businessId}`);
    const [member] = await tx
      .select({ userId: businessMembers.userId })
      .from(businessMembers)
      .innerJoin(users, eq(users.id, businessMembers.userId))
      .where(and(eq(businessMembers.businessId, input.businessId), eq(users.email, email)));
    if (member) {
      return { ok: false, field: "email", message: "This person is already a member." };
    }
    await tx
      .delete(businessInvitations)
      .where(
        and(
          eq(businessInvitations.businessId, input.businessId),
          eq(businessInvitations.email, email),
          isNull(businessInvitations.acceptedAt),
        ),
      );
    const token = secretToken();
    const invitationId = newId("ivt");
    const expiresAt = new Date(now.getTime() + invitationLifetimeMs);
    await tx.insert(businessInvitations).values({
      id: invitationId,
      businessId: input.businessId,
      email,
      role: input.role,
      tokenHash: hashInvitationToken(token),
      invitedBy: input.actorId,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      action: "member.invited",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: { invitationId, role: input.role },
      ...input.source,
    });
    const role = businessRoleLabels[input.role].toLowerCase();
    const content = renderEmail({
      preview: `Join ${business.name}'s console on Oja as ${role}.`,
      heading: `Join ${business.name} on Oja`,
      paragraphs: [
        `You're invited to help run ${business.name} on Oja as ${role}.`,
        `Open the link within 7 days and sign in (or create your account) with this email address, ${email}.`,
      ],
      action: {
        label: "Accept the invitation",
        url: new URL(`/vendor/invitations/${token}`, input.publicUrl).toString(),
      },
      footer: "If you don't know this business, ignore this email: nothing happens without you.",
    });
    await queueEmail(tx, {
      to: email,
      subject: `Join ${business.name} on Oja`,
      kind: "member-invitation",
      ...content,
    });
    return { ok: true, token, invitationId };
  });
}

export type RevokeResult = { ok: true; email: string } | { ok: false; status: 404 };

/**
 * Withdraws an invitation not accepted yet (expired ones too): it is deleted, so its link then
 * answers like one Oja never made, as a replaced invitation's does. An accept at the same moment
 * holds the invitation's row, so the two are taken one after the other: accepted first, the
 * revoke finds nothing open (404); revoked first, the accept finds no invitation.
 */
export async function revokeInvitation(
  db: Database,
  input: { businessId: string; invitationId: string; actorId: string; source: AuditSource },
): Promise<RevokeResult> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .delete(businessInvitations)
      .where(
        and(
          eq(businessInvitations.id, input.invitationId),
          eq(businessInvitations.businessId, input.businessId),
          isNull(businessInvitations.acceptedAt),
        ),
      )
      .returning({ email: businessInvitations.email, role: businessInvitations.role });
    if (!revoked) return { ok: false, status: 404 };
    await recordAudit(tx, {
      action: "member.invitation-revoked",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: { invitationId: input.invitationId, role: revoked.role },
      ...input.source,
    });
    return { ok: true, email: revoked.email };
  });
}

/** "ada@example.com" → "a••@example.com": enough to recognise one's own address, not to learn one. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}${"•".repeat(Math.min(Math.max(local.length - 1, 1), 6))}@${domain}`;
}

export type InvitationState =
  | { kind: "not-found" }
  | { kind: "used"; business: InvitationBusiness }
  | { kind: "expired"; business: InvitationBusiness }
  | { kind: "wrong-account"; business: InvitationBusiness; invitedEmail: string }
  | { kind: "member"; business: InvitationBusiness; role: BusinessRole }
  | { kind: "open"; business: InvitationBusiness; role: BusinessRole };

interface InvitationBusiness {
  name: string;
  slug: string;
}

async function findInvitation(executor: Executor, token: string, lock: boolean) {
  if (!tokenPattern.test(token)) return null;
  const query = executor
    .select({
      id: businessInvitations.id,
      businessId: businessInvitations.businessId,
      email: businessInvitations.email,
      role: businessInvitations.role,
      expiresAt: businessInvitations.expiresAt,
      acceptedAt: businessInvitations.acceptedAt,
      businessName: businesses.name,
      businessSlug: businesses.slug,
    })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(eq(businessInvitations.tokenHash, hashInvitationToken(token)));
  const [row] = lock ? await query.for("update", { of: businessInvitations }) : await query;
  return row ?? null;
}

async function stateOf(
  executor: Executor,
  invitation: NonNullable<Awaited<ReturnType<typeof findInvitation>>>,
  user: { id: string; email: string },
  now: Date,
): Promise<InvitationState> {
  const business = { name: invitation.businessName, slug: invitation.businessSlug };
  const [membership] = await executor
    .select({ role: businessMembers.role })
    .from(businessMembers)
    .where(
      and(
        eq(businessMembers.businessId, invitation.businessId),
        eq(businessMembers.userId, user.id),
      ),
    );
  if (invitation.acceptedAt) {
    return membership
      ? { kind: "member", business, role: membership.role }
      : { kind: "used", business };
  }
  if (invitation.email !== user.email.toLowerCase()) {
    return { kind: "wrong-account", business, invitedEmail: maskEmail(invitation.email) };
  }
  if (membership) return { kind: "member", business, role: membership.role };
  if (invitation.expiresAt.getTime() <= now.getTime()) return { kind: "expired", business };
  return { kind: "open", business, role: invitation.role };
}

/** What the invitation page shows the signed-in person for this link. */
export async function describeInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<InvitationState> {
  const invitation = await findInvitation(db, token, false);
  if (!invitation) return { kind: "not-found" };
  return stateOf(db, invitation, user, now);
}

/**
 * The invited person, signed in with the invited address, joins with the invitation's role. The
 * invitation is locked and used once; anything but an open invitation changes nothing and says
 * why.
 */
export async function acceptInvitation(
  db: Database,
  input: { token: string; user: { id: string; email: string }; source: AuditSource },
  now = new Date(),
): Promise<InvitationState> {
  return db.transaction(async (tx) => {
    const invitation = await findInvitation(tx, input.token, true);
    if (!invitation) return { kind: "not-found" };
    const state = await stateOf(tx, invitation, input.user, now);
    if (state.kind === "member" && !invitation.acceptedAt) {
      // Already in (added by another invitation): this one is spent, the role stays as it is.
      await tx
        .update(businessInvitations)
        .set({ acceptedAt: now, updatedAt: now })
        .where(eq(businessInvitations.id, invitation.id));
    }
    if (state.kind !== "open") return state;
    await tx.insert(businessMembers).values({
      businessId: invitation.businessId,
      userId: input.user.id,
      role: invitation.role,
      createdAt: now,
      updatedAt: now,
    });
    await tx
      .update(businessInvitations)
      .set({ acceptedAt: now, updatedAt: now })
      .where(eq(businessInvitations.id, invitation.id));
    await recordAudit(tx, {
      action: "member.joined",
      actorId: input.user.id,
      subjectId: invitation.businessId,
      details: { invitationId: invitation.id, userId: input.user.id, role: invitation.role },
      ...input.source,
    });
    return { kind: "member", business: state.business, role: invitation.role };
  });
}

const lastOwnerMessage =
  "A business needs at least one owner. Make someone else owner first, then try again.";

/**
 * Every member row of the business, locked until the transaction ends, in one order (user id) so
 * concurrent changes queue instead of deadlocking.
 */
async function lockMembers(tx: Executor, businessId: string) {
  return tx
    .select({ userId: businessMembers.userId, role: businessMembers.role })
    .from(businessMembers)
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(businessMembers.userId))
    .for("update");
}

export async function changeMemberRole(
  db: Database,
  input: {
    businessId: string;
    userId: string;
    role: BusinessRole;
    actorId: string;
    source: AuditSource;
  },
  now = new Date(),
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, input.businessId);
    const member = members.find((row) => row.userId === input.userId);
    if (!member) return { ok: false, status: 404 };
    if (member.role === input.role) return { ok: true };
    const owners = members.filter((row) => row.role === "owner").length;
    if (member.role === "owner" && owners <= 1) {
      return { ok: false, status: 409, message: lastOwnerMessage };
    }
    await tx
      .update(businessMembers)
      .set({ role: input.role, updatedAt: now })
      .where(
        and(
          eq(businessMembers.businessId, input.businessId),
          eq(businessMembers.userId, input.userId),
        ),
      );
    await recordAudit(tx, {
      action: "member.role-changed",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: { userId: input.userId, from: member.role, to: input.role },
      ...input.source,
    });
    return { ok: true };
  });
}

export async function removeMember(
  db: Database,
  input: { businessId: string; userId: string; actorId: string; source: AuditSource },
): Promise<MemberChange> {
  return db.transaction(async (tx) => {
    const members = await lockMembers(tx, input.businessId);
    const member = members.find((row) => row.userId === input.userId);
    if (!member) return { ok: false, status: 404 };
    const owners = members.filter((row) => row.role === "owner").length;
    if (member.role === "owner" && owners <= 1) {
      return { ok: false, status: 409, message: lastOwnerMessage };
    }
    await tx
      .delete(businessMembers)
      .where(
        and(
          eq(businessMembers.businessId, input.businessId),
          eq(businessMembers.userId, input.userId),
        ),
      );
    await recordAudit(tx, {
      action: "member.removed",
      actorId: input.actorId,
      subjectId: input.businessId,
      details: { userId: input.userId, role: member.role },
      ...input.source,
    });
    return { ok: true };
  });
}
