import { and, desc, eq, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Executor } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import type { JobDefinition } from "#app/jobs/jobs.server.ts";
import { emailOutbox } from "./schema.server.ts";

/**
 * The email outbox: actions queue mail in their own transaction (`queueEmail`), and a delivery
 * job (`emailDelivery`, only when SMTP_URL is set) sends what is pending. Without SMTP the
 * mail stays here and the dev mailbox (/dev/mailbox) shows it.
 *
 * Delivery rules (`deliverPendingEmails`):
 * - A row is pending while `sentAt` is null, `nextAttemptAt` has come and `attempts` is below
 *   `maxDeliveryAttempts`.
 * - Each row is claimed on its own by one UPDATE whose subquery locks it `FOR UPDATE SKIP
 *   LOCKED`; the claim counts the attempt and moves `nextAttemptAt` a lease ahead, so another
 *   instance neither waits for it nor picks it up while it is being sent. The lease also means a
 *   process that dies mid-send retries that message once the lease ends: delivery is at least
 *   once, never twice from two live instances.
 * - Success sets `sentAt`. Failure keeps the error's message (500 characters at most) and waits
 *   1 min × 2^(attempts − 1), at most 1 h, before the next try.
 * - After `maxDeliveryAttempts` failed attempts a row is given up: it keeps `sentAt` null and its
 *   last error, and is never picked again (`deliveryStatus` says "failed").
 */

/** The database itself, or the transaction of the caller. */

export const defaultFrom = "Oja <no-reply@oja.ng>";
export const maxDeliveryAttempts = 8;
const minute = 60_000;
const maxBackoffMs = 60 * minute;
/** How long a claimed row is left alone by other senders; longer than any SMTP timeout below. */
const claimLeaseMs = 10 * minute;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is for (`verify-email`, `reset-password`…). */
  kind: string;
}

export type OutboxEmail = typeof emailOutbox.$inferSelect;

/** What a mail transport must do; a nodemailer transporter fits. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
  }): Promise<unknown>;
}

export function normalizeAddress(address: string): string {
  return address.trim().toLowerCase();
}

/** Writes the message to the outbox, in the caller's transaction; returns its id. */
export async function queueEmail(executor: Executor, message: EmailMessage): Promise<string> {
  const to = normalizeAddress(message.to);
  if (!to.includes("@")) throw new Error("queueEmail: the recipient is not an email address");
  const id = newId("eml");
  await executor.insert(emailOutbox).values({
    id,
    toAddress: to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    kind: message.kind,
    // The clock, not the transaction's start, so mail queued in one transaction keeps its order.
    createdAt: sql`${queuedAt()}::timestamptz`,
  });
  return id;
}

let lastQueuedMicros = 0n;

/**
 * Now, to the microsecond and never twice the same in this process. PGlite's clock_timestamp()
 * moves in whole milliseconds, so two messages queued within one would tie, and the mailbox,
 * newest first, would show them in any order.
 */
function queuedAt(): string {
  const micros = BigInt(Math.round((performance.timeOrigin + performance.now()) * 1000));
  lastQueuedMicros = micros > lastQueuedMicros ? micros : lastQueuedMicros + 1n;
  const millis = new Date(Number(lastQueuedMicros / 1000n)).toISOString();
  return millis.replace("Z", `${String(lastQueuedMicros % 1000n).padStart(3, "0")}Z`);
}

export type DeliveryStatus = "sent" | "in outbox" | "failed";

export function deliveryStatus(email: Pick<OutboxEmail, "sentAt" | "attempts">): DeliveryStatus {
  if (email.sentAt) return "sent";
  return email.attempts >= maxDeliveryAttempts ? "failed" : "in outbox";
}

const newestFirst = [desc(emailOutbox.createdAt), desc(emailOutbox.id)];

/** The outbox newest first, optionally only mail to one address (any case). */
export function listMailbox(db: Executor, options: { to?: string; limit?: number } = {}) {
  const to = options.to ? normalizeAddress(options.to) : undefined;
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), 500);
  return db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      kind: emailOutbox.kind,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      attempts: emailOutbox.attempts,
    })
    .from(emailOutbox)
    .where(to ? eq(emailOutbox.toAddress, to) : undefined)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function findMailboxMessage(
  db: Executor,
  id: string,
): Promise<OutboxEmail | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** The newest message to `to` (of `kind`, when given); for tests. */
export async function latestEmailTo(
  db: Executor,
  to: string,
  kind?: string,
): Promise<OutboxEmail | undefined> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.toAddress, normalizeAddress(to)),
        kind === undefined ? undefined : eq(emailOutbox.kind, kind),
      ),
    )
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

