import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import {
  accounts,
  addresses,
  auditEvents,
  businessMembers,
  emailOutbox,
  sessions,
  users,
} from "#app/db/schema.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import { referralCodeOf } from "#app/referrals/referrals.server.ts";
import {
  getFrom,
  postTo,
  type RequestOptions,
  signInAs,
  signUpAs,
  type TestAccount,
} from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as login from "./login.tsx";
import * as profile from "./profile.tsx";
import * as profileData from "./profile-data.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const db = () => database.db;

interface Answer {
  intent?: string;
  addressId?: string;
  errors?: Record<string, string>;
  done?: string;
}

/** Posts one of the profile page's forms as `person` and says what came back. */
async function post(person: { cookie: string } | null, form: Record<string, string>) {
  const result = await postTo(db(), profile, "/profile", form, { cookie: person?.cookie });
  return { ...result, answer: (result.data ?? {}) as Answer };
}

async function load(person: { cookie: string }) {
  const result = await getFrom(db(), profile, "/profile", { cookie: person.cookie });
  if (result.status !== 200) throw new Error(`/profile answered ${result.status}`);
  return result.data as Awaited<ReturnType<typeof profile.loader>>;
}

const android =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const home = {
  label: "Home",
  recipient: "Ada Obi",
  phone: "0803 123 4567",
  line1: "12 Admiralty Way",
  line2: "Flat 3",
  city: "Lagos",
  state: "Lagos",
};
const office = { ...home, label: "Office", line1: "5 Broad Street", line2: "" };

async function addressesOf(userId: string) {
  return db()
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(addresses.createdAt);
}

async function userRow(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return row;
}

async function sessionsOf(userId: string) {
  return db().select().from(sessions).where(eq(sessions.userId, userId));
}

async function signInOutcome(person: TestAccount, password: string, options: RequestOptions = {}) {
  return postTo(db(), login, "/Login", { email: person.email, password }, options);
}

describe("the profile page", () => {
  test("sends a guest to sign in, and back to /profile afterwards", async () => {
    const page = await getFrom(db(), profile, "/profile");
    expect(page).toMatchObject({ status: 302, location: "/Login?redirectTo=%2Fprofile" });
    const posted = await post(null, { intent: "details", name: "Guest" });
    expect(posted).toMatchObject({ status: 302, location: "/Login?redirectTo=%2Fprofile" });
  });

  test("shows the person's details and each device they're signed in on, this one first", async () => {
    const ada = await signUpAs(db(), { name: "Ada Obi", userAgent: android, ip: "198.51.100.4" });
    await signInAs(db(), { email: ada.email, userAgent: iphone, ip: "198.51.100.5" });
    const page = await load(ada);
    expect(page.user).toEqual({
      name: "Ada Obi",
      email: ada.email,
      emailVerified: false,
      phone: null,
      city: null,
    });
    expect(page.addresses).toEqual([]);
    expect(page.sessions).toMatchObject([
      { device: "Chrome on Android", ipAddress: "198.51.100.4", current: true },
      { device: "Safari on iPhone", ipAddress: "198.51.100.5", current: false },
    ]);
    expect(page.sessions[0]?.lastActive).toMatch(/\d{4}/);
    expect(JSON.stringify(page)).not.toContain("token");
  });

  test("answers 400 to an action it doesn't know", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, { intent: "launch-rockets" });
    expect(posted.status).toBe(400);
    expect(posted.answer.errors?.form).toBeTruthy();
  });
});

