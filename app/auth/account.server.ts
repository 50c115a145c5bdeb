import { isAPIError } from "better-auth/api";
import { and, count, desc, eq, gt, inArray } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "#app/zod.ts";
import { services } from "../context.server.ts";
import type { Executor } from "../db/database.server.ts";
import { businesses, businessMembers, emailOutbox, sessions, users } from "../db/schema.server.ts";
import { queueEmail } from "../email/outbox.server.ts";
import { rateLimitRules, retryAfterText } from "../security/rate-limit.server.ts";
import { auditSource, recordAudit } from "./audit.server.ts";
import { revokeResetLinks } from "./auth.server.ts";
import { passwordChangedEmail } from "./emails.server.ts";
import {
  changePasswordSchema,
  deleteAccountSchema,
  type FieldErrors,
  fieldErrors,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "./forms.ts";
import { passwordWeakness } from "./password.server.ts";
import { clientIp } from "./request-info.server.ts";
import { requireUser } from "./session.server.ts";

/**
 * The account actions behind the sign-up, sign-in, password and profile forms. Each validates
 * its form, applies its rate limits, calls Better Auth, and writes the audit log; a refusal is a
 * 4xx with a message per field (`errors.form` for the whole form), never a 500.
 */
type Context = Readonly<RouterContextProvider>;

export interface FormFailure {
  errors: FieldErrors;
}

/** A refused form: the status and the field messages, returned as the action's data. */
export function refuse(status: 400 | 401 | 404 | 429, errors: FieldErrors) {
  return data<FormFailure>({ errors }, { status });
}

function parse<Schema extends z.ZodType>(schema: Schema, form: FormData) {
  return schema.safeParse(Object.fromEntries(form));
}

function errorCode(error: unknown): string | undefined {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string } | undefined;
  return body?.code;
}

const tooMany = (what: string, seconds: number) =>
  refuse(429, { form: `Too many ${what}. ${retryAfterText(seconds)}` });

/**
 * Creates the account, or, when the email already has one, emails its owner instead: both answer
 * `sent` and nothing else (no session, same data), so the form can't be used to probe for
 * accounts. Better Auth hashes the password on both paths, so their timing matches too.
 */
