import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Every email Oja sends is first written here, inside the transaction of the action that caused
 * it, so a rolled-back action sends nothing and a crash loses nothing. With SMTP_URL set a
 * delivery loop sends pending rows; without it they stay here and the dev mailbox shows them.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: text("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    /** What the message is for (`verify-email`, `reset-password`…), for tests and the mailbox. */
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("email_outbox_pending").on(table.nextAttemptAt).where(sql`${table.sentAt} is null`),
    index("email_outbox_to").on(table.toAddress),
  ],
);