describe("your details", () => {
  test("are saved, with the phone number in international form", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, {
      intent: "details",
      name: "Ada Bello",
      phone: "0803 123 4567",
      city: " Ibadan ",
    });
    expect(posted.status).toBe(200);
    expect(posted.answer).toMatchObject({ intent: "details", done: "Your details were saved." });
    expect(await userRow(ada.userId)).toMatchObject({
      name: "Ada Bello",
      phone: "+2348031234567",
      city: "Ibadan",
    });
    expect((await load(ada)).user).toMatchObject({ name: "Ada Bello", phone: "+2348031234567" });
  });

  test("an empty phone number and city are cleared", async () => {
    const ada = await signUpAs(db());
    await post(ada, { intent: "details", name: "Ada", phone: "08031234567", city: "Abuja" });
    await post(ada, { intent: "details", name: "Ada", phone: "", city: "" });
    expect(await userRow(ada.userId)).toMatchObject({ phone: null, city: null });
  });

  test.each([
    ["an empty name", { name: "", phone: "", city: "Lagos" }, "name", "Enter your name"],
    ["a 500-character city", { name: "Ada", phone: "", city: "x".repeat(500) }, "city", "60"],
    ["markup in the city", { name: "Ada", phone: "", city: "<script>" }, "city", "< and >"],
    ["a foreign phone", { name: "Ada", phone: "+44 20 7946 0958", city: "" }, "phone", "Nigerian"],
    ["letters as a phone", { name: "Ada", phone: "call me", city: "" }, "phone", "Nigerian"],
    ["a name with markup", { name: "<b>Ada</b>", phone: "", city: "" }, "name", "letters"],
    ["no phone or city fields", { name: "Ada" }, "phone", "Nigerian"],
    ["no fields at all", {}, "name", "Enter your name"],
  ])(
    "%s is refused with a message beside the field, and nothing changes",
    async (_, form, field, message) => {
      const ada = await signUpAs(db(), { name: "Ada Obi" });
      const before = await userRow(ada.userId);
      const posted = await post(ada, { intent: "details", ...form });
      expect(posted.status).toBe(400);
      expect(posted.answer.intent).toBe("details");
      expect(posted.answer.errors?.[field]).toContain(message);
      expect(JSON.stringify(posted.answer.errors)).not.toContain("Invalid input");
      expect(await userRow(ada.userId)).toEqual(before);
    },
  );
});

describe("delivery addresses", () => {
  test("the first is the default, and making another the default leaves exactly one", async () => {
    const ada = await signUpAs(db());
    const first = await post(ada, { intent: "address-add", ...home });
    expect(first.answer).toMatchObject({ intent: "address-add", done: expect.any(String) });
    await post(ada, { intent: "address-add", ...office });
    let rows = await addressesOf(ada.userId);
    expect(rows.map((row) => [row.label, row.isDefault])).toEqual([
      ["Home", true],
      ["Office", false],
    ]);
    expect(rows[0]?.phone).toBe("+2348031234567");

    const made = await post(ada, { intent: "address-default", addressId: rows[1]?.id ?? "" });
    expect(made.answer).toMatchObject({ intent: "address-default", addressId: rows[1]?.id });
    rows = await addressesOf(ada.userId);
    expect(rows.map((row) => [row.label, row.isDefault])).toEqual([
      ["Home", false],
      ["Office", true],
    ]);

    // Adding a new default takes the badge from the old one.
    await post(ada, { intent: "address-add", ...home, label: "Mum's", isDefault: "on" });
    rows = await addressesOf(ada.userId);
    expect(rows.filter((row) => row.isDefault).map((row) => row.label)).toEqual(["Mum's"]);
    expect((await load(ada)).addresses).toHaveLength(3);
  });

  test("can be edited, and deleting the default passes it to the oldest one left", async () => {
    const ada = await signUpAs(db());
    await post(ada, { intent: "address-add", ...home });
    await post(ada, { intent: "address-add", ...office });
    const [homeRow, officeRow] = await addressesOf(ada.userId);
    const edited = await post(ada, {
      intent: "address-update",
      addressId: officeRow?.id ?? "",
      ...office,
      line1: "7 Marina",
      phone: "+234 (0) 809 000 1111",
    });
    expect(edited.answer).toMatchObject({ intent: "address-update", addressId: officeRow?.id });
    // Leaving "default" unticked on the default address keeps it the default.
    await post(ada, { intent: "address-update", addressId: homeRow?.id ?? "", ...home });
    let rows = await addressesOf(ada.userId);
    expect(rows.map((row) => [row.line1, row.phone, row.isDefault])).toEqual([
      ["12 Admiralty Way", "+2348031234567", true],
      ["7 Marina", "+2348090001111", false],
    ]);

    const deleted = await post(ada, { intent: "address-delete", addressId: homeRow?.id ?? "" });
    expect(deleted.status).toBe(200);
    rows = await addressesOf(ada.userId);
    expect(rows.map((row) => [row.label, row.isDefault])).toEqual([["Office", true]]);
  });

  test("an invalid address is refused with messages beside its fields", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, {
      intent: "address-add",
      ...home,
      label: "",
      phone: "12345",
      city: "<b>Lagos</b>",
    });
    expect(posted.status).toBe(400);
    expect(posted.answer.errors).toMatchObject({
      label: expect.stringContaining("label"),
      phone: expect.stringContaining("Nigerian"),
      city: expect.stringContaining("< and >"),
    });
    expect(await addressesOf(ada.userId)).toEqual([]);
  });

  test("someone else's address answers 404 and stays as it was", async () => {
    const ada = await signUpAs(db());
    const bola = await signUpAs(db(), { name: "Bola Ade" });
    await post(bola, { intent: "address-add", ...home, recipient: "Bola Ade" });
    await post(bola, { intent: "address-add", ...office, recipient: "Bola Ade" });
    const before = await addressesOf(bola.userId);
    const addressId = before[1]?.id ?? "";
    for (const form of [
      { intent: "address-update", addressId, ...office, line1: "Stolen" },
      { intent: "address-default", addressId },
      { intent: "address-delete", addressId },
    ]) {
      const posted = await post(ada, form);
      expect(posted.status, form.intent).toBe(404);
      expect(posted.answer.errors?.form).toBeTruthy();
    }
    expect(await addressesOf(bola.userId)).toEqual(before);
    expect(await addressesOf(ada.userId)).toEqual([]);
  });

  test("an eleventh address is refused", async () => {
    const ada = await signUpAs(db());
    for (let index = 1; index <= 10; index += 1) {
      const posted = await post(ada, { intent: "address-add", ...home, label: `Place ${index}` });
      expect(posted.status).toBe(200);
    }
    const eleventh = await post(ada, { intent: "address-add", ...home, label: "Place 11" });
    expect(eleventh.status).toBe(400);
    expect(eleventh.answer.errors?.form).toContain("up to 10 addresses");
    const rows = await addressesOf(ada.userId);
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });
});

