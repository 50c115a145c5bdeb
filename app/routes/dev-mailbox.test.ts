import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { queueEmail } from "#app/email/outbox.server.ts";
import { mayUseTestHooks } from "#app/security/test-hooks.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { testHooksHeaders, testHooksToken } from "#tests/support/test-hooks.ts";
import { loader as mailboxLoader } from "./dev-mailbox.tsx";
import { loader as messageLoader } from "./dev-mailbox-message.tsx";

const liveKeys = { PAYSTACK_SECRET_KEY: "sk_live_x", PAYSTACK_PUBLIC_KEY: "pk_live_x" };

/**
 * A loader's arguments as the test suite sends them: its token in the header, and the server
 * given the same token (the mailbox opens only to admins and the suite, issue 16).
 */
function suiteArgs<Params extends Record<string, string>>(
  path: string,
  pattern: string,
  params: Params = {} as Params,
  env: Record<string, string> = {},
  headers: Record<string, string> = testHooksHeaders,
) {
  const args = loaderArgs(database.db, path, pattern, params, {
    TEST_HOOKS_TOKEN: testHooksToken,
    ...env,
  });
  return { ...args, request: new Request(args.url, { headers }) };
}
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
  test.each([
    ["a stranger", {}],
    ["a wrong token", { "x-oja-test-token": "x".repeat(43) }],
  ])(
    "answers 404 to %s in test mode: it holds everyone's emails and links",
    async (_who, headers) => {
      const thrown = await thrownBy(() =>
        mailboxLoader(suiteArgs("/dev/mailbox", "/dev/mailbox", {}, {}, headers)),
      );
      expect(thrown).toEqual({ status: 404, data: { message: "Page not found: /dev/mailbox" } });
    },
  );

  test("answers 404 when live Paystack keys are set", async () => {
    const thrown = await thrownBy(() =>
      mailboxLoader(suiteArgs("/dev/mailbox", "/dev/mailbox", {}, liveKeys)),
    );
    expect(thrown).toEqual({ status: 404, data: { message: "Page not found: /dev/mailbox" } });
  });

  test("lists every message newest first in test mode", async () => {
    const data = await mailboxLoader(suiteArgs("/dev/mailbox", "/dev/mailbox"));
    expect(data.to).toBe("");
    expect(data.messages).toMatchObject([
      { toAddress: "bola@example.com", subject: "Reset your password", status: "in outbox" },
      { id: verifyId, toAddress: "ada@example.com", kind: "verify", status: "in outbox" },
    ]);
    expect(data.messages[0]?.time).toMatch(/\d{2}:\d{2}/);
  });

  test("shows only the mail to the address asked for, whatever its case", async () => {
    const data = await mailboxLoader(
      suiteArgs("/dev/mailbox?to=%20Ada%40Example.com", "/dev/mailbox"),
    );
    expect(data.to).toBe("Ada@Example.com");
    expect(data.messages.map((message) => message.subject)).toEqual(["Verify your email"]);
  });
});

describe("a mailbox message", () => {
  const path = () => `/dev/mailbox/${verifyId}`;

  test("holds the text and HTML of the message in test mode", async () => {
    const data = await messageLoader(suiteArgs(path(), "/dev/mailbox/:id", { id: verifyId }));
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
        suiteArgs("/dev/mailbox/eml_nothing", "/dev/mailbox/:id", {
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
      messageLoader(suiteArgs(path(), "/dev/mailbox/:id", { id: verifyId }, liveKeys)),
    );
    expect(thrown.status).toBe(404);
  });
});

describe("who may use test mode's hooks", () => {
  const testMode = { paystack: { mode: "test" as const }, testHooksToken };

  test("a signed-in admin, or the test suite with its token", () => {
    expect(mayUseTestHooks(testMode, { isAdmin: true, token: null })).toBe(true);
    expect(mayUseTestHooks(testMode, { isAdmin: false, token: testHooksToken })).toBe(true);
  });

  test("not a shopper, a wrong token, or anyone when no token is set", () => {
    expect(mayUseTestHooks(testMode, { isAdmin: false, token: null })).toBe(false);
    expect(mayUseTestHooks(testMode, { isAdmin: false, token: `${testHooksToken}x` })).toBe(false);
    const noToken = { ...testMode, testHooksToken: undefined };
    expect(mayUseTestHooks(noToken, { isAdmin: false, token: "" })).toBe(false);
  });

  test("nobody with live keys: the hooks don't exist then", () => {
    const live = { paystack: { mode: "live" as const }, testHooksToken };
    expect(mayUseTestHooks(live, { isAdmin: true, token: testHooksToken })).toBe(false);
  });
});
