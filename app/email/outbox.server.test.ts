import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";
import { createTransport } from "nodemailer";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  deliverPendingEmails,
  deliveryJob,
  deliveryStatus,
  emailDelivery,
  findMailboxMessage,
  latestEmailTo,
  listMailbox,
  maxDeliveryAttempts,
  queueEmail,
} from "./outbox.server.ts";
import { emailOutbox } from "./schema.server.ts";

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { rejectRecipients: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.rejectRecipients) return callback();
      callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 450 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          from: mailFrom ? mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const port = (server.server.address() as AddressInfo).port;
  const transport = createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  return {
    received,
    state,
    port,
    transport,
    async close() {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function message(to: string, subject = "Verify your email") {
  return {
    to,
    subject,
    text: `Hello ${to}, confirm here: https://oja.ng/verify?token=abc`,
    html: `<p>Hello, <a href="https://oja.ng/verify?token=abc">confirm</a></p>`,
    kind: "verify-email",
  };
}

const minute = 60_000;
let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp.close();
  await database.close();
});

beforeEach(async () => {
  await database.db.delete(emailOutbox);
  smtp.received.length = 0;
  smtp.state.rejectRecipients = false;
});

describe("queueing", () => {
  test("stores the message with the address trimmed and lower-cased", async () => {
    const id = await queueEmail(database.db, message("  Ada.Obi@Example.COM "));
    expect(id).toMatch(/^eml_/);
    const stored = await findMailboxMessage(database.db, id);
    expect(stored).toMatchObject({
      toAddress: "ada.obi@example.com",
      subject: "Verify your email",
      kind: "verify-email",
      sentAt: null,
      attempts: 0,
    });
  });

  test("inside a transaction that rolls back leaves nothing", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queueEmail(tx, message("rolled@back.ng"));
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await latestEmailTo(database.db, "rolled@back.ng")).toBeUndefined();
  });

  test("inside a transaction that commits keeps every message in order", async () => {
    await database.db.transaction(async (tx) => {
      await queueEmail(tx, { ...message("tx@oja.ng", "First"), kind: "welcome" });
      await queueEmail(tx, message("tx@oja.ng", "Second"));
      await queueEmail(tx, message("other@oja.ng", "Third"));
    });
    const forTx = await listMailbox(database.db, { to: "TX@oja.ng" });
    expect(forTx.map((row) => row.subject)).toEqual(["Second", "First"]);
    expect((await listMailbox(database.db)).map((row) => row.subject)).toEqual([
      "Third",
      "Second",
      "First",
    ]);
    expect((await latestEmailTo(database.db, "tx@oja.ng"))?.subject).toBe("Second");
    expect((await latestEmailTo(database.db, "tx@oja.ng", "welcome"))?.subject).toBe("First");
  });

  test("refuses a recipient that is not an email address", async () => {
    await expect(queueEmail(database.db, message("   "))).rejects.toThrow(/email address/);
  });
});