describe("changing the password", () => {
  const newPassword = "a quiet river in kaduna 77";
  const change = (person: TestAccount, currentPassword: string) =>
    post(person, {
      intent: "password",
      currentPassword,
      password: newPassword,
      confirm: newPassword,
    });

  test("with the wrong current password is refused on that field", async () => {
    const ada = await signUpAs(db());
    const posted = await change(ada, "not my password at all");
    expect(posted.status).toBe(400);
    expect(posted.answer).toMatchObject({
      intent: "password",
      errors: { currentPassword: "That isn't your current password." },
    });
    expect((await signInOutcome(ada, ada.password)).status).toBe(302);
  });

  test("with two different new passwords is refused on the confirmation", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, {
      intent: "password",
      currentPassword: ada.password,
      password: newPassword,
      confirm: "something else entirely",
    });
    expect(posted.status).toBe(400);
    expect(posted.answer.errors?.confirm).toBe("The two passwords don't match");
  });

  test("replaces the old password, signs out other devices, and is logged and emailed", async () => {
    const ada = await signUpAs(db());
    const phone = await signInAs(db(), { email: ada.email });
    const changed = await change(ada, ada.password);
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/profile?notice=password-changed#security");

    // This device carries on with the new session cookie; the other device is signed out.
    const cookie = changed.setCookies.map((line) => line.split(";")[0]).join("; ");
    expect((await load({ cookie })).user.email).toBe(ada.email);
    const other = await getFrom(db(), profile, "/profile", { cookie: phone });
    expect(other.location).toBe("/Login?redirectTo=%2Fprofile");
    expect(await sessionsOf(ada.userId)).toHaveLength(1);

    expect((await signInOutcome(ada, ada.password)).status).toBe(401);
    expect((await signInOutcome(ada, newPassword)).status).toBe(302);

    const logged = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, ada.userId), eq(auditEvents.action, "password.changed")));
    expect(logged).toHaveLength(1);
    const emails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, ada.email), eq(emailOutbox.kind, "password-changed")));
    expect(emails).toHaveLength(1);
  });
});

