import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { directoryPage } from "#app/catalog/directory.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import * as directory from "./business-directory.tsx";
import * as profile from "./business-profile.tsx";
import * as listing from "./businesses-listing.tsx";

/**
 * The directory screens on one small catalogue: /b (filters and keyset pages through search()),
 * /businesses (letters, "#", filters, pages) and /business/{slug} (404s).
 */
let database: DatabaseHandle;
const db = () => database.db;
const start = Date.UTC(2026, 0, 1);
const alwaysOpen = {
  mon: [["00:00", "00:00"]],
  tue: [["00:00", "00:00"]],
  wed: [["00:00", "00:00"]],
  thu: [["00:00", "00:00"]],
  fri: [["00:00", "00:00"]],
  sat: [["00:00", "00:00"]],
  sun: [["00:00", "00:00"]],
} as Record<"mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun", Array<[string, string]>>;
const neverOpen = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  const tailors = await createCategory(db(), { slug: "tailors", name: "Tailors" });
  const bakers = await createCategory(db(), { slug: "bakers", name: "Bakers" });
  let n = 0;
  const business = (
    fields: Omit<Parameters<typeof createBusiness>[1], "categoryId">,
    categoryId = tailors.id,
  ) => createBusiness(db(), { categoryId, createdAt: new Date(start + n++ * 60_000), ...fields });
  // 26 tailors in Jos, "Jos Tailor 01" … "Jos Tailor 26", oldest first; only the even ones open.
  for (let i = 1; i <= 26; i++) {
    const number = String(i).padStart(2, "0");
    await business({
      slug: `jos-tailor-${number}`,
      name: `Jos Tailor ${number}`,
      city: "Jos",
      hours: i % 2 === 0 ? alwaysOpen : neverOpen,
    });
  }
  await business({ slug: "bola-bakes", name: "Bola Bakes", city: "Kano" }, bakers.id);
  await business({ slug: "bisi-bread", name: "Bisi Bread", city: "Kano" }, bakers.id);
  await business({ slug: "emeka-buns", name: "Émeka Buns", city: "Kano" }, bakers.id);
  await business({ slug: "247-bakery", name: "24/7 Bakery", city: "Kano" }, bakers.id);
  await business(
    { slug: "bad-bakery", name: "Banned Bakery", city: "Kano", status: "suspended" },
    bakers.id,
  );
  await business(
    { slug: "new-bakery", name: "Brand New Bakery", city: "Kano", status: "pending" },
    bakers.id,
  );
  await business(
    {
      slug: "ada-bakes",
      name: "Ada Bakes",
      city: "Kano",
      description: "Fresh bread every morning.",
      phone: "+234 803 123 4567",
      email: "hello@adabakes.ng",
      hours: alwaysOpen,
    },
    bakers.id,
  );
});

afterAll(() => database.close());

type ListingData = Awaited<ReturnType<typeof listing.loader>>;
type DirectoryData = Awaited<ReturnType<typeof directory.loader>>;

const list = (query: string) =>
  listing.loader(loaderArgs(db(), `/b${query}`, "/b")) as Promise<ListingData>;
const browse = (query: string) =>
  directory.loader(
    loaderArgs(db(), `/businesses${query}`, "/businesses"),
  ) as Promise<DirectoryData>;
const names = (items: Array<{ name: string }>) => items.map((item) => item.name);