describe("delivery", () => {
  test("sends a pending message through SMTP and marks it sent", async () => {
    const id = await queueEmail(database.db, message("Chinedu@Example.com"));
    const result = await deliverPendingEmails(database.db, smtp.transport);
    expect(result).toEqual({ sent: 1, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0] ?? { from: "", to: [], raw: "" };
    expect(mail.from).toBe("no-reply@oja.ng");
    expect(mail.to).toEqual(["chinedu@example.com"]);
    expect(mail.raw).toContain("Subject: Verify your email");
    expect(mail.raw).toContain("From: Oja <no-reply@oja.ng>");
    expect(mail.raw).toContain("confirm here: https://oja.ng/verify?token=abc");
    expect(mail.raw).toContain("text/html");

    const stored = await findMailboxMessage(database.db, id);
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(stored?.lastError).toBeNull();
    expect(deliveryStatus(stored ?? { sentAt: null, attempts: 0 })).toBe("sent");

    expect(await deliverPendingEmails(database.db, smtp.transport)).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  test("records a failure, backs off, and sends on a later run", async () => {
    const id = await queueEmail(database.db, message("busy@example.com"));
    smtp.state.rejectRecipients = true;
    const start = new Date(Date.now() + 1000);

    expect(await deliverPendingEmails(database.db, smtp.transport, { now: start })).toEqual({
      sent: 0,
      failed: 1,
    });
    let stored = await findMailboxMessage(database.db, id);
    expect(stored?.sentAt).toBeNull();
    expect(stored?.attempts).toBe(1);
    expect(stored?.lastError).toContain("Mailbox busy, try later");
    expect(stored?.nextAttemptAt.getTime()).toBe(start.getTime() + minute);

    // Not due yet: nothing is tried.
    const early = new Date(start.getTime() + 30_000);
    expect(await deliverPendingEmails(database.db, smtp.transport, { now: early })).toEqual({
      sent: 0,
      failed: 0,
    });

    // Due again and still failing: the wait doubles.
    const second = new Date(start.getTime() + minute);
    await deliverPendingEmails(database.db, smtp.transport, { now: second });
    stored = await findMailboxMessage(database.db, id);
    expect(stored?.attempts).toBe(2);
    expect(stored?.nextAttemptAt.getTime()).toBe(second.getTime() + 2 * minute);

    smtp.state.rejectRecipients = false;
    const later = new Date(start.getTime() + 60 * minute);
    expect(await deliverPendingEmails(database.db, smtp.transport, { now: later })).toEqual({
      sent: 1,
      failed: 0,
    });
    stored = await findMailboxMessage(database.db, id);
    expect(stored?.sentAt).toBeInstanceOf(Date);
    expect(stored?.lastError).toBeNull();
    expect(smtp.received.map((mail) => mail.to)).toEqual([["busy@example.com"]]);
  });

  test("records the error when the SMTP server cannot be reached", async () => {
    const closed = createServer();
    closed.listen(0, "127.0.0.1");
    await once(closed, "listening");
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createTransport({ host: "127.0.0.1", port, connectionTimeout: 2000 });

    const id = await queueEmail(database.db, message("nobody@example.com"));
    const now = new Date(Date.now() + 1000);
    expect(await deliverPendingEmails(database.db, unreachable, { now })).toEqual({
      sent: 0,
      failed: 1,
    });
    const stored = await findMailboxMessage(database.db, id);
    expect(stored?.lastError).toMatch(/ECONNREFUSED/);
    expect(stored?.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
  });

  test("gives a message up after the last attempt and never tries it again", async () => {
    const id = await queueEmail(database.db, message("gone@example.com"));
    smtp.state.rejectRecipients = true;
    let now = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= maxDeliveryAttempts; attempt++) {
      expect(await deliverPendingEmails(database.db, smtp.transport, { now })).toEqual({
        sent: 0,
        failed: 1,
      });
      now = new Date(now.getTime() + 2 * 60 * minute);
    }
    smtp.state.rejectRecipients = false;
    expect(await deliverPendingEmails(database.db, smtp.transport, { now })).toEqual({
      sent: 0,
      failed: 0,
    });
    const stored = await findMailboxMessage(database.db, id);
    expect(stored?.attempts).toBe(maxDeliveryAttempts);
    expect(deliveryStatus(stored ?? { sentAt: null, attempts: 0 })).toBe("failed");
    expect(smtp.received).toHaveLength(0);
  });

  test("two deliveries running at once never send one message twice", async () => {
    const addresses = Array.from({ length: 15 }, (_, index) => `buyer${index}@example.com`);
    for (const address of addresses) await queueEmail(database.db, message(address));

    const results = await Promise.all([
      deliverPendingEmails(database.db, smtp.transport, { batchSize: 50 }),
      deliverPendingEmails(database.db, smtp.transport, { batchSize: 50 }),
      deliverPendingEmails(database.db, smtp.transport, { batchSize: 50 }),
    ]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(addresses.length);
    const recipients = smtp.received.flatMap((mail) => mail.to);
    expect(recipients.toSorted()).toEqual(addresses.toSorted());
    const pending = (await listMailbox(database.db)).filter((row) => row.sentAt === null);
    expect(pending).toEqual([]);
  });

  test("sends no more than a batch at a time", async () => {
    for (const index of [1, 2, 3]) await queueEmail(database.db, message(`b${index}@example.com`));
    expect(await deliverPendingEmails(database.db, smtp.transport, { batchSize: 2 })).toEqual({
      sent: 2,
      failed: 0,
    });
    expect(await deliverPendingEmails(database.db, smtp.transport, { batchSize: 2 })).toEqual({
      sent: 1,
      failed: 0,
    });
  });
});

describe("the delivery job", () => {
  const log = pino({ level: "silent" });

  test("without an SMTP URL there is none, and the mail stays in the outbox", async () => {
    const delivery = emailDelivery({ db: database.db, settings: {}, log });
    expect(delivery.jobs).toEqual([]);
    const id = await queueEmail(database.db, message("outbox@example.com"));
    await delivery.close();
    expect((await findMailboxMessage(database.db, id))?.sentAt).toBeNull();
    expect(smtp.received).toHaveLength(0);
  });

  test("with an SMTP URL, one run sends everything due, batch after batch", async () => {
    const delivery = emailDelivery({
      db: database.db,
      settings: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` },
      log,
    });
    try {
      const [job] = delivery.jobs;
      expect(job).toMatchObject({ name: deliveryJob, cron: "* * * * *", collapse: true });
      const ids = [];
      for (let i = 0; i < 25; i++)
        ids.push(await queueEmail(database.db, message(`batch${i}@example.com`)));
      await job?.run(null);
      for (const id of ids) {
        expect((await findMailboxMessage(database.db, id))?.sentAt).toBeInstanceOf(Date);
      }
      expect(smtp.received).toHaveLength(25);
    } finally {
      await delivery.close();
    }
  });
});
