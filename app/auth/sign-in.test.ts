import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { auditEvents, sessions, users, verifications } from "#app/db/schema.server.ts";
import { latestEmailTo } from "#app/email/outbox.server.ts";
import * as createAccount from "#app/routes/create-account.tsx";
import * as forgotPassword from "#app/routes/forgot-password.tsx";
import * as login from "#app/routes/login.tsx";
import * as resetPassword from "#app/routes/reset-password.tsx";
import * as verifyEmail from "#app/routes/verify-email.tsx";
import { nextTestIp, postTo } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { pageRequest, routeArgs } from "#tests/support/router-context.ts";
import { expiredResetLink, resetRequestedMessage, wrongCredentials } from "./account.server.ts";

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
  const data = (answer.data ?? {}) as {
    errors?: Record<string, string>;
    done?: string;
    sent?: string;
  };
  return {
    status: answer.status,
    data: answer.data,
    errors: data.errors ?? {},
    done: data.done,
    sent: data.sent,
    location: answer.location,
    cookies: answer.setCookies,
  };
}

/** Signs up from an address of its own, so the sign-up limit per address never interferes. */
async function signUp(email: string, name = "Ada Obi", password = strongPassword) {
  return post(
    createAccount,
    "/CreateAccount",
    { name, email, password, privacy: "on" },
    { ip: nextTestIp() },
  );
}