export async function signUp(context: Context, request: Request, form: FormData) {
  const { auth, rateLimits, db } = services(context);
  const parsed = parse(signUpSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  const { name, email, password, referralCode } = parsed.data;
  const weakness = await passwordWeakness(password, [name, email, email.split("@")[0] ?? ""]);
  if (weakness) return { failure: refuse(400, { password: weakness }) };
  const limit = await rateLimits.hit(rateLimitRules.signUpPerIp, clientIp(request) ?? "unknown");
  if (!limit.allowed)
    return { failure: tooMany("new accounts from here", limit.retryAfterSeconds) };
  // With autoSignIn off, a taken email gets a made-up user that was never stored, and its owner
  // the email of onExistingUserSignUp (auth.server.ts).
  const { user } = await auth.api.signUpEmail({
    body: {
      name,
      email,
      password,
      // Codes are upper case; a link typed in lower case still counts.
      referredByCode: referralCode ? referralCode.toUpperCase() : undefined,
      privacyAcceptedAt: new Date(),
    },
    headers: request.headers,
  });
  const [created] = await db.select({ id: users.id }).from(users).where(eq(users.id, user.id));
  await recordAudit(
    db,
    created
      ? { action: "sign-up", actorId: created.id, ...auditSource(request) }
      : {
          action: "sign-up.existing-email",
          actorId: null,
          subjectId: await userIdByEmail(context, email),
          ...auditSource(request),
        },
  );
  return { sent: email };
}

export const wrongCredentials = "That email and password don't match an account on Oja.";

/**
 * Failed sign-ins count per address (30 in 15 minutes, whatever the accounts) and per account
 * and address together, with a growing wait: a stranger guessing from one address slows only
 * themselves, and the owner signing in from elsewhere is never refused (decision 031). Unknown
 * emails count the same way, so the waits say nothing about which emails have accounts.
 */
export async function signIn(context: Context, request: Request, form: FormData) {
  const { auth, rateLimits, db } = services(context);
  const parsed = parse(signInSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  const { email, password } = parsed.data;
  const ipKey = clientIp(request) ?? "unknown";
  const accountKey = `${email}|${ipKey}`;
  for (const [rule, key] of [
    [rateLimitRules.signInPerIp, ipKey],
    [rateLimitRules.signInPerAccountAndIp, accountKey],
  ] as const) {
    const verdict = await rateLimits.check(rule, key);
    if (!verdict.allowed) {
      await recordAudit(db, {
        action: "sign-in.rate-limited",
        actorId: null,
        subjectId: await userIdByEmail(context, email),
        ...auditSource(request),
        details: { limit: rule.name },
      });
      return { failure: tooMany("sign-in attempts", verdict.retryAfterSeconds) };
    }
  }
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await rateLimits.reset(rateLimitRules.signInPerAccountAndIp, accountKey);
    await recordAudit(db, {
      action: "sign-in",
      actorId: response.user.id,
      ...auditSource(request),
    });
    return { headers };
  } catch (error) {
    if (errorCode(error) !== "INVALID_EMAIL_OR_PASSWORD") throw error;
    await rateLimits.hit(rateLimitRules.signInPerIp, ipKey);
    const wait = await rateLimits.fail(rateLimitRules.signInPerAccountAndIp, accountKey);
    await recordAudit(db, {
      action: "sign-in.failed",
      actorId: null,
      subjectId: await userIdByEmail(context, email),
      ...auditSource(request),
    });
    // The failure that starts a wait says so, rather than leaving the next attempt to find out.
    const message = wait.allowed
      ? wrongCredentials
      : `${wrongCredentials} ${retryAfterText(wait.retryAfterSeconds)}`;
    return { failure: refuse(401, { form: message }) };
  }
}

async function userIdByEmail(context: Context, email: string): Promise<string | null> {
  const { db } = services(context);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user?.id ?? null;
}

export async function signOut(context: Context, request: Request) {
  const { auth, db } = services(context);
  const user = requireUser(context, request);
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  await recordAudit(db, { action: "sign-out", actorId: user.id, ...auditSource(request) });
  return headers;
}

/** The same answer whether or not the email has an account: the form can't be used to probe. */
export const resetRequestedMessage =
  "If an account uses that email, we've sent it a link to choose a new password. It works once, within one hour.";

export async function requestPasswordReset(context: Context, request: Request, form: FormData) {
  const { auth, rateLimits, db } = services(context);
  const parsed = parse(forgotPasswordSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  const { email } = parsed.data;
  for (const [rule, key] of [
    [rateLimitRules.passwordResetPerIp, clientIp(request) ?? "unknown"],
    [rateLimitRules.passwordResetPerEmail, email],
  ] as const) {
    const verdict = await rateLimits.hit(rule, key);
    if (!verdict.allowed) return { failure: tooMany("reset requests", verdict.retryAfterSeconds) };
  }
  await auth.api.requestPasswordReset({
    body: { email, redirectTo: "/Login/reset" },
    headers: request.headers,
  });
  await recordAudit(db, {
    action: "password.reset-requested",
    actorId: null,
    subjectId: await userIdByEmail(context, email),
    ...auditSource(request),
  });
  return { done: resetRequestedMessage };
}

export const expiredResetLink =
  "This reset link has expired or was already used. Ask for a new one below.";

export async function resetPassword(context: Context, request: Request, form: FormData) {
  const { auth } = services(context);
  const parsed = parse(resetPasswordSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  const weakness = await passwordWeakness(parsed.data.password);
  if (weakness) return { failure: refuse(400, { password: weakness }) };
  try {
    // Better Auth deletes the token as it uses it and signs every device out; its
    // onPasswordReset hook (auth.server.ts) revokes the account's other reset links and writes
    // the audit entry and the notice email.
    await auth.api.resetPassword({
      body: { token: parsed.data.token, newPassword: parsed.data.password },
      headers: request.headers,
    });
    return {};
  } catch (error) {
    if (errorCode(error) !== "INVALID_TOKEN") throw error;
    return { failure: refuse(400, { token: expiredResetLink }) };
  }
}

/** The email a verification link (a JWT Better Auth signed) is for, read without checking it. */
function verificationLinkEmail(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString());
    return typeof payload?.email === "string" ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Confirms the email in a verification link; its audit entry is written by auth.server.ts. A link
 * works once: Better Auth's links are signed, not stored, and it would answer a second use (or an
 * older link) as a success, so a link for an address already confirmed is refused here first. The
 * unchecked email only ever leads to a refusal, and every refusal reads the same on the page.
 */
export async function verifyEmail(context: Context, request: Request, token: string) {
  const { auth, db } = services(context);
  const email = verificationLinkEmail(token);
  if (!email) return { verified: false };
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email));
  if (user?.emailVerified) return { verified: false };
  try {
    await auth.api.verifyEmail({ query: { token }, headers: request.headers });
    return { verified: true };
  } catch (error) {
    if (isAPIError(error)) return { verified: false };
    throw error;
  }
}

export async function resendVerificationEmail(context: Context, request: Request) {
  const { auth, rateLimits } = services(context);
  const user = requireUser(context, request);
  if (user.emailVerified) return {};
  const verdict = await rateLimits.hit(rateLimitRules.verificationEmailPerAccount, user.id);
  if (!verdict.allowed) return { failure: tooMany("emails", verdict.retryAfterSeconds) };
  await auth.api.sendVerificationEmail({ body: { email: user.email }, headers: request.headers });
  return {};
}