/** The wait after the `attempts`-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(minute * 2 ** Math.max(attempts - 1, 0), maxBackoffMs);
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().slice(0, 500) || "unknown error";
}

/**
 * Claims one due row for this sender (see the rules at the top), or none. "Due" is judged by the
 * database's clock unless a test fixes `dueBy`: rows are stamped by the database in microseconds,
 * and this process's clock (milliseconds, maybe on another machine) could see them as not yet due.
 */
async function claimNext(
  db: Database,
  now: Date,
  dueBy: Date | undefined,
): Promise<OutboxEmail | undefined> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, dueBy ?? sql`clock_timestamp()`),
        lt(emailOutbox.attempts, maxDeliveryAttempts),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt, emailOutbox.createdAt)
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + claimLeaseMs),
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  return row;
}

/**
 * Sends up to `batchSize` due messages, one after another; safe to run from several instances
 * at once. Returns how many were sent and how many failed this time.
 */
export async function deliverPendingEmails(
  db: Database,
  transport: MailTransport,
  options: { now?: Date; batchSize?: number; from?: string; log?: Logger } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const batchSize = options.batchSize ?? 20;
  const from = options.from ?? defaultFrom;
  const result = { sent: 0, failed: 0 };
  for (let index = 0; index < batchSize; index++) {
    const email = await claimNext(db, now, options.now);
    if (!email) break;
    try {
      await transport.sendMail({
        from,
        to: email.toAddress,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
    } catch (error) {
      result.failed++;
      const lastError = errorMessage(error);
      const givenUp = email.attempts >= maxDeliveryAttempts;
      await db
        .update(emailOutbox)
        .set({
          lastError,
          // A row given up keeps its time; the attempts limit keeps it from being picked again.
          nextAttemptAt: givenUp ? now : new Date(now.getTime() + retryDelayMs(email.attempts)),
        })
        .where(eq(emailOutbox.id, email.id));
      const fields = { emailId: email.id, kind: email.kind, attempts: email.attempts, lastError };
      if (givenUp) options.log?.error(fields, "email delivery failed; giving up");
      else options.log?.warn(fields, "email delivery failed; will retry");
      continue;
    }
    result.sent++;
    await db
      .update(emailOutbox)
      .set({ sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, email.id));
  }
  return result;
}

export interface EmailDelivery {
  /** The delivery job (none without SMTP: the mail stays in the outbox for the dev mailbox). */
  jobs: JobDefinition[];
  /** Closes the SMTP connection. */
  close(): Promise<void>;
}

/** The delivery job's name: asked to run after a transaction that queued mail commits. */
export const deliveryJob = "email-deliver";

/**
 * With `settings.smtpUrl`, a job (app/jobs, decision 036) that sends pending mail: asked for
 * after each action that queued some (services' `emailQueued`), and every minute for the retries
 * whose wait is over. One run at a time across all instances, each working off what is due.
 */
export function emailDelivery(options: {
  db: Database;
  settings: { smtpUrl?: string };
  log: Logger;
  from?: string;
}): EmailDelivery {
  const { db, settings, log } = options;
  if (!settings.smtpUrl) return { jobs: [], close: async () => {} };

  // nodemailer is loaded only where SMTP is configured: the embedded default starts faster.
  const smtpUrl = settings.smtpUrl;
  let transport: Promise<MailTransport & { close(): void }> | undefined;
  const transportReady = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      }),
    ));
  const batchSize = 20;
  log.info("email delivery: sending through SMTP");
  return {
    jobs: [
      {
        name: deliveryJob,
        cron: "* * * * *",
        collapse: true,
        // Each message keeps its own tries and backoff (retryDelayMs); a failed run is the
        // database's, and the next one picks up where it stopped.
        retryLimit: 2,
        retryDelaySeconds: 5,
        async run() {
          let full: boolean;
          do {
            const { sent, failed } = await deliverPendingEmails(db, await transportReady(), {
              from: options.from,
              batchSize,
              log,
            });
            if (sent || failed) log.info({ sent, failed }, "email delivery");
            // A full batch may have left more behind.
            full = sent + failed === batchSize;
          } while (full);
        },
      },
    ],
    async close() {
      (await transport)?.close();
    },
  };
}

const mailTime = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Africa/Lagos",
});

/** A time as the dev mailbox shows it, in Lagos time (formatted on the server only). */
export function formatMailTime(date: Date): string {
  return mailTime.format(date);
}
