import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businesses,
  categories,
  collectionProducts,
  collections,
  images,
  partnerships,
  productImages,
  products,
} from "#app/catalog/schema.server.ts";
import { businessSlugSchema, isReservedSlug, reservedSlugs } from "#app/catalog/slugs.ts";
import { type DatabaseHandle, openPglite } from "#app/db/database.server.ts";
import { migrate } from "#app/db/migrate.server.ts";
import { deliveryOption } from "#app/delivery/areas.ts";
import { handoverSettingsOf } from "#app/delivery/settings.server.ts";
import { diskMediaStore } from "#app/media/store.server.ts";
import { rewardCodes, rewards } from "#app/reward-shop/schema.server.ts";
import { shopFront } from "#app/reward-shop/shop.server.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";
import {
  contrastWithWhite,
  createRandom,
  generateBusiness,
  generateProducts,
  SeedError,
  seedCategories,
  seedCities,
  seedDemo,
  slugify,
  uniqueSlug,
} from "./demo.server.ts";

describe("the demo seed", () => {
  let handle: DatabaseHandle;
  let mediaDir: string;
  let seeded: { businesses: number; products: number };

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), "oja-seed-"));
    handle = await openPglite({});
    await migrate(handle.db);
    seeded = await seedDemo(handle.db, { media: diskMediaStore(mediaDir) });
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  it("fills an empty database with dozens of active businesses across categories and cities", async () => {
    const rows = await handle.db.select().from(businesses);
    const categoryRows = await handle.db.select().from(categories);
    expect(seeded.businesses).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(categoryRows.length).toBeGreaterThanOrEqual(6);
    expect(categoryRows.some((category) => /spa/i.test(category.name))).toBe(true);
    expect(new Set(rows.map((row) => row.city)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((row) => row.categoryId)).size).toBe(categoryRows.length);
    for (const row of rows) {
      expect(row.status).toBe("active");
      expect(row.phone).toMatch(/^\+234 [789]\d{2} \d{3} \d{4}$/);
      expect(row.brandColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastWithWhite(row.brandColor)).toBeGreaterThanOrEqual(4.5);
      expect(Object.keys(row.hours).sort()).toEqual(
        ["fri", "mon", "sat", "sun", "thu", "tue", "wed"].sort(),
      );
    }
  });

  it("pairs neighbours of different trades as active partners, each pair once", async () => {
    const rows = await handle.db.select().from(partnerships);
    const byId = new Map((await handle.db.select().from(businesses)).map((row) => [row.id, row]));
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      const [business, partner] = [byId.get(row.businessId), byId.get(row.partnerId)];
      expect(business?.city).toBe(partner?.city);
      expect(business?.categoryId).not.toBe(partner?.categoryId);
      expect(row.status).toBe("active");
      expect(row.offerCode).toMatch(/^OJA-\S+$/);
    }
    expect(new Set(rows.map((row) => row.offerCode)).size).toBe(rows.length);
  });

  it("puts voucher offers on sale below their value, each with one kind of validity", async () => {
    const rows = await handle.db.select().from(voucherOffers);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((row) => row.status === "active").length).toBeGreaterThan(rows.length / 2);
    for (const row of rows) {
      expect(row.priceKobo).toBeLessThan(row.valueKobo);
      expect(row.priceKobo % 100).toBe(0);
      expect((row.validDays === null) !== (row.validUntil === null)).toBe(true);
    }
    expect(rows.some((row) => row.validUntil !== null)).toBe(true);
  });

  it("stocks the reward shop: Oja's rewards with a partner code for each one left, and businesses' own in their category", async () => {
    const rows = await handle.db.select().from(rewards);
    const codes = await handle.db.select().from(rewardCodes);
    const byId = new Map((await handle.db.select().from(businesses)).map((row) => [row.id, row]));
    const platform = rows.filter((row) => row.businessId === null);
    expect(new Set(platform.map((row) => row.kind))).toEqual(
      new Set(["airtime", "data", "partner_voucher"]),
    );
    for (const row of platform) {
      const pool = codes.filter((code) => code.rewardId === row.id);
      expect(pool.length).toBe(row.stock);
      expect(new Set(pool.map((code) => code.code)).size).toBe(pool.length);
    }
    expect(rows.find((row) => row.name === "₦500 MTN airtime")).toMatchObject({
      pointsCost: 500,
      stock: 20,
    });
    const own = rows.filter((row) => row.businessId !== null);
    expect(own.length).toBeGreaterThanOrEqual(3);
    for (const row of own) {
      expect(row.kind).toBe("business");
      expect(row.categoryId).toBe(byId.get(row.businessId ?? "")?.categoryId);
    }
    const front = await shopFront(handle.db, 1_000);
    expect(front.featured.length).toBe(8);
    expect(front.affordable.every((card) => card.pointsCost <= 1_000)).toBe(true);
  });

  it("prices every product in whole naira, with any old price above the current one", async () => {
    const rows = await handle.db.select().from(products);
    expect(seeded.products).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(400);
    for (const row of rows) {
      expect(Number.isSafeInteger(row.priceKobo)).toBe(true);
      expect(row.priceKobo).toBeGreaterThan(0);
      expect(row.priceKobo % 100).toBe(0);
      if (row.compareAtKobo !== null) expect(row.compareAtKobo).toBeGreaterThan(row.priceKobo);
      expect(row.stock).toBeGreaterThanOrEqual(0);
      expect(row.status).toBe("active");
    }
    const onSale = rows.filter((row) => row.compareAtKobo !== null).length / rows.length;
    expect(onSale).toBeGreaterThan(0.2);
    expect(onSale).toBeLessThan(0.5);
  });

  it("has what the shopping journeys need: sold-out and sized products, spas, Ibadan jollof", async () => {
    const rows = await handle.db
      .select({
        name: products.name,
        stock: products.stock,
        sizes: products.sizes,
        city: businesses.city,
        category: categories.slug,
      })
      .from(products)
      .innerJoin(businesses, eq(businesses.id, products.businessId))
      .innerJoin(categories, eq(categories.id, businesses.categoryId));
    expect(rows.filter((row) => row.stock === 0).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((row) => row.stock > 0 && row.sizes.length > 1).length).toBeGreaterThan(20);
    expect(rows.filter((row) => row.category === "spas-wellness").length).toBeGreaterThan(20);
    const ibadanJollof = rows.filter(
      (row) => row.city === "Ibadan" && row.category === "restaurants" && /jollof/i.test(row.name),
    );
    expect(ibadanJollof.length).toBeGreaterThanOrEqual(1);
  });

  it("has every business deliver across its own city for a fee, with cheaper areas and free delivery above an amount for some", async () => {
    const rows = await handle.db.select().from(businesses);
    const settings = await handoverSettingsOf(
      handle.db,
      rows.map((row) => row.id),
    );
    for (const row of rows) {
      const own = settings.get(row.id);
      const option = deliveryOption(row.name, own ?? { areas: [], freeDeliveryFromKobo: null }, 1, {
        city: row.city,
        area: "",
      });
      expect(option).toMatchObject({ kind: "available", feeKobo: expect.any(Number) });
      if (option.kind === "available") expect(option.feeKobo).toBeGreaterThan(0);
    }
    const all = [...settings.values()];
    expect(all.some((one) => one.areas.some((area) => area.area !== ""))).toBe(true);
    expect(all.some((one) => one.freeDeliveryFromKobo !== null)).toBe(true);
  });

  it("gives every business two or three collections with products in them", async () => {
    const businessRows = await handle.db.select({ id: businesses.id }).from(businesses);
    const collectionRows = await handle.db.select().from(collections);
    const members = await handle.db.select().from(collectionProducts);
    for (const business of businessRows) {
      const own = collectionRows.filter((row) => row.businessId === business.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const collection of own) {
        expect(members.some((member) => member.collectionId === collection.id)).toBe(true);
      }
    }
  });

  it("writes a picture for every product, logo and cover, at the size it records", async () => {
    const productCount = (await handle.db.select().from(products)).length;
    const pictured = await handle.db.select().from(productImages);
    expect(pictured.length).toBe(productCount);
    const withLogos = await handle.db
      .select({ logo: businesses.logoImageId, cover: businesses.coverImageId })
      .from(businesses);
    expect(withLogos.every((row) => row.logo && row.cover)).toBe(true);

    const rows = await handle.db.select().from(images);
    expect(rows.length).toBe(productCount + 2 * withLogos.length);
    await Promise.all(
      rows.map(async (row) => {
        expect(row.path).toMatch(/^seed\/[\w-]+\.webp$/);
        expect(row.alt).not.toBe("");
        const file = path.join(mediaDir, row.path);
        expect((await stat(file)).size).toBeGreaterThan(0);
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe("webp");
        expect([metadata.width, metadata.height]).toEqual([row.width, row.height]);
      }),
    );
    const [productImage] = await handle.db
      .select({ width: images.width, height: images.height })
      .from(images)
      .innerJoin(productImages, eq(productImages.imageId, images.id))
      .limit(1);
    expect(productImage).toEqual({ width: 800, height: 800 });
  });

  it("gives every business a unique slug the vendor console would accept", async () => {
    const slugs = (await handle.db.select({ slug: businesses.slug }).from(businesses)).map(
      (row) => row.slug,
    );
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) {
      expect(isReservedSlug(slug)).toBe(false);
      expect(businessSlugSchema.parse(slug)).toBe(slug);
    }
  });

  it("refuses to seed a database that already has businesses", async () => {
    await expect(seedDemo(handle.db, { media: diskMediaStore(mediaDir) })).rejects.toBeInstanceOf(
      SeedError,
    );
  });
});