describe("devices", () => {
  test("signing out another device ends its session", async () => {
    const ada = await signUpAs(db());
    const laptop = await signInAs(db(), { email: ada.email });
    const page = await load(ada);
    const other = page.sessions.find((session) => !session.current);
    const posted = await post(ada, { intent: "revoke-session", sessionId: other?.id ?? "" });
    expect(posted.status).toBe(200);
    expect(posted.answer).toMatchObject({ intent: "revoke-session", done: expect.any(String) });
    expect((await sessionsOf(ada.userId)).map((session) => session.id)).not.toContain(other?.id);
    const gone = await getFrom(db(), profile, "/profile", { cookie: laptop });
    expect(gone.status).toBe(302);
    expect((await load(ada)).sessions).toHaveLength(1);
  });

  test("someone else's session answers 404 and stays signed in", async () => {
    const ada = await signUpAs(db());
    const bola = await signUpAs(db());
    const [bolaSession] = await sessionsOf(bola.userId);
    const posted = await post(ada, { intent: "revoke-session", sessionId: bolaSession?.id ?? "" });
    expect(posted.status).toBe(404);
    expect(await sessionsOf(bola.userId)).toHaveLength(1);
    expect((await load(bola)).user.email).toBe(bola.email);
  });

  test("signing out this device sends the person home with the cookie cleared", async () => {
    const ada = await signUpAs(db());
    const [current] = await sessionsOf(ada.userId);
    const posted = await post(ada, { intent: "revoke-session", sessionId: current?.id ?? "" });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/?notice=signed-out");
    expect(posted.setCookies.join("\n")).toMatch(/oja\.session_token=;/);
    expect(await sessionsOf(ada.userId)).toEqual([]);
  });

  test("signing out everywhere ends every session, this one included", async () => {
    const ada = await signUpAs(db());
    await signInAs(db(), { email: ada.email });
    await signInAs(db(), { email: ada.email });
    const posted = await post(ada, { intent: "revoke-all" });
    expect(posted).toMatchObject({
      status: 302,
      location: "/Login?notice=signed-out-everywhere",
    });
    expect(await sessionsOf(ada.userId)).toEqual([]);
  });
});

describe("the email confirmation link", () => {
  test("can be sent again to an unconfirmed address", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, { intent: "resend-verification" });
    expect(posted.answer).toMatchObject({
      intent: "resend-verification",
      done: expect.any(String),
    });
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, ada.email), eq(emailOutbox.kind, "verify-email")));
    expect(sent).toHaveLength(2);
  });
});

describe("downloading my data", () => {
  test("sends a guest to sign in first", async () => {
    const download = await getFrom(db(), profileData, "/profile/data");
    expect(download).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2Fprofile%2Fdata",
    });
  });

  test("is a JSON file of the account and its records, without any secret", async () => {
    const ada = await signUpAs(db(), { name: "Ada Obi", userAgent: android });
    await signInAs(db(), { email: ada.email });
    await post(ada, { intent: "details", name: "Ada Obi", phone: "0803 123 4567", city: "Lagos" });
    await post(ada, { intent: "address-add", ...home });
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: ada.userId,
        kind: "adjust",
        availableDelta: 40,
        cause: `adjust:export-${ada.userId}`,
        note: "A goodwill gesture",
      }),
    );
    const code = await referralCodeOf(db(), { id: ada.userId, name: ada.name });
    const download = await getFrom(db(), profileData, "/profile/data", { cookie: ada.cookie });
    const response = download.response;
    if (!response) throw new Error("expected a Response");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="oja-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("Cache-Control")).toBe("no-store");

    const text = await response.text();
    const exported = JSON.parse(text);
    expect(exported.account).toMatchObject({
      id: ada.userId,
      name: "Ada Obi",
      email: ada.email,
      phone: "+2348031234567",
      city: "Lagos",
      role: "shopper",
    });
    expect(exported.account.privacyAcceptedAt).toEqual(expect.any(String));
    expect(exported.signInMethods).toEqual([
      { providerId: "credential", createdAt: expect.any(String), updatedAt: expect.any(String) },
    ]);
    expect(exported.sessions).toHaveLength(2);
    expect(exported.addresses).toMatchObject([{ label: "Home", line1: "12 Admiralty Way" }]);
    expect(exported.businessMemberships).toEqual([]);
    expect(exported.points).toMatchObject({
      wallet: { available: 40, pending: 0 },
      entries: [{ kind: "adjust", availableDelta: 40, note: "A goodwill gesture" }],
    });
    expect(exported.referrals).toMatchObject({
      code: { code },
      friendsReferred: [],
      referredBy: null,
    });
    expect(exported.checkIns).toEqual([]);
    expect(exported.loyaltyRewardsReceived).toEqual([]);
    expect(exported.reviews).toEqual([]);
    expect(exported.securityEvents.map((event: { action: string }) => event.action)).toContain(
      "sign-up",
    );
    expect(exported.emails).toMatchObject([{ kind: "verify-email", subject: expect.any(String) }]);
    expect(exported.emails[0]).not.toHaveProperty("text");

    const [credential] = await db()
      .select({ hash: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, ada.userId));
    expect(credential?.hash).toBeTruthy();
    expect(text).not.toContain(credential?.hash ?? "missing");
    for (const session of await sessionsOf(ada.userId)) expect(text).not.toContain(session.token);
    expect(text).not.toMatch(/"(password|token)"/);
    expect(text).not.toContain("/CreateAccount/verify?token=");
  });
});

