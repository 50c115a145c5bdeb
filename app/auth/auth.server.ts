import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth } from "better-auth";
import type { Settings } from "../config.server.ts";
import type { Database } from "../db/database.server.ts";
import { type IdPrefix, newId } from "../db/ids.ts";
import { accounts, sessions, users, verifications } from "../db/schema.server.ts";
import { queueEmail } from "../email/outbox.server.ts";
import { renderEmail } from "../email/render.ts";
import { auditSource, recordAudit } from "./audit.server.ts";
import { maxPasswordLength, minPasswordLength } from "./forms.ts";

const idPrefixes: Record<string, IdPrefix> = {
  user: "usr",
  session: "ses",
  account: "acc",
  verification: "vrf",
};

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
  const link = (path: string, token: string) =>
    `${settings.publicUrl}${path}?token=${encodeURIComponent(token)}`;

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
      autoSignIn: true,
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, token }) {
        await queueEmail(db, {
          to: user.email,
          kind: "reset-password",
          subject: "Reset your Oja password",
          ...renderEmail({
            heading: "Reset your password",
            paragraphs: [
              `Hello ${user.name}, someone asked to reset the password of your Oja account.`,
              "The link works once, within one hour. If it wasn't you, ignore this email: your password stays as it is.",
            ],
            action: { label: "Choose a new password", url: link("/Login/reset", token) },
          }),
        });
        emailQueued?.();
      },
      async onPasswordReset({ user }, request) {
        await db.transaction(async (tx) => {
          await recordAudit(tx, {
            action: "password.reset",
            actorId: user.id,
            subjectId: user.id,
            ...(request ? auditSource(request) : {}),
          });
          await queueEmail(tx, {
            to: user.email,
            kind: "password-changed",
            subject: "Your Oja password was changed",
            ...renderEmail({
              heading: "Your password was changed",
              paragraphs: [
                `Hello ${user.name}, the password of your Oja account was just reset and every device was signed out.`,
                "If this wasn't you, reset your password now and tell us at support@oja.ng.",
              ],
              action: { label: "Sign in", url: `${settings.publicUrl}/Login` },
            }),
          });
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
        await queueEmail(db, {
          to: user.email,
          kind: "verify-email",
          subject: "Confirm your email for Oja",
          ...renderEmail({
            heading: "Confirm your email",
            paragraphs: [
              `Welcome to Oja, ${user.name}. Confirm that this is your email address to write reviews, pay invoices and list a business.`,
              "The link works for 24 hours.",
            ],
            action: { label: "Confirm my email", url: link("/CreateAccount/verify", token) },
          }),
        });
        emailQueued?.();
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
