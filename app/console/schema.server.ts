import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "../auth/schema.server.ts";
import { businesses } from "../catalog/schema.server.ts";
import { timestamps } from "../db/columns.server.ts";

/**
 * Who runs a business's console, and with which role (owner, manager, staff). These tables belong
 * to the console, not to accounts: keeping them here is what lets the account tables and the
 * catalogue's depend on each other in one direction only.
 */
export const businessRole = pgEnum("business_role", ["staff", "manager", "owner"]);

export const businessMembers = pgTable(
  "business_members",
  {
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: businessRole("role").notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.userId] }),
    index("business_members_user").on(table.userId),
  ],
);

/**
 * An invitation to join a business's console with a role (issue 7): sent by email, accepted by
 * the person signed in with that address. Only a hash of the link's token is stored.
 */
export const businessInvitations = pgTable(
  "business_invitations",
  {
    id: text("id").primaryKey(),
    businessId: text("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: businessRole("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("business_invitations_business").on(table.businessId),
    // One open invitation per address and business; a new one replaces it.
    uniqueIndex("business_invitations_open")
      .on(table.businessId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    check("business_invitations_email_lower", sql`${table.email} = lower(${table.email})`),
  ],
);
