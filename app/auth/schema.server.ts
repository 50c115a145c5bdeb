import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "../db/columns.server.ts";

/**
 * People and their sign-in records. `users`, `sessions`, `accounts` and `verifications` are the
 * four models Better Auth reads and writes (their property names are Better Auth's field names);
 * the rest is Oja's.
 */

/** A platform role; business roles live on `business_members`. */
export const platformRole = pgEnum("platform_role", ["shopper", "admin"]);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: platformRole("role").notNull().default("shopper"),
    /** E.164, normalised from what the shopper typed (+234…). */
    phone: text("phone"),
    city: text("city"),
    /**
     * The invitation code the shopper signed up with (/invite/{code}), upper case: kept through
     * email confirmation and read when their first order is paid (app/referrals).
     */
    referredByCode: text("referred_by_code"),
    privacyAcceptedAt: timestamp("privacy_accepted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("users_email_lower", sql`${table.email} = lower(${table.email})`),
    // A referrer's friends, for /Referrals.
    index("users_referred_by_code").on(table.referredByCode),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The session cookie's value: a secret, never sent back to the browser in a page. */
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (table) => [index("sessions_user").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    /** Better Auth's scrypt hash for the "credential" provider. */
    password: text("password"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    ...timestamps,
  },
  (table) => [index("accounts_user").on(table.userId)],
);

/** Single-use tokens: email verification and password reset. */
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier").on(table.identifier)],
);

export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    recipient: text("recipient").notNull(),
    phone: text("phone").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2").notNull().default(""),
    city: text("city").notNull(),
    state: text("state").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("addresses_user").on(table.userId),
    // At most one default address per person, whatever two tabs post at once.
    uniqueIndex("addresses_one_default").on(table.userId).where(sql`${table.isDefault}`),
  ],
);

/**
 * The security audit log. Append-only: a trigger refuses updates and deletes (migration 0002).
 * `userId` is a plain column, not a foreign key, so the record of what happened outlives an
 * erased account; nothing personal beyond the id, IP and user agent is written here.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: text("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    action: text("action").notNull(),
    /** Who did it (null for a guest, such as a failed sign-in to an unknown email). */
    actorId: text("actor_id"),
    /** Whose account or which business it concerned. */
    subjectId: text("subject_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, string | number | boolean | null>>(),
  },
  (table) => [
    index("audit_events_at").on(table.at),
    index("audit_events_subject").on(table.subjectId),
  ],
);
