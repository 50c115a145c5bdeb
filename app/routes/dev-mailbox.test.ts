import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader as mailboxLoader } from "./dev-mailbox.tsx";
import { loader as messageLoader } from "./dev-mailbox-message.tsx";

const liveKeys = { PAYSTACK_SECRET_KEY: "sk_live_x", PAYSTACK_PUBLIC_KEY: "pk_live_x" };
let database: DatabaseHandle;
let verifyId: string;

function email(to: string, subject: string, kind: string) {
  return {
    to,
    subject,
    kind,
    text: `${subject}: http://localhost:3000/verify?token=t0k3n`,
    html: `<p>${subject}</p>`,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  verifyId = await queueEmail(database.db, email("ada@example.com", "Verify your email", "verify"));
  await queueEmail(database.db, email("bola@example.com", "Reset your password", "reset"));
});

afterAll(() => database.close());

describe("the mailbox", () => {
  test("answers 404 when live Paystack keys are set", async () => {
    const thrown = await thrownBy(() =>
      mailboxLoader(loaderArgs(database.db, "/dev/mailbox", "/dev/mailbox", {}, liveKeys)),
    );
    expect(thrown).toEqual({ status: 404, data: { message: "Page not found: /dev/mailbox" } });
  });

  test("lists every message newest first in test mode", async () => {
    const data = await mailboxLoader(loaderArgs(database.db, "/dev/mailbox", "/dev/mailbox"));
    expect(data.to).toBe("");
    expect(data.messages).toMatchObject([
      { toAddress: "bola@example.com", subject: "Reset your password", status: "in outbox" },
      { id: verifyId, toAddress: "ada@example.com", kind: "verify", status: "in outbox" },
    ]);
    expect(data.messages[0]?.time).toMatch(/\d{2}:\d{2}/);
  });

  test("shows only the mail to the address asked for, whatever its case", async () => {
    const data = await mailboxLoader(
      loaderArgs(database.db, "/dev/mailbox?to=%20Ada%40Example.com", "/dev/mailbox"),
    );
    expect(data.to).toBe("Ada@Example.com");
    expect(data.messages.map((message) => message.subject)).toEqual(["Verify your email"]);
  });
});

describe("a mailbox message", () => {
  const path = () => `/dev/mailbox/${verifyId}`;

  test("holds the text and HTML of the message in test mode", async () => {
    const data = await messageLoader(
      loaderArgs(database.db, path(), "/dev/mailbox/:id", { id: verifyId }),
    );
    expect(data.message).toMatchObject({
      toAddress: "ada@example.com",
      subject: "Verify your email",
      text: "Verify your email: http://localhost:3000/verify?token=t0k3n",
      html: "<p>Verify your email</p>",
      status: "in outbox",
    });
  });

  test("answers 404 for an unknown id", async () => {
    const thrown = await thrownBy(() =>
      messageLoader(
        loaderArgs(database.db, "/dev/mailbox/eml_nothing", "/dev/mailbox/:id", {
          id: "eml_nothing",
        }),
      ),
    );
    expect(thrown).toEqual({
      status: 404,
      data: { message: "Page not found: /dev/mailbox/eml_nothing" },
    });
  });

  test("answers 404 when live Paystack keys are set", async () => {
    const thrown = await thrownBy(() =>
      messageLoader(
        loaderArgs(database.db, path(), "/dev/mailbox/:id", { id: verifyId }, liveKeys),
      ),
    );
    expect(thrown.status).toBe(404);
  });
});
