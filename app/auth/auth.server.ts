import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import { and, eq, like } from "drizzle-orm";
import type { Settings } from "../config.server.ts";
import type { Database, Executor } from "../db/database.server.ts";
import { type IdPrefix, newId } from "../db/ids.ts";
import { accounts, sessions, users, verifications } from "../db/schema.server.ts";
import { queueEmail } from "../email/outbox.server.ts";
import { auditSource, recordAudit } from "./audit.server.ts";
import {
  existingAccountEmail,
  passwordChangedEmail,
  resetPasswordEmail,
  tokenLink,
  verificationEmail,
} from "./emails.server.ts";
import { maxPasswordLength, minPasswordLength } from "./forms.ts";

const idPrefixes: Record<string, IdPrefix> = {
  user: "usr",
  session: "ses",
  account: "acc",
  verification: "vrf",
};

/**
 * Deletes every reset link of the account still waiting to be used. Better Auth only deletes the
 * link it was given, so after a reset (or a change) an older link would still set a password.
 */
export async function revokeResetLinks(executor: Executor, userId: string): Promise<void> {
  await executor
    .delete(verifications)
    .where(
      and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")),
    );
}

export interface AuthDependencies {
  db: Database;
  settings: Settings;
  secret: string;
  /** Called after an email is queued, so a configured SMTP sender can send it soon. */
  emailQueued?: () => void;
}

/**
 * Better Auth, configured for Oja. Its HTTP handler is not mounted: our own forms post to React
 * Router actions, which call `auth.api.*` on the server, so every page works without JavaScript and
 * every input passes our own validation, rate limits and audit log first.
 */
export function createAuth({ db, settings, secret, emailQueued }: AuthDependencies) {
  const link = (path: string, token: string) => tokenLink(settings.publicUrl, path, token);

  return betterAuth({
    appName: "Oja",
    baseURL: settings.publicUrl,
    secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      transaction: true,
    }),
    // Our own limiter (app/security/rate-limit.server.ts) guards each form, per IP and per account,
    // in memory or Redis.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "oja",
      useSecureCookies: settings.secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: settings.secure },
      // Express puts the caller's address here after applying TRUST_PROXY (server/security.ts),
      // replacing whatever the caller sent.
      ipAddress: { ipAddressHeaders: ["x-oja-client-ip"] },
      database: { generateId: ({ model }) => newId(idPrefixes[model] ?? "usr") },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "shopper", required: false },
        phone: { type: "string", input: false, required: false },
        city: { type: "string", input: false, required: false },
        referredByCode: { type: "string", input: true, required: false },
        privacyAcceptedAt: { type: "date", input: true, required: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength,
      maxPasswordLength,
      // Sign-up never signs in, so that an email which already has an account gets the same
      // answer as a new one: with autoSignIn off, Better Auth answers a taken email with a made-up
      // user, after hashing the password as for a new account, and calls onExistingUserSignUp
      // (decision 031). Signing in does not wait for the email to be confirmed.
      autoSignIn: false,
      requireEmailVerification: false,
      async onExistingUserSignUp({ user }) {
        await queueEmail(db, existingAccountEmail(user, settings.publicUrl));
        emailQueued?.();
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await queueEmail(db, resetPasswordEmail(user, link("/Login/reset", token)));
        emailQueued?.();
      },
      async onPasswordReset({ user }, request) {
        await db.transaction(async (tx) => {
          await revokeResetLinks(tx, user.id);
          await recordAudit(tx, {
            action: "password.reset",
            actorId: user.id,
            subjectId: user.id,
            ...(request ? auditSource(request) : {}),
          });
          await queueEmail(tx, passwordChangedEmail(user, "reset", settings.publicUrl));
        });
        emailQueued?.();
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      async afterEmailVerification(user, request) {
        await recordAudit(db, {
          action: "email.verified",
          actorId: user.id,
          ...(request ? auditSource(request) : {}),
        });
      },
      async sendVerificationEmail({ user, token }) {
        await queueEmail(db, verificationEmail(user, link("/CreateAccount/verify", token)));
        emailQueued?.();
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
