import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, users, verifications } from "#app/db/schema.server.ts";
import { latestEmailTo } from "#app/email/outbox.server.ts";
import * as createAccount from "#app/routes/create-account.tsx";
import * as forgotPassword from "#app/routes/forgot-password.tsx";
import * as login from "#app/routes/login.tsx";
import * as resetPassword from "#app/routes/reset-password.tsx";
import * as verifyEmail from "#app/routes/verify-email.tsx";
import { postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { pageRequest, routeArgs } from "#tests/support/router-context.ts";
import { resetRequestedMessage, wrongCredentials } from "./account.server.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const strongPassword = "lagoon breeze at dusk 2026";

/** Posts `form` to a route's action from `ip`, as the browser does, and says what came back. */
async function post(
  route: { action: (args: never) => unknown },
  path: string,
  form: Record<string, string>,
  options: { ip?: string } = {},
) {
  const answer = await postTo(database.db, route, path, form, options);
  const data = (answer.data ?? {}) as { errors?: Record<string, string>; done?: string };
  return {
    status: answer.status,
    errors: data.errors ?? {},
    done: data.done,
    location: answer.location,
    cookies: answer.setCookies,
  };
}

async function signUp(email: string, name = "Ada Obi") {
  return post(createAccount, "/CreateAccount", {
    name,
    email,
    password: strongPassword,
    privacy: "on",
  });
}

describe("creating an account", () => {
  test("a new shopper is signed in, sent to their account and asked to confirm the email", async () => {
    const result = await signUp("new.shopper@example.com");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/profile?notice=welcome");
    const session = result.cookies.find((cookie) => cookie.startsWith("oja.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/);
    const email = await latestEmailTo(database.db, "new.shopper@example.com", "verify-email");
    expect(email?.text).toContain("http://localhost:3000/CreateAccount/verify?token=");
  });

  test("a referral code from an invitation is kept on the account", async () => {
    await post(createAccount, "/CreateAccount", {
      name: "Invited Friend",
      email: "invited@example.com",
      password: strongPassword,
      privacy: "on",
      referralCode: "ADA-2026",
    });
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "invited@example.com"));
    expect(user?.referredByCode).toBe("ADA-2026");
    expect(user?.privacyAcceptedAt).toBeInstanceOf(Date);
  });

  test.each([
    [{ name: "", email: "a@example.com", password: strongPassword, privacy: "on" }, "name"],
    [
      {
        name: "<script>alert(1)</script>",
        email: "b@example.com",
        password: strongPassword,
        privacy: "on",
      },
      "name",
    ],
    [
      { name: "A".repeat(81), email: "c@example.com", password: strongPassword, privacy: "on" },
      "name",
    ],
    [{ name: "Ada", email: "not-an-email", password: strongPassword, privacy: "on" }, "email"],
    [{ name: "Ada", email: "d@example.com", password: "short", privacy: "on" }, "password"],
    [{ name: "Ada", email: "e@example.com", password: "password1234", privacy: "on" }, "password"],
    [{ name: "Ada", email: "f@example.com", password: "x".repeat(129), privacy: "on" }, "password"],
    [{ name: "Ada", email: "g@example.com", password: strongPassword }, "privacy"],
    [{ email: "h@example.com" }, "name"],
  ])("bad input %# is refused with a message on %s and no account", async (form, field) => {
    const result = await post(createAccount, "/CreateAccount", form as Record<string, string>);
    expect(result.status).toBe(400);
    expect(result.errors[field]).toBeTruthy();
    const email = (form as { email?: string }).email ?? "";
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  test("an email that already has an account is refused on the email field", async () => {
    await signUp("taken@example.com");
    const again = await signUp("Taken@Example.com");
    expect(again.status).toBe(400);
    expect(again.errors.email).toMatch(/already exists/);
  });
});

describe("signing in", () => {
  beforeAll(async () => {
    await signUp("chioma@example.com", "Chioma Eze");
  });

  test("the right password signs in and returns to the page that sent the shopper", async () => {
    const result = await post(login, "/Login", {
      email: "Chioma@example.com",
      password: strongPassword,
      redirectTo: "/profile#security",
    });
    expect(result.location).toBe("/profile#security");
    expect(result.cookies.some((cookie) => cookie.startsWith("oja.session_token="))).toBe(true);
  });

  test("a return address on another site is replaced by the home page", async () => {
    for (const redirectTo of ["https://evil.example/", "//evil.example/", "/\\evil.example"]) {
      const result = await post(login, "/Login", {
        email: "chioma@example.com",
        password: strongPassword,
        redirectTo,
      });
      expect(result.location).toBe("/");
    }
  });

  test("a wrong password and an unknown email get the same message", async () => {
    const wrong = await post(
      login,
      "/Login",
      { email: "chioma@example.com", password: "not it at all" },
      { ip: "198.51.100.1" },
    );
    const unknown = await post(
      login,
      "/Login",
      { email: "nobody@example.com", password: "not it at all" },
      { ip: "198.51.100.1" },
    );
    expect(wrong).toMatchObject({ status: 401, errors: { form: wrongCredentials } });
    expect(unknown).toMatchObject({ status: 401, errors: { form: wrongCredentials } });
    const failures = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "sign-in.failed"));
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  test("after 5 wrong passwords the account is locked for a while, even with the right one", async () => {
    await signUp("locked@example.com");
    for (let attempt = 0; attempt < 5; attempt++) {
      await post(
        login,
        "/Login",
        { email: "locked@example.com", password: `guess ${attempt}` },
        { ip: `192.0.2.${attempt}` },
      );
    }
    const result = await post(
      login,
      "/Login",
      { email: "locked@example.com", password: strongPassword },
      { ip: "192.0.2.99" },
    );
    expect(result.status).toBe(429);
    expect(result.errors.form).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    const [limited] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "sign-in.rate-limited"));
    expect(limited?.ipAddress).toBe("192.0.2.99");
  });

  test("one address trying many accounts is stopped after 30 failures", async () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      await post(
        login,
        "/Login",
        { email: `spray${attempt}@example.com`, password: "wrong password" },
        { ip: "203.0.113.200" },
      );
    }
    const result = await post(
      login,
      "/Login",
      { email: "chioma@example.com", password: strongPassword },
      { ip: "203.0.113.200" },
    );
    expect(result.status).toBe(429);
    const elsewhere = await post(
      login,
      "/Login",
      { email: "chioma@example.com", password: strongPassword },
      { ip: "203.0.113.201" },
    );
    expect(elsewhere.status).toBe(302);
  });

  test.each([
    [{ email: "", password: "" }, "email"],
    [{ email: "chioma@example.com", password: "" }, "password"],
    [{ email: "x".repeat(300), password: "a" }, "email"],
    [{}, "email"],
  ])("bad input %# gets a field message and a 400", async (form, field) => {
    const result = await post(login, "/Login", form as Record<string, string>);
    expect(result.status).toBe(400);
    expect(result.errors[field]).toBeTruthy();
  });
});