describe("the seed generators", () => {
  it("give the same businesses and products every time for the same seed", () => {
    const draw = () => {
      const random = createRandom(42);
      const used = { names: new Set<string>(), slugs: new Set<string>() };
      const category = seedCategories[2] ?? seedCategories[0];
      const city = seedCities[0];
      if (!category || !city) throw new Error("seed lists are empty");
      const business = generateBusiness(random, category, city, used, 0);
      const items = generateProducts(random, category, business, 12, 0);
      return { business, items };
    };
    expect(draw()).toEqual(draw());
  });

  it("turn names into lower-case kebab-case slugs that step around reserved words", () => {
    expect(slugify("Mama Ngozi's Kitchen & Grill")).toBe("mama-ngozis-kitchen-and-grill");
    expect(slugify("Ọmọ Ọba Café")).toBe("omo-oba-cafe");
    const used = new Set<string>();
    expect(uniqueSlug("spas", used, "Lagos")).toBe("spas-lagos");
    expect(uniqueSlug("serenity-spa", used, "Lagos")).toBe("serenity-spa");
    expect(uniqueSlug("serenity-spa", used, "Lagos")).toBe("serenity-spa-lagos");
    expect(uniqueSlug("serenity-spa", used, "Lagos")).toBe("serenity-spa-lagos-2");
    for (const word of reservedSlugs) expect(uniqueSlug(word, new Set())).not.toBe(word);
    const long = uniqueSlug(slugify("Lion Heart Strength & Conditioning"), used, "Lekki Phase 1");
    expect(uniqueSlug(long, used, "Lekki Phase 1")).toBe("lion-heart-strength-lekki-phase-1");
    expect(uniqueSlug(long, used, "Lekki Phase 1")).toBe("lion-heart-strength-lekki-phase-1-2");
  });
});