describe("creating an account", () => {
  test("a new shopper is asked to check their email, sent a link to confirm it, and can sign in at once", async () => {
    const result = await signUp("new.shopper@example.com");
    expect(result.status).toBe(200);
    expect(result.data).toEqual({ errors: {}, sent: "new.shopper@example.com" });
    // No session yet: an email that already has an account gets no session either.
    expect(result.cookies).toEqual([]);
    const email = await latestEmailTo(database.db, "new.shopper@example.com", "verify-email");
    expect(email?.text).toContain("http://localhost:3000/CreateAccount/verify?token=");

    const signedIn = await post(
      login,
      "/Login",
      { email: "new.shopper@example.com", password: strongPassword, redirectTo: "/profile" },
      { ip: nextTestIp() },
    );
    expect(signedIn.location).toBe("/profile");
    const session = signedIn.cookies.find((cookie) => cookie.startsWith("oja.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).not.toMatch(/Secure/);
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

  test("an email that already has an account gets the same answer as a new one, and its owner an email", async () => {
    await signUp("taken@example.com", "Kemi Ade");
    const [owner] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "taken@example.com"));

    const known = await signUp("Taken@Example.com", "Someone Else", "another strong passphrase 77");
    const unknown = await signUp(
      "free@example.com",
      "Someone Else",
      "another strong passphrase 77",
    );
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.location).toBeNull();
      expect(answer.cookies).toEqual([]);
    }
    // The same data, word for word, apart from the email each typed (which the page repeats).
    expect(known.data).toEqual({ errors: {}, sent: "taken@example.com" });
    expect(unknown.data).toEqual({ errors: {}, sent: "free@example.com" });

    const notice = await latestEmailTo(database.db, "taken@example.com", "existing-account");
    expect(notice?.subject).toBe("Someone tried to create an Oja account with your email");
    expect(notice?.text).toContain("http://localhost:3000/Login/forgot");
    // The account is untouched: still one, with its own name and password.
    const accounts = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "taken@example.com"));
    expect(accounts).toEqual([owner]);
    const ownPassword = await post(
      login,
      "/Login",
      { email: "taken@example.com", password: strongPassword },
      { ip: nextTestIp() },
    );
    expect(ownPassword.status).toBe(302);
    const [attempt] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "sign-up.existing-email"));
    expect(attempt?.subjectId).toBe(owner?.id);
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

  test("a stranger's wrong passwords make the stranger wait, never the owner elsewhere", async () => {
    await signUp("owner@example.com", "Ngozi Umeh");
    const stranger = "192.0.2.10";
    const guess = (attempt: number, ip = stranger) =>
      post(login, "/Login", { email: "owner@example.com", password: `guess ${attempt}` }, { ip });
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(await guess(attempt)).toMatchObject({
        status: 401,
        errors: { form: wrongCredentials },
      });
    }
    // The fifth starts a wait, and says so.
    expect(await guess(5)).toMatchObject({
      status: 401,
      errors: { form: `${wrongCredentials} Try again in 1 minute.` },
    });
    // From the stranger's address, even the right password waits.
    const waiting = await post(
      login,
      "/Login",
      { email: "owner@example.com", password: strongPassword },
      { ip: stranger },
    );
    expect(waiting.status).toBe(429);
    expect(waiting.errors.form).toBe("Too many sign-in attempts. Try again in 1 minute.");
    const [limited] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "sign-in.rate-limited"));
    expect(limited?.ipAddress).toBe(stranger);

    // The owner, at home, signs in as usual.
    const owner = await post(
      login,
      "/Login",
      { email: "owner@example.com", password: strongPassword },
      { ip: "192.0.2.20" },
    );
    expect(owner.status).toBe(302);
    expect(owner.cookies.some((cookie) => cookie.startsWith("oja.session_token="))).toBe(true);
  });

  test("an email without an account makes a guesser wait just the same", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await post(
        login,
        "/Login",
        { email: "no.account@example.com", password: `guess ${attempt}` },
        { ip: "192.0.2.30" },
      );
    }
    const result = await post(
      login,
      "/Login",
      { email: "no.account@example.com", password: "guess 6" },
      { ip: "192.0.2.30" },
    );
    expect(result).toMatchObject({
      status: 429,
      errors: { form: "Too many sign-in attempts. Try again in 1 minute." },
    });
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

  test("using the newest link revokes the older ones, and signs every device out", async () => {
    const { email, password } = { email: "two.links@example.com", password: strongPassword };
    await signUp(email, "Femi Ojo");
    const device = await post(login, "/Login", { email, password }, { ip: nextTestIp() });
    expect(device.status).toBe(302);
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeDefined();
    const ip = nextTestIp();
    await post(forgotPassword, "/Login/forgot", { email }, { ip });
    const older = await resetLinkToken(email);
    await post(forgotPassword, "/Login/forgot", { email }, { ip });
    const newer = await resetLinkToken(email);
    expect(newer).not.toBe(older);

    const reset = await post(resetPassword, "/Login/reset", {
      token: newer,
      password: "the newest link wins today",
      confirm: "the newest link wins today",
    });
    expect(reset.location).toBe("/Login?notice=password-reset");
    const stale = await post(resetPassword, "/Login/reset", {
      token: older,
      password: "the older link tries later",
      confirm: "the older link tries later",
    });
    expect(stale.status).toBe(400);
    expect(stale.errors.token).toBe(expiredResetLink);
    // The device signed in before the reset was signed out by it.
    const userSessions = () =>
      database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? ""));
    expect(await userSessions()).toEqual([]);
    const signIn = await post(
      login,
      "/Login",
      { email, password: "the newest link wins today" },
      { ip: nextTestIp() },
    );
    expect(signIn.status).toBe(302);
    expect(await userSessions()).toHaveLength(1);
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

  test("a link works once: the second time it says so and changes nothing", async () => {
    await signUp("twice@example.com");
    const message = await latestEmailTo(database.db, "twice@example.com", "verify-email");
    const link = message?.text.match(/(\/CreateAccount\/verify\?token=[\w.-]+)/)?.[1] ?? "";
    const open = async () =>
      verifyEmail.loader(
        (await routeArgs(database.db, pageRequest(link), "/CreateAccount/verify")) as never,
      );
    expect(await open()).toEqual({ verified: true });
    expect(await open()).toEqual({ verified: false });
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "twice@example.com"));
    expect(user?.emailVerified).toBe(true);
    const confirmations = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.actorId, user?.id ?? ""));
    expect(confirmations.filter((event) => event.action === "email.verified")).toHaveLength(1);
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
