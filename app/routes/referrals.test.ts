import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { referralCodeOf } from "#app/referrals/referrals.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import * as copy from "./copy.tsx";
import * as createAccount from "./create-account.tsx";
import * as invite from "./invite.tsx";
import * as referrals from "./referrals.tsx";

/**
 * The referral pages through their loaders on a real database: /Referrals and /copy for the
 * signed-in shopper only (a guest is sent to sign in), each showing only the shopper's own codes;
 * /invite/{code} for anyone, 404 for a code nobody has; and the sign-up form keeping the code on
 * the new account, whatever case the link used.
 */
let database: DatabaseHandle;
const db = () => database.db;
let ada: TestAccount;
let bola: TestAccount;
let businessId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  ada = await signUpAs(db(), { name: "Ada Obi" });
  bola = await signUpAs(db(), { name: "Bola Ade" });
  const category = await createCategory(db());
  businessId = (await createBusiness(db(), { categoryId: category.id })).id;
}, 60_000);

afterAll(() => database.close());

describe("/Referrals", () => {
  test("a guest is sent to sign in", async () => {
    expect(await getFrom(db(), referrals, "/Referrals")).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2FReferrals",
    });
  });

  test("the shopper's own code and link, the same on every visit, and no friends yet", async () => {
    const first = await getFrom(db(), referrals, "/Referrals", { cookie: ada.cookie });
    const again = await getFrom(db(), referrals, "/Referrals", { cookie: ada.cookie });
    const page = first.data as { code: string; link: string; friends: unknown[] };
    expect(first.status).toBe(200);
    expect(page.code).toMatch(/^ADA-[2-9A-Z]{5}$/);
    expect(page.link).toMatch(new RegExp(`/invite/${page.code}$`));
    expect(page.friends).toEqual([]);
    expect((again.data as { code: string }).code).toBe(page.code);
    const other = await getFrom(db(), referrals, "/Referrals", { cookie: bola.cookie });
    expect((other.data as { code: string }).code).not.toBe(page.code);
  });
});

describe("/invite/{code}", () => {
  test("shows who invited and links to sign-up with the code; a code nobody has is a 404", async () => {
    const code = await referralCodeOf(db(), { id: ada.userId, name: ada.name });
    const visit = await getFrom(db(), invite, `/invite/${code.toLowerCase()}`, {
      pattern: "/invite/:id",
      params: { id: code.toLowerCase() },
    });
    expect(visit).toMatchObject({
      status: 200,
      data: { code, referrer: "Ada", signedIn: false, bonus: 500 },
    });
    for (const wrong of ["NOBODY-22222", "not a code", "x".repeat(300)]) {
      const missing = await getFrom(db(), invite, `/invite/${encodeURIComponent(wrong)}`, {
        pattern: "/invite/:id",
        params: { id: wrong },
      });
      expect(missing.status).toBe(404);
    }
    const own = await getFrom(db(), invite, `/invite/${code}`, {
      cookie: ada.cookie,
      pattern: "/invite/:id",
      params: { id: code },
    });
    expect(own.data).toMatchObject({ signedIn: true, ownInvitation: true });
  });

  test("signing up from the link keeps the code on the account, upper case", async () => {
    const code = await referralCodeOf(db(), { id: ada.userId, name: ada.name });
    const email = `chidi-${Date.now()}@example.com`;
    const answer = await postTo(db(), createAccount, "/CreateAccount", {
      name: "Chidi Eze",
      email,
      password: "a lively green tortoise",
      privacy: "on",
      referralCode: code.toLowerCase(),
    });
    expect(answer.status).toBe(200);
    const [chidi] = await db()
      .select({ code: users.referredByCode })
      .from(users)
      .where(eq(users.email, email));
    expect(chidi?.code).toBe(code);
    const page = await getFrom(db(), referrals, "/Referrals", { cookie: ada.cookie });
    expect((page.data as { friends: unknown[] }).friends).toEqual([
      expect.objectContaining({ name: "Chidi E.", status: "signed_up" }),
    ]);
  });
});

describe("/copy", () => {
  test("a guest is sent to sign in", async () => {
    expect(await getFrom(db(), copy, "/copy")).toMatchObject({ status: 302 });
  });

  test("the shopper's invitation and ready voucher codes, never another's", async () => {
    const mine = await createVoucher(db(), { businessId, ownerId: ada.userId });
    const theirs = await createVoucher(db(), { businessId, ownerId: bola.userId });
    await createVoucher(db(), { businessId, ownerId: ada.userId, status: "refunded" });
    const { status, data } = await getFrom(db(), copy, "/copy", { cookie: ada.cookie });
    expect(status).toBe(200);
    const page = data as {
      invitation: { code: string };
      vouchers: Array<{ id: string; code: string }>;
      gifts: unknown[];
    };
    expect(page.invitation.code).toBe(
      await referralCodeOf(db(), { id: ada.userId, name: ada.name }),
    );
    expect(page.vouchers.map((voucher) => voucher.id)).toEqual([mine.id]);
    expect(page.vouchers[0]?.code.replaceAll("-", "")).toBe(mine.code);
    expect(JSON.stringify(page)).not.toContain(theirs.code);
    expect(page.gifts).toEqual([]);
  });
});
