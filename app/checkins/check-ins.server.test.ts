import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { businessMembers } from "#app/db/schema.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import * as checkInPage from "#app/routes/check-in.tsx";
import * as posterPage from "#app/routes/vendor-check-in.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import {
  checkIn,
  posterOf,
  posterToken,
  posterTokenValid,
  posterValidDays,
  replacePoster,
} from "./check-ins.server.ts";

/**
 * Check-ins on a real database: the poster's signed token (a year good, refused when typed by
 * hand, tampered, of another business, dated ahead or replaced), 10 points once per Lagos day
 * however many scans at once, none for the business's own team, and the pages' rules: /hi for
 * anyone (404 for an unknown business), the poster for members only, a new poster for managers.
 */
let database: DatabaseHandle;
const db = () => database.db;
const secret = "test-secret-that-is-at-least-32-characters-long";
let business: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };
let ada: TestAccount;
let staff: TestAccount;
let manager: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Other Spa" });
  ada = await signUpAs(db(), { name: "Ada Obi" });
  staff = await signUpAs(db(), { name: "Bola Staff" });
  manager = await signUpAs(db(), { name: "Chidi Manager" });
  await db()
    .insert(businessMembers)
    .values([
      { businessId: business.id, userId: staff.userId, role: "staff" },
      { businessId: business.id, userId: manager.userId, role: "manager" },
    ]);
}, 60_000);

afterAll(() => database.close());

const noon = (day: string) => new Date(`${day}T11:00:00Z`);
const tokenOfPoster = async (at: Date, of = business) =>
  new URL((await posterOf(db(), secret, of, "https://oja.test", at)).url).searchParams.get("t") ??
  "";

/** The token with the first character of its signature changed. */
function tampered(token: string) {
  const at = token.lastIndexOf(".") + 1;
  return `${token.slice(0, at)}${token[at] === "A" ? "B" : "A"}${token.slice(at + 1)}`;
}

describe("the poster's token", () => {
  test("good for a year from its Lagos day, and only for its business and version", () => {
    const poster = { businessId: business.id, version: 1, printedOn: "2026-11-25" };
    const token = posterToken(secret, poster);
    const valid = (at: Date, changes: Partial<typeof poster> = {}, given = token) =>
      posterTokenValid(secret, given, { ...poster, ...changes }, at);
    expect(valid(noon("2026-11-26"))).toBe(true);
    // 23:30 UTC on the 24th is already the 25th in Lagos.
    expect(valid(new Date("2026-11-24T23:30:00Z"))).toBe(true);
    expect(valid(new Date("2026-11-24T22:30:00Z"))).toBe(false);
    expect(valid(noon("2027-11-25"))).toBe(true);
    expect(valid(noon("2027-11-26"))).toBe(false);
    expect(valid(noon("2026-11-26"), { businessId: other.id })).toBe(false);
    expect(valid(noon("2026-11-26"), { version: 2 })).toBe(false);
    for (const wrong of ["", "x", tampered(token), `${token}A`, token.replace("2026", "2025")]) {
      expect(valid(noon("2026-11-26"), {}, wrong)).toBe(false);
    }
    expect(posterTokenValid("another-secret", token, poster, noon("2026-11-26"))).toBe(false);
    expect(posterValidDays).toBe(365);
  });
});