describe("deleting the account", () => {
  test("with the wrong password is refused, and nothing is deleted", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, {
      intent: "delete-account",
      password: "not my password at all",
      confirm: "DELETE",
    });
    expect(posted.status).toBe(400);
    expect(posted.answer).toMatchObject({
      intent: "delete-account",
      errors: { password: "That isn't your password." },
    });
    expect(await userRow(ada.userId)).toBeDefined();
    expect(await sessionsOf(ada.userId)).toHaveLength(1);
  });

  test("without DELETE typed out is refused", async () => {
    const ada = await signUpAs(db());
    const posted = await post(ada, {
      intent: "delete-account",
      password: ada.password,
      confirm: "delete",
    });
    expect(posted.status).toBe(400);
    expect(posted.answer.errors?.confirm).toBe("Type DELETE to confirm");
    expect(await userRow(ada.userId)).toBeDefined();
  });

  test("erases the person's records and keeps only the id in the audit log", async () => {
    const ada = await signUpAs(db());
    await signInAs(db(), { email: ada.email });
    await post(ada, { intent: "address-add", ...home });
    const posted = await post(ada, {
      intent: "delete-account",
      password: ada.password,
      confirm: "DELETE",
    });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/?notice=account-deleted");
    expect(posted.setCookies.join("\n")).toMatch(/oja\.session_token=;/);

    expect(await userRow(ada.userId)).toBeUndefined();
    expect(await addressesOf(ada.userId)).toEqual([]);
    expect(await sessionsOf(ada.userId)).toEqual([]);
    expect(await db().select().from(accounts).where(eq(accounts.userId, ada.userId))).toEqual([]);
    expect(
      await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, ada.email)),
    ).toEqual([]);
    const deleted = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "account.deleted"), eq(auditEvents.actorId, ada.userId)));
    expect(deleted).toHaveLength(1);
    expect(JSON.stringify(deleted)).not.toContain(ada.email);
    expect((await signInOutcome(ada, ada.password)).status).toBe(401);
  });

  test("is refused while the person is the only owner of a business", async () => {
    const ada = await signUpAs(db());
    const category = await createCategory(db());
    const business = await createBusiness(db(), { categoryId: category.id, name: "Ada's Spa" });
    await db()
      .insert(businessMembers)
      .values({ businessId: business.id, userId: ada.userId, role: "owner" });
    const posted = await post(ada, {
      intent: "delete-account",
      password: ada.password,
      confirm: "DELETE",
    });
    expect(posted.status).toBe(400);
    expect(posted.answer.errors?.form).toContain("only owner of Ada's Spa");
    expect(await userRow(ada.userId)).toBeDefined();
    expect(await sessionsOf(ada.userId)).toHaveLength(1);

    // A second owner lets the first one go.
    const bola = await signUpAs(db());
    await db()
      .insert(businessMembers)
      .values({ businessId: business.id, userId: bola.userId, role: "owner" });
    const again = await post(ada, {
      intent: "delete-account",
      password: ada.password,
      confirm: "DELETE",
    });
    expect(again.status).toBe(302);
    expect(await userRow(ada.userId)).toBeUndefined();
  });
});
