import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { sessions } from "#app/db/schema.server.ts";
import { signUpAs } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { pageRequest, routerContext } from "#tests/support/router-context.ts";
import { hasBusinessRole } from "./roles.ts";
import { authMiddleware, safeRedirectPath, userContext } from "./session.server.ts";

describe("the page /Login returns to", () => {
  test.each([
    ["/profile", "/profile"],
    ["/profile?tab=security#sessions", "/profile?tab=security#sessions"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["", "/"],
    [null, "/"],
    // What browsers drop or rewrite in a Location header (issue 16): tabs, newlines and carriage
    // returns anywhere, backslashes as slashes, dot segments, encoded slashes decoded by the query.
    ["/\t/evil.example", "/"],
    ["/\n/evil.example", "/"],
    ["/\r\n/evil.example", "/"],
    ["\t//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["/\t\\evil.example", "/"],
    ["\\/evil.example", "/"],
    ["/.//evil.example", "/"],
    ["/./\\evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/%5Cevil.example", "/%5Cevil.example"],
    ["/ /evil.example", "/%20/evil.example"],
    ["/\u3002/evil.example", "/%E3%80%82/evil.example"],
    ["/x".repeat(1001), "/"],
    ["/b/ff?after=x#top", "/b/ff?after=x#top"],
  ])("%j → %j", (given, expected) => {
    expect(safeRedirectPath(given)).toBe(expected);
  });
});

describe("business roles", () => {
  test("an owner may do what a manager and staff may; staff only what staff may", () => {
    expect(hasBusinessRole("owner", "manager")).toBe(true);
    expect(hasBusinessRole("manager", "staff")).toBe(true);
    expect(hasBusinessRole("manager", "owner")).toBe(false);
    expect(hasBusinessRole("staff", "manager")).toBe(false);
    expect(hasBusinessRole("staff", "staff")).toBe(true);
  });
});

describe("the session middleware", () => {
  let database: DatabaseHandle;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const account = await signUpAs(database.db);
    cookie = account.cookie;
    userId = account.userId;
  });
  afterAll(() => database.close());

  /** Makes the session look two days old, so the next request refreshes it (Set-Cookie). */
  async function ageSession() {
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await database.db
      .update(sessions)
      .set({ updatedAt: twoDaysAgo, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.userId, userId));
  }

  async function run(response: Response) {
    const context = routerContext(database.db);
    const request = pageRequest("/", { cookie });
    const answered = await authMiddleware({ context, request } as never, async () => response);
    return { context, answered: answered as Response };
  }

  test("puts the signed-in person into the context", async () => {
    const { context } = await run(new Response("ok"));
    expect(context.get(userContext)?.id).toBe(userId);
  });

  test("passes a refreshed session cookie on to an ordinary response", async () => {
    await ageSession();
    const { answered } = await run(new Response("ok"));
    expect(answered.headers.getSetCookie().join()).toContain("oja.session_token=");
  });

  test("never adds a session cookie to a response a shared cache may keep", async () => {
    await ageSession();
    const { answered } = await run(
      new Response("ok", { headers: { "Cache-Control": "public, max-age=600" } }),
    );
    expect(answered.headers.getSetCookie()).toEqual([]);
  });

  test("leaves the cookie an action set alone", async () => {
    await ageSession();
    const set = "oja.session_token=from-the-action; Path=/; HttpOnly; SameSite=Lax";
    const { answered } = await run(new Response("ok", { headers: { "Set-Cookie": set } }));
    const sessionCookies = answered.headers
      .getSetCookie()
      .filter((line) => line.startsWith("oja.session_token="));
    expect(sessionCookies).toEqual([set]);
  });
});
