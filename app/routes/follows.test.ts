import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { businessFollows, users } from "#app/db/schema.server.ts";
import { listFollowed, trending } from "#app/follows/follows.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as followState from "./api-follow-state.ts";
import * as follows from "./follows.tsx";

let database: DatabaseHandle;
const db = () => database.db;
let spa: { id: string; slug: string };
let salon: { id: string; slug: string };
let abujaSpa: { id: string; slug: string };
let lagosSpa: { id: string; slug: string };
let suspended: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas", name: "Spas" });
  const salons = await createCategory(db(), { slug: "salons", name: "Salons" });
  const make = (name: string, categoryId: string, city: string, extra = {}) =>
    createBusiness(db(), { name, categoryId, city, ...extra });
  spa = await make("Ewa Spa", spas.id, "Lagos");
  salon = await make("Braids by Yetunde", salons.id, "Lagos");
  abujaSpa = await make("Serenity Day Spa", spas.id, "Abuja");
  lagosSpa = await make("Lotus Massage", spas.id, "Lagos");
  suspended = await make("Closed Spa", spas.id, "Lagos", { status: "suspended" });
});

afterAll(() => database.close());

const press = (
  person: TestAccount | null,
  intent: string,
  businessId: string,
  redirectTo?: string,
) =>
  postTo(
    db(),
    follows,
    "/b/ff",
    { intent, businessId, ...(redirectTo ? { redirectTo } : {}) },
    { cookie: person?.cookie },
  );

async function rowsOf(userId: string) {
  return db().select().from(businessFollows).where(eq(businessFollows.userId, userId));
}

describe("following a business", () => {
  test("a guest is sent to sign in, and back to the page they came from", async () => {
    const posted = await press(null, "follow", spa.id, `/business/${spa.slug}`);
    expect(posted).toMatchObject({
      status: 302,
      location: `/Login?redirectTo=${encodeURIComponent(`/business/${spa.slug}`)}`,
    });
    const bare = await press(null, "follow", spa.id);
    expect(bare.location).toBe("/Login?redirectTo=%2Fb%2Fff");
  });

  test("following twice keeps one row; the answer is the new state", async () => {
    const ada = await signUpAs(db());
    expect((await press(ada, "follow", spa.id)).data).toEqual({
      following: true,
      favourite: false,
    });
    expect((await press(ada, "follow", spa.id)).data).toEqual({
      following: true,
      favourite: false,
    });
    expect(await rowsOf(ada.userId)).toHaveLength(1);
  });

  test("favouriting follows too; unfavouriting keeps the follow; unfollowing removes both", async () => {
    const ada = await signUpAs(db());
    expect((await press(ada, "favourite", salon.id)).data).toEqual({
      following: true,
      favourite: true,
    });
    expect(await rowsOf(ada.userId)).toMatchObject([{ businessId: salon.id, favourite: true }]);
    expect((await press(ada, "unfavourite", salon.id)).data).toEqual({
      following: true,
      favourite: false,
    });
    expect((await press(ada, "favourite", salon.id)).data).toEqual({
      following: true,
      favourite: true,
    });
    expect((await press(ada, "unfollow", salon.id)).data).toEqual({
      following: false,
      favourite: false,
    });
    expect(await rowsOf(ada.userId)).toEqual([]);
    expect((await press(ada, "unfollow", salon.id)).data).toEqual({
      following: false,
      favourite: false,
    });
  });

  test("without JavaScript the post comes back to the page it came from, only on this site", async () => {
    const ada = await signUpAs(db());
    const posted = await press(ada, "follow", spa.id, `/business/${spa.slug}`);
    expect(posted).toMatchObject({ status: 302, location: `/business/${spa.slug}` });
    const elsewhere = await press(ada, "follow", spa.id, "https://evil.example/");
    expect(elsewhere).toMatchObject({ status: 302, location: "/" });
  });

  test("an unknown or suspended business answers 404 and writes nothing", async () => {
    const ada = await signUpAs(db());
    expect((await press(ada, "follow", "biz_nobody")).status).toBe(404);
    expect((await press(ada, "favourite", suspended.id)).status).toBe(404);
    expect(await rowsOf(ada.userId)).toEqual([]);
  });

  test("an unknown intent or a missing business answers 400 with the field's message", async () => {
    const ada = await signUpAs(db());
    const posted = await press(ada, "befriend", spa.id);
    expect(posted.status).toBe(400);
    expect(posted.data).toMatchObject({ errors: { intent: expect.any(String) } });
    const missing = await press(ada, "follow", "");
    expect(missing.data).toMatchObject({ errors: { businessId: "Say which business." } });
  });
});

describe("the follow state for cached pages", () => {
  const ask = (person: TestAccount | null, businessId: string) =>
    getFrom(db(), followState, `/api/follows/${businessId}`, {
      cookie: person?.cookie,
      pattern: "/api/follows/:businessId",
      params: { businessId },
    });

  test("tells a guest they are not signed in, and is never cached", async () => {
    const answer = await ask(null, spa.id);
    expect(answer.status).toBe(200);
    expect(answer.response?.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await answer.response?.json()).toEqual({
      following: false,
      favourite: false,
      signedIn: false,
    });
  });

  test("tells a shopper whether they follow and favourite the business", async () => {
    const ada = await signUpAs(db());
    await press(ada, "favourite", spa.id);
    const answer = await ask(ada, spa.id);
    expect(await answer.response?.json()).toEqual({
      following: true,
      favourite: true,
      signedIn: true,
    });
    expect(await (await ask(ada, salon.id)).response?.json()).toEqual({
      following: false,
      favourite: false,
      signedIn: true,
    });
  });

  test("answers 404 for a business that isn't active", async () => {
    expect((await ask(null, suspended.id)).status).toBe(404);
  });
});