describe("a forgotten password", () => {
  beforeAll(async () => {
    await signUp("forgetful@example.com", "Tunde Bello");
  });

  async function resetLinkToken(email: string) {
    const message = await latestEmailTo(database.db, email, "reset-password");
    const token = message?.text.match(/\/Login\/reset\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error("no reset link in the outbox");
    return token;
  }

  test("an unknown email gets the same answer as a known one, and no email is sent", async () => {
    const known = await post(
      forgotPassword,
      "/Login/forgot",
      { email: "forgetful@example.com" },
      { ip: "198.51.100.50" },
    );
    const unknown = await post(
      forgotPassword,
      "/Login/forgot",
      { email: "stranger@example.com" },
      { ip: "198.51.100.50" },
    );
    expect(known.done).toBe(resetRequestedMessage);
    expect(unknown.done).toBe(resetRequestedMessage);
    expect(await latestEmailTo(database.db, "stranger@example.com")).toBeUndefined();
  });

  test("the link sets a new password once; the old password and a reused link stop working", async () => {
    const token = await resetLinkToken("forgetful@example.com");
    const newPassword = "a brand new lagos sunrise";
    const reset = await post(resetPassword, "/Login/reset", {
      token,
      password: newPassword,
      confirm: newPassword,
    });
    expect(reset.location).toBe("/Login?notice=password-reset");

    const old = await post(
      login,
      "/Login",
      { email: "forgetful@example.com", password: strongPassword },
      { ip: "198.51.100.60" },
    );
    expect(old.status).toBe(401);
    const fresh = await post(
      login,
      "/Login",
      { email: "forgetful@example.com", password: newPassword },
      { ip: "198.51.100.60" },
    );
    expect(fresh.status).toBe(302);

    const reused = await post(resetPassword, "/Login/reset", {
      token,
      password: "yet another good password",
      confirm: "yet another good password",
    });
    expect(reused.status).toBe(400);
    expect(reused.errors.token).toMatch(/expired or was already used/);
    expect(
      await latestEmailTo(database.db, "forgetful@example.com", "password-changed"),
    ).toBeDefined();
  });

  test("an expired link is refused", async () => {
    await post(
      forgotPassword,
      "/Login/forgot",
      { email: "forgetful@example.com" },
      { ip: "198.51.100.70" },
    );
    const token = await resetLinkToken("forgetful@example.com");
    await database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const result = await post(resetPassword, "/Login/reset", {
      token,
      password: "late but strong password",
      confirm: "late but strong password",
    });
    expect(result.status).toBe(400);
    expect(result.errors.token).toMatch(/expired/);
  });

  test("mismatched and weak new passwords are refused on their fields", async () => {
    const mismatch = await post(resetPassword, "/Login/reset", {
      token: "anything",
      password: "one long password here",
      confirm: "another long password",
    });
    expect(mismatch).toMatchObject({
      status: 400,
      errors: { confirm: "The two passwords don't match" },
    });
    const weak = await post(resetPassword, "/Login/reset", {
      token: "anything",
      password: "qwertyuiop",
      confirm: "qwertyuiop",
    });
    expect(weak.status).toBe(400);
    expect(weak.errors.password).toMatch(/easy to guess/);
  });
});

describe("confirming an email", () => {
  test("the link from the email marks the address confirmed and is audited", async () => {
    await signUp("confirm.me@example.com");
    const message = await latestEmailTo(database.db, "confirm.me@example.com", "verify-email");
    const link = message?.text.match(/(\/CreateAccount\/verify\?token=[\w.-]+)/)?.[1] ?? "";
    const args = await routeArgs(database.db, pageRequest(link), "/CreateAccount/verify");
    expect(await verifyEmail.loader(args as never)).toEqual({ verified: true });
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "confirm.me@example.com"));
    expect(user?.emailVerified).toBe(true);
    const events = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, user?.id ?? ""));
    expect(events.map((event) => event.action)).toContain("email.verified");
  });

  test("a forged token confirms nothing", async () => {
    const args = await routeArgs(
      database.db,
      pageRequest("/CreateAccount/verify?token=forged.token.value"),
      "/CreateAccount/verify",
    );
    expect(await verifyEmail.loader(args as never)).toEqual({ verified: false });
  });
});