describe("the business listing /b", () => {
  test("filters by category and city, newest first, in pages with a next link", async () => {
    const first = await list("?category=tailors&city=jos");
    expect(first.items).toHaveLength(24);
    expect(first.items[0]?.name).toBe("Jos Tailor 26");
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?category=tailors&city=jos&after=${first.nextCursor}`);
    expect(names(second.items)).toEqual(["Jos Tailor 02", "Jos Tailor 01"]);
    expect(second.nextCursor).toBeNull();
  });

  test("shows only active businesses, and counts each category and city for the filters", async () => {
    const page = await list("?category=bakers&sort=name");
    expect(names(page.items)).toEqual([
      "24/7 Bakery",
      "Ada Bakes",
      "Bisi Bread",
      "Bola Bakes",
      "Émeka Buns",
    ]);
    expect(page.categories).toEqual(
      expect.arrayContaining([
        { slug: "bakers", name: "Bakers", count: 5 },
        { slug: "tailors", name: "Tailors", count: 26 },
      ]),
    );
    expect(page.cities).toEqual([{ name: "Kano", count: 5 }]);
  });

  test("open now keeps the businesses open at this moment", async () => {
    const page = await list("?city=Jos&open=1&sort=name");
    expect(names(page.items)).toHaveLength(13);
    expect(names(page.items).every((name) => Number(name.slice(-2)) % 2 === 0)).toBe(true);
  });

  test("an unknown category shows no business rather than an error", async () => {
    const page = await list("?category=no-such-thing");
    expect(page.items).toEqual([]);
  });

  test("a bad sort or a forged page link answers 400 naming the problem", async () => {
    expect(await thrownBy(() => list("?sort=cheapest"))).toMatchObject({
      status: 400,
      data: { message: expect.stringMatching(/^sort: /) },
    });
    expect(await thrownBy(() => list("?after=not-a-cursor"))).toMatchObject({ status: 400 });
  });
});

describe("the A–Z directory /businesses", () => {
  test("groups names under their letter, accents folded, A–Z first and # last", async () => {
    const page = await browse("?category=bakers");
    expect(page.items.map((item) => [item.letter, item.name])).toEqual([
      ["A", "Ada Bakes"],
      ["B", "Bisi Bread"],
      ["B", "Bola Bakes"],
      ["E", "Émeka Buns"],
      ["#", "24/7 Bakery"],
    ]);
    expect(page.letters.find((entry) => entry.letter === "B")).toEqual({ letter: "B", count: 2 });
    expect(page.letters.find((entry) => entry.letter === "#")).toEqual({ letter: "#", count: 1 });
    expect(page.letters.find((entry) => entry.letter === "Z")).toEqual({ letter: "Z", count: 0 });
  });

  test("a letter narrows the list to names starting with it, in either case", async () => {
    expect(names((await browse("?letter=b")).items)).toEqual(["Bisi Bread", "Bola Bakes"]);
    expect(names((await browse("?letter=%23")).items)).toEqual(["24/7 Bakery"]);
  });

  test("the city filter applies to the letters' counts too", async () => {
    const page = await browse("?city=JOS");
    expect(page.items).toHaveLength(26);
    expect(page.letters.find((entry) => entry.letter === "J")?.count).toBe(26);
    expect(page.letters.find((entry) => entry.letter === "B")?.count).toBe(0);
  });

  test("pages of a letter follow one another without gaps or repeats", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await directoryPage(db(), { letter: "J", after, limit: 10 });
      seen.push(...names(page.items));
      after = page.nextCursor;
      if (!after) break;
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect(seen[0]).toBe("Jos Tailor 01");
    expect(seen[25]).toBe("Jos Tailor 26");
  });

  test("a page never holds more than 100 businesses", async () => {
    const page = await browse("");
    expect(page.items.length).toBeLessThanOrEqual(100);
  });

  test("a cursor from another letter, or a letter that isn't one, answers 400", async () => {
    const jPage = await directoryPage(db(), { letter: "J", limit: 10 });
    expect(await thrownBy(() => browse(`?letter=B&after=${jPage.nextCursor}`))).toMatchObject({
      status: 400,
    });
    expect(await thrownBy(() => browse("?letter=AB"))).toMatchObject({ status: 400 });
  });
});

describe("the business profile /business/{slug}", () => {
  const open = (slug: string) =>
    profile.loader(loaderArgs(db(), `/business/${slug}`, "/business/:id", { id: slug }));

  test("shows about, contact and this week's hours, whatever the case of the slug", async () => {
    const page = await open("ADA-Bakes");
    expect(page.business).toMatchObject({
      slug: "ada-bakes",
      name: "Ada Bakes",
      description: "Fresh bread every morning.",
      phone: "+234 803 123 4567",
      email: "hello@adabakes.ng",
      category: { slug: "bakers", name: "Bakers" },
      city: "Kano",
    });
    expect(page.status).toBe("Open now · closes 00:00");
    expect(page.follow).toEqual({ following: false, favourite: false, signedIn: false });
  });

  test("answers 404 for an unknown business and for a suspended one", async () => {
    expect(await thrownBy(() => open("nobody-here"))).toEqual({
      status: 404,
      data: { message: "Page not found: /business/nobody-here" },
    });
    expect(await thrownBy(() => open("bad-bakery"))).toMatchObject({ status: 404 });
    expect(await thrownBy(() => open("new-bakery"))).toMatchObject({ status: 404 });
  });
});