describe("the For you page /b/ff", () => {
  type Page = Awaited<ReturnType<typeof follows.loader>>;
  const load = async (person: TestAccount | null, query = "") =>
    (await getFrom(db(), follows, `/b/ff${query}`, { cookie: person?.cookie })).data as Page;

  test("asks a guest to sign in, with a 200 page", async () => {
    const answer = await getFrom(db(), follows, "/b/ff");
    expect(answer).toMatchObject({ status: 200, thrown: false, data: { signedIn: false } });
  });

  test("lists favourites first, then followed businesses, newest follow first", async () => {
    const ada = await signUpAs(db());
    await press(ada, "follow", spa.id);
    await press(ada, "follow", salon.id);
    await press(ada, "favourite", abujaSpa.id);
    const page = await load(ada);
    if (!page.signedIn) throw new Error("expected the signed-in page");
    expect(page.followed.items.map((item) => [item.name, item.favourite])).toEqual([
      ["Serenity Day Spa", true],
      ["Braids by Yetunde", false],
      ["Ewa Spa", false],
    ]);
  });

  test("leaves out a business that has been suspended since", async () => {
    const ada = await signUpAs(db());
    await db().insert(businessFollows).values({ userId: ada.userId, businessId: suspended.id });
    const page = await load(ada);
    expect(page.signedIn && page.followed.items).toEqual([]);
  });

  test("suggests businesses of the followed categories in the shopper's city, not followed yet", async () => {
    const ada = await signUpAs(db());
    await db().update(users).set({ city: "Lagos" }).where(eq(users.id, ada.userId));
    await press(ada, "follow", spa.id);
    const page = await load(ada);
    if (!page.signedIn) throw new Error("expected the signed-in page");
    expect(page.forYou.city).toBe("Lagos");
    expect(page.forYou.items.map((item) => item.name)).toEqual(["Lotus Massage"]);
  });

  test("pages the followed list without repeats", async () => {
    const ada = await signUpAs(db());
    for (const business of [spa, salon, abujaSpa, lagosSpa])
      await press(ada, "follow", business.id);
    await press(ada, "favourite", salon.id);
    const first = await listFollowed(db(), ada.userId, { limit: 3 });
    const second = await listFollowed(db(), ada.userId, { after: first.nextCursor, limit: 3 });
    expect(first.items[0]?.name).toBe("Braids by Yetunde");
    const all = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(all).size).toBe(4);
    expect(second.nextCursor).toBeNull();
  });
});

describe("trending businesses", () => {
  test("count only follows of the last 7 days, ties to the newest business", async () => {
    const now = new Date(Date.UTC(2027, 5, 15, 12));
    const day = 24 * 60 * 60 * 1000;
    const fresh = await createCategory(db(), { slug: "trending", name: "Trending" });
    const older = await createBusiness(db(), {
      name: "Older Shop",
      categoryId: fresh.id,
      createdAt: new Date(now.getTime() - 30 * day),
    });
    const newer = await createBusiness(db(), {
      name: "Newer Shop",
      categoryId: fresh.id,
      createdAt: new Date(now.getTime() - 20 * day),
    });
    const stale = await createBusiness(db(), { name: "Stale Shop", categoryId: fresh.id });
    const people = await Promise.all([signUpAs(db()), signUpAs(db()), signUpAs(db())]);
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);
    await db()
      .insert(businessFollows)
      .values([
        { userId: people[0].userId, businessId: older.id, createdAt: at(1) },
        { userId: people[1].userId, businessId: older.id, createdAt: at(8) },
        { userId: people[0].userId, businessId: newer.id, createdAt: at(6.9) },
        { userId: people[0].userId, businessId: stale.id, createdAt: at(7.1) },
        { userId: people[1].userId, businessId: stale.id, createdAt: at(10) },
        { userId: people[2].userId, businessId: stale.id, createdAt: at(30) },
      ]);
    const ranked = await trending(db(), { now });
    expect(ranked.map((item) => [item.name, item.newFollowers])).toEqual([
      ["Newer Shop", 1],
      ["Older Shop", 1],
    ]);
  });
});

describe("the personal-data export", () => {
  test("lists the businesses the person follows", async () => {
    const ada = await signUpAs(db());
    await press(ada, "favourite", spa.id);
    const exported = await exportPersonalData(db(), ada.userId);
    expect(exported?.followedBusinesses).toEqual([
      {
        businessId: spa.id,
        slug: spa.slug,
        name: "Ewa Spa",
        favourite: true,
        since: expect.any(Date),
      },
    ]);
    const [row] = await db()
      .select()
      .from(businessFollows)
      .where(and(eq(businessFollows.userId, ada.userId), eq(businessFollows.businessId, spa.id)));
    expect(row?.favourite).toBe(true);
  });
});
