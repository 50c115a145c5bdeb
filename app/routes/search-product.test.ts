import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { getFrom } from "#tests/support/accounts.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as searchProduct from "./search-product.tsx";

let database: DatabaseHandle;
const db = () => database.db;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const spas = await createCategory(db(), { slug: "spas-wellness", name: "Spas & Wellness" });
  const food = await createCategory(db(), { slug: "food-drinks", name: "Food & Drinks" });
  const ewa = await createBusiness(db(), { slug: "ewa-spa", name: "Ewa Spa", categoryId: spas.id });
  const lotus = await createBusiness(db(), {
    slug: "lotus-studio",
    name: "Lotus Studio",
    categoryId: spas.id,
  });
  const mama = await createBusiness(db(), {
    slug: "mama-put",
    name: "Mama Put",
    categoryId: food.id,
  });
  const shady = await createBusiness(db(), {
    slug: "shady-spa",
    name: "Shady Spa",
    categoryId: spas.id,
    status: "suspended",
  });
  const add = async (key: string, fields: Parameters<typeof createProduct>[1]) => {
    ids[key] = (await createProduct(db(), fields)).id;
  };
  await add("swedish", {
    businessId: ewa.id,
    slug: "swedish-massage",
    name: "Swedish Massage",
    priceKobo: 2_500_000,
    compareAtKobo: 3_000_000,
    sizes: ["60 min", "90 min"],
    description: "Long, flowing strokes.",
  });
  await add("couples", { businessId: lotus.id, slug: "couples-massage", name: "Couples Massage" });
  await add("facial", { businessId: lotus.id, slug: "facial", name: "Glow Facial" });
  await add("jollof", { businessId: mama.id, slug: "jollof", name: "Jollof Massage Plate" });
  await add("draft", { businessId: ewa.id, slug: "draft", name: "Draft Massage", status: "draft" });
  await add("shady", { businessId: shady.id, slug: "shady", name: "Shady Massage" });
}, 60_000);

afterAll(() => database?.close());

const open = (term: string, prod: string) =>
  getFrom(db(), searchProduct, `/search/${encodeURIComponent(term)}/${prod}`, {
    pattern: "/search/:id/:prod",
    params: { id: term, prod },
  });

type Loaded = Awaited<ReturnType<typeof searchProduct.loader>>;

describe("/search/{id}/{prod}", () => {
  test("shows the product with its price, sizes and business, and the term to go back to", async () => {
    const { status, data } = await open("masage", ids.swedish as string);
    expect(status).toBe(200);
    const { text, product } = data as Loaded;
    expect(text).toBe("masage");
    expect(product).toMatchObject({
      name: "Swedish Massage",
      priceKobo: 2_500_000,
      compareAtKobo: 3_000_000,
      sizes: ["60 min", "90 min"],
      description: "Long, flowing strokes.",
      business: { slug: "ewa-spa", name: "Ewa Spa" },
      category: { slug: "spas-wellness" },
    });
  });

  test("similar products come from the same category, never the product itself", async () => {
    const { data } = await open("massage", ids.swedish as string);
    const similar = (data as Loaded).similar.map((hit) => hit.name);
    // The other massage first (it shares the name's last word), then the rest of the category.
    expect(similar).toEqual(["Couples Massage", "Glow Facial"]);
  });

  test("an unknown, draft or suspended business's product answers 404", async () => {
    expect((await open("massage", "prd_unknown")).status).toBe(404);
    expect((await open("massage", ids.draft as string)).status).toBe(404);
    expect((await open("massage", ids.shady as string)).status).toBe(404);
  });

  test("the canonical address is the product's own page", () => {
    const tags = searchProduct.meta({
      loaderData: {
        text: "massage",
        product: {
          name: "Swedish Massage",
          slug: "swedish-massage",
          description: "",
          images: [],
          business: { slug: "ewa-spa", name: "Ewa Spa", city: "Lagos" },
        },
      },
      matches: [{ id: "root", loaderData: { publicUrl: "https://oja.ng" } }],
    } as never);
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://oja.ng/ewa-spa/products/swedish-massage",
    });
  });
});
