import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { getFrom } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as searchForm from "./search-form.tsx";

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  await createBusiness(db(), {
    slug: "ewa-spa",
    name: "Ewa Spa",
    categoryId: spas.id,
    city: "Lagos",
  });
  await createBusiness(db(), { slug: "oasis", name: "Oasis", categoryId: spas.id, city: "Abuja" });
  await createBusiness(db(), {
    slug: "hidden",
    name: "Hidden",
    categoryId: spas.id,
    city: "Kano",
    status: "pending",
  });
}, 60_000);

afterAll(() => database?.close());

const submit = (query: string) => getFrom(db(), searchForm, `/search/ff${query}`);
type Loaded = {
  cities: Array<{ name: string; count: number }>;
  categories: Array<{ slug: string }>;
  values: Record<string, string>;
  errors: Record<string, string>;
};

describe("/search/ff", () => {
  test("the header's plain form (?q= only) goes straight to the results", async () => {
    const { status, location } = await submit("?q=%20spa%20%20lagos%20");
    expect(status).toBe(302);
    expect(location).toBe("/search/spa%20lagos");
  });

  test("without a term the form shows, with categories and the active businesses' cities", async () => {
    const { status, data } = await submit("?q=");
    expect(status).toBe(200);
    const form = data as Loaded;
    expect(form.cities.map((city) => city.name)).toEqual(["Abuja", "Lagos"]);
    expect(form.categories.map((c) => c.slug)).toContain("spas-wellness");
    expect(form.errors).toEqual({});
  });

  test("every filter travels to the results; naira with separators are read as naira", async () => {
    const { status, location } = await submit(
      "?q=massage&kind=products&category=spas-wellness&city=Lagos&min=5%2C000&max=20000.50&open=1",
    );
    expect(status).toBe(302);
    expect(location).toBe(
      "/search/massage?tab=products&category=spas-wellness&city=Lagos&min=5000&max=20000.5&open=1",
    );
  });

  test("choosing businesses goes to the business search", async () => {
    const { location } = await submit("?q=spa&kind=businesses&city=Abuja");
    expect(location).toBe("/businesses/search/spa?city=Abuja");
  });

  test("bad values answer 400 with a message per field, and keep what was typed", async () => {
    const { status, data } = await submit(
      `?q=&kind=rewards&category=nope&min=cheap&max=-5&city=${"x".repeat(61)}`,
    );
    expect(status).toBe(400);
    const form = data as Loaded;
    expect(form.errors).toEqual({
      q: "Enter what you are looking for, e.g. massage or jollof.",
      kind: "Choose what to look for.",
      city: "Use at most 60 characters.",
      min: "Enter an amount in naira, e.g. 5000.",
      max: "Enter an amount in naira, e.g. 5000.",
    });
    expect(form.values.min).toBe("cheap");
  });

  test("the highest price must not be below the lowest; an unknown category is refused", async () => {
    const range = await submit("?q=spa&kind=all&min=20000&max=5000");
    expect(range.status).toBe(400);
    expect((range.data as Loaded).errors).toEqual({
      max: "The highest price must be at least the lowest price.",
    });
    const category = await submit("?q=spa&kind=all&category=nope");
    expect(category.status).toBe(400);
    expect((category.data as Loaded).errors).toEqual({
      category: "Choose a category from the list.",
    });
  });
});
