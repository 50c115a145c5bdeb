import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader } from "./spas.tsx";

/**
 * /spas through its loader, at the real time: one spa is open around the clock, one never, and
 * a restaurant open around the clock must not appear. (The fixed-time rules are tested on
 * `spaLanding` in app/catalog/feeds.server.test.ts.)
 */
let handle: DatabaseHandle;
const allDay: Array<[string, string]> = [["00:00", "00:00"]];
const always = {
  mon: allDay,
  tue: allDay,
  wed: allDay,
  thu: allDay,
  fri: allDay,
  sat: allDay,
  sun: allDay,
};
const never = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };

beforeAll(async () => {
  handle = await createTestDatabase();
  const { db } = handle;
  const spas = await createCategory(db, { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db, { slug: "restaurants", name: "Restaurants" });
  // The closed spa is the newer one: only "open now" can put the other first.
  await createBusiness(db, {
    categoryId: spas.id,
    slug: "night-owl-spa",
    city: "Lagos",
    hours: always,
    createdAt: new Date(Date.UTC(2026, 0, 1)),
  });
  await createBusiness(db, {
    categoryId: spas.id,
    slug: "sleepy-spa",
    city: "Abuja",
    hours: never,
    createdAt: new Date(Date.UTC(2026, 0, 2)),
  });
  await createBusiness(db, { categoryId: food.id, slug: "all-day-diner", hours: always });
});

afterAll(() => handle.close());

const load = (path: string) => loader(loaderArgs(handle.db, path, "/spas") as never);

describe("/spas", () => {
  test("lists only spas, those open now first", async () => {
    const page = await load("/spas");
    expect(page.businesses.map((b) => [b.slug, b.openNow])).toEqual([
      ["night-owl-spa", true],
      ["sleepy-spa", false],
    ]);
    expect(page.cities.map((city) => city.name)).toEqual(["Abuja", "Lagos"]);
    expect(page.city).toBeNull();
  });

  test("narrows to the city picked", async () => {
    const page = await load("/spas?city=Abuja");
    expect(page.businesses.map((b) => b.slug)).toEqual(["sleepy-spa"]);
    expect(page.city).toBe("Abuja");
  });

  test("answers 400 for a city name too long to be one", async () => {
    const thrown = await thrownBy(() => load(`/spas?city=${"x".repeat(61)}`));
    expect(thrown.status).toBe(400);
  });
});
