import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { lagosToday } from "#app/console/lagos-time.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { getFrom, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucherOffer } from "#tests/support/vouchers.ts";
import * as home from "./home.tsx";

/** The home page's "new near you": the shopper's saved city, a picked city, or every city. */
let handle: DatabaseHandle;
let ada: TestAccount;
const day = (n: number) => new Date(Date.UTC(2026, 4, n));

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const category = await createCategory(db);
  const business = (slug: string, city: string, n: number) =>
    createBusiness(db, { categoryId: category.id, slug, city, createdAt: day(n) });
  await business("lagos-old", "Lagos", 1);
  await business("abuja-spa", "Abuja", 2);
  await business("lagos-new", "Lagos", 3);
  await business("ibadan-gym", "Ibadan", 4);
  ada = await signUpAs(db, { name: "Ada Obi" });
  await db.update(users).set({ city: "lagos" }).where(eq(users.id, ada.userId));
});

afterAll(() => handle.close());

async function load(path: string, cookie?: string) {
  const result = await getFrom(handle.db, home, path, { cookie, pattern: "/" });
  expect(result.status).toBe(200);
  return result.data as Awaited<ReturnType<typeof home.loader>>;
}

const slugs = (page: Awaited<ReturnType<typeof home.loader>>) =>
  page.businesses.map((business) => business.slug);

describe("the home page", () => {
  test("shows a guest the newest businesses of every city", async () => {
    const page = await load("/");
    expect(page.city).toBeNull();
    expect(slugs(page)).toEqual(["ibadan-gym", "lagos-new", "abuja-spa", "lagos-old"]);
    expect(page.cities.map((city) => city.name)).toEqual(["Lagos", "Abuja", "Ibadan"]);
  });

  test("picks the signed-in shopper's city", async () => {
    const page = await load("/", ada.cookie);
    expect(page.city).toBe("Lagos");
    expect(page.cityFromAccount).toBe(true);
    expect(slugs(page)).toEqual(["lagos-new", "lagos-old"]);
  });

  test("lets a guest pick a city, and a shopper pick another or all", async () => {
    const guest = await load("/?city=abuja");
    expect(guest.city).toBe("Abuja");
    expect(slugs(guest)).toEqual(["abuja-spa"]);
    const other = await load("/?city=Ibadan", ada.cookie);
    expect(other.cityFromAccount).toBe(false);
    expect(slugs(other)).toEqual(["ibadan-gym"]);
    const all = await load("/?city=all", ada.cookie);
    expect(all.city).toBeNull();
    expect(slugs(all)).toHaveLength(4);
  });

  test("shows an empty list for a city with no businesses yet", async () => {
    const page = await load("/?city=Kano");
    expect(page.city).toBe("Kano");
    expect(page.businesses).toEqual([]);
  });
});

describe("the home page's vouchers", () => {
  test("the biggest savings, and apart the offers whose sale ends within two weeks, soonest first", async () => {
    const { db } = handle;
    const category = await createCategory(db);
    const spa = await createBusiness(db, { categoryId: category.id, slug: "voucher-spa" });
    const inDays = (n: number) => lagosToday(new Date(Date.now() + n * 24 * 60 * 60_000));
    await createVoucherOffer(db, spa.id, { title: "Lasting treat" });
    await createVoucherOffer(db, spa.id, {
      title: "Ends in ten",
      validDays: null,
      validUntil: inDays(10),
    });
    await createVoucherOffer(db, spa.id, {
      title: "Ends in three",
      validDays: null,
      validUntil: inDays(3),
    });
    const page = await load("/?city=all");
    expect(page.vouchers.map((offer) => offer.title).sort()).toEqual([
      "Ends in ten",
      "Ends in three",
      "Lasting treat",
    ]);
    expect(page.endingVouchers.map((offer) => offer.title)).toEqual([
      "Ends in three",
      "Ends in ten",
    ]);
  });
});