describe("checking in", () => {
  test("10 points once a Lagos day, however many scans at once; again the next day", async () => {
    const token = await tokenOfPoster(noon("2026-11-25"));
    const visit = { userId: ada.userId, business, token };
    const scans = await Promise.all(
      Array.from({ length: 10 }, () => checkIn(db(), secret, visit, noon("2026-11-26"))),
    );
    expect(scans.filter((scan) => scan.status === "checked-in")).toHaveLength(1);
    expect(scans.filter((scan) => scan.status === "already")).toHaveLength(9);
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 10, pending: 0 });
    // Lagos midnight is 23:00 UTC.
    expect(await checkIn(db(), secret, visit, new Date("2026-11-26T22:59:00Z"))).toEqual({
      status: "already",
    });
    expect(await checkIn(db(), secret, visit, new Date("2026-11-26T23:01:00Z"))).toMatchObject({
      status: "checked-in",
    });
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 20, pending: 0 });
  });

  test("no points without the poster's token, for another business's poster, or for the team", async () => {
    const at = noon("2026-12-01");
    const token = await tokenOfPoster(at);
    const before = await walletOf(db(), ada.userId);
    expect(await checkIn(db(), secret, { userId: ada.userId, business, token: "" }, at)).toEqual({
      status: "no-poster",
    });
    const otherToken = await tokenOfPoster(at, other);
    expect(
      await checkIn(db(), secret, { userId: ada.userId, business, token: otherToken }, at),
    ).toEqual({ status: "no-poster" });
    expect(await checkIn(db(), secret, { userId: staff.userId, business, token }, at)).toEqual({
      status: "member",
    });
    expect(await walletOf(db(), ada.userId)).toEqual(before);
    expect(await walletOf(db(), staff.userId)).toEqual({ available: 0, pending: 0 });
  });

  test("a new poster stops the old ones", async () => {
    const at = noon("2026-12-02");
    const old = await tokenOfPoster(at, other);
    await replacePoster(db(), other.id, at);
    const fresh = await tokenOfPoster(at, other);
    expect(fresh).not.toBe(old);
    expect(
      await checkIn(db(), secret, { userId: ada.userId, business: other, token: old }, at),
    ).toEqual({ status: "no-poster" });
    expect(
      await checkIn(db(), secret, { userId: ada.userId, business: other, token: fresh }, at),
    ).toMatchObject({ status: "checked-in" });
  });
});

describe("the pages", () => {
  const hi = (slug: string, search = "") => ({
    path: `/hi/${slug}${search}`,
    options: { pattern: "/hi/:id", params: { id: slug } },
  });

  test("/hi greets anyone; an unknown business is a 404", async () => {
    const page = hi(business.slug);
    expect(await getFrom(db(), checkInPage, page.path, page.options)).toMatchObject({
      status: 200,
      data: { business: { name: "Ewa Spa" }, signedIn: false, token: "" },
    });
    const missing = hi("no-such-business");
    expect((await getFrom(db(), checkInPage, missing.path, missing.options)).status).toBe(404);
  });

  test("checking in needs a session (sent to sign in) and the poster's token (403)", async () => {
    const page = hi(business.slug);
    const guest = await postTo(db(), checkInPage, page.path, { t: "x" }, page.options);
    expect(guest.status).toBe(302);
    const typed = await postTo(
      db(),
      checkInPage,
      page.path,
      { t: "" },
      {
        ...page.options,
        cookie: ada.cookie,
      },
    );
    expect(typed.status).toBe(403);
    const bad = await postTo(
      db(),
      checkInPage,
      page.path,
      { t: "\u0000".repeat(5000) },
      {
        ...page.options,
        cookie: ada.cookie,
      },
    );
    expect(bad.status).toBe(403);
  });

  test("the poster is for the team only; a new poster for managers and up", async () => {
    const path = `/vendor/${business.slug}/check-in`;
    const options = { pattern: "/vendor/:business/check-in", params: { business: business.slug } };
    expect((await getFrom(db(), posterPage, path, { ...options, cookie: ada.cookie })).status).toBe(
      404,
    );
    const seen = await getFrom(db(), posterPage, path, { ...options, cookie: staff.cookie });
    expect(seen).toMatchObject({ status: 200, data: { canReplace: false } });
    expect((seen.data as { url: string }).url).toContain(`/hi/${business.slug}?t=`);
    expect(
      (await postTo(db(), posterPage, path, {}, { ...options, cookie: staff.cookie })).status,
    ).toBe(404);
    expect(
      await postTo(db(), posterPage, path, {}, { ...options, cookie: manager.cookie }),
    ).toMatchObject({ status: 302, location: `/vendor/${business.slug}/check-in?poster=new` });
  });
});