export async function changePassword(context: Context, request: Request, form: FormData) {
  const { auth, db, rateLimits, settings, emailQueued } = services(context);
  const user = requireUser(context, request);
  const parsed = parse(changePasswordSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  const weakness = await passwordWeakness(parsed.data.password, [user.name, user.email]);
  if (weakness) return { failure: refuse(400, { password: weakness }) };
  const verdict = await rateLimits.hit(rateLimitRules.passwordChangePerAccount, user.id);
  if (!verdict.allowed) return { failure: tooMany("attempts", verdict.retryAfterSeconds) };
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.password,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    await db.transaction(async (tx) => {
      // A reset link asked for before the change would otherwise undo it.
      await revokeResetLinks(tx, user.id);
      await recordAudit(tx, {
        action: "password.changed",
        actorId: user.id,
        ...auditSource(request),
      });
      await queueEmail(tx, passwordChangedEmail(user, "changed", settings.publicUrl));
    });
    emailQueued();
    return { headers };
  } catch (error) {
    if (errorCode(error) !== "INVALID_PASSWORD") throw error;
    return { failure: refuse(400, { currentPassword: "That isn't your current password." }) };
  }
}

/** The browsers and devices signed in to this account, newest activity first; no tokens. */
export async function listSessions(context: Context, userId: string) {
  const { db } = services(context);
  return db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt));
}

/** Signs one device out. Another person's session id answers 404. */
export async function revokeSession(context: Context, request: Request, sessionId: string) {
  const { db } = services(context);
  const user = requireUser(context, request);
  if (sessionId === user.sessionId) return { signedOut: await signOut(context, request) };
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)))
      .returning({ id: sessions.id });
    if (rows.length > 0) {
      await recordAudit(tx, {
        action: "session.revoked",
        actorId: user.id,
        ...auditSource(request),
        details: { session: sessionId },
      });
    }
    return rows.length;
  });
  return removed > 0
    ? {}
    : { failure: refuse(404, { form: "That device is already signed out." }) };
}

/** Signs out every device, this one included. */
export async function revokeAllSessions(context: Context, request: Request) {
  const { auth, db } = services(context);
  const user = requireUser(context, request);
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await recordAudit(tx, {
      action: "sessions.revoked-all",
      actorId: user.id,
      ...auditSource(request),
    });
  });
  return headers;
}

/** Businesses whose only owner is this person: the account can't go until someone takes over. */
async function businessesOnlyOwnedBy(db: Executor, userId: string) {
  const owned = await db
    .select({ id: businessMembers.businessId, name: businesses.name })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(and(eq(businessMembers.userId, userId), eq(businessMembers.role, "owner")));
  if (owned.length === 0) return [];
  const owners = await db
    .select({ businessId: businessMembers.businessId, owners: count() })
    .from(businessMembers)
    .where(
      and(
        inArray(
          businessMembers.businessId,
          owned.map((business) => business.id),
        ),
        eq(businessMembers.role, "owner"),
      ),
    )
    .groupBy(businessMembers.businessId);
  const soleOwned = new Set(owners.filter((row) => row.owners === 1).map((row) => row.businessId));
  return owned.filter((business) => soleOwned.has(business.id));
}

/**
 * Deletes the account: every session ends, personal data is erased (the user row, its addresses,
 * memberships and sign-in records by cascade, and the emails sent to it), and the audit log keeps
 * only the id. Reviews, orders and points (later issues) keep their records without the person.
 */
export async function deleteAccount(context: Context, request: Request, form: FormData) {
  const { auth, db, rateLimits } = services(context);
  const user = requireUser(context, request);
  const parsed = parse(deleteAccountSchema, form);
  if (!parsed.success) return { failure: refuse(400, fieldErrors(parsed.error)) };
  // A stolen session could otherwise guess the password here without limit.
  const verdict = await rateLimits.hit(rateLimitRules.passwordChangePerAccount, user.id);
  if (!verdict.allowed) return { failure: tooMany("attempts", verdict.retryAfterSeconds) };
  try {
    await auth.api.verifyPassword({
      body: { password: parsed.data.password },
      headers: request.headers,
    });
  } catch (error) {
    if (errorCode(error) !== "INVALID_PASSWORD") throw error;
    return { failure: refuse(400, { password: "That isn't your password." }) };
  }
  const soleOwned = await db.transaction(async (tx) => {
    // Checked inside the transaction that deletes, so ownership can't change in between.
    const blocking = await businessesOnlyOwnedBy(tx, user.id);
    if (blocking.length > 0) return blocking;
    await recordAudit(tx, { action: "account.deleted", actorId: user.id, ...auditSource(request) });
    await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
    await tx.delete(users).where(eq(users.id, user.id));
    return [];
  });
  if (soleOwned.length > 0) {
    const names = soleOwned.map((business) => business.name).join(", ");
    return {
      failure: refuse(400, {
        form: `You are the only owner of ${names}. Make another member an owner first, so the business isn't left without one.`,
      }),
    };
  }
  // The sessions went with the account; this only clears the browser's cookie.
  const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return { headers };
}
