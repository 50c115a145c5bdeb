import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { businesses, partnerships } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { createBusiness, createCategory, createProduct } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { loaderArgs, thrownBy } from "#tests/support/router-context.ts";
import { loader as pageLoader } from "./business-page.tsx";
import { loader as partnerLoader } from "./business-partner.tsx";
import { loader as sectionLoader } from "./business-section.tsx";

/** The business's own pages: /{slug}, /{slug}/{section} and /{slug}/partners/{partner}. */
let handle: DatabaseHandle;
let ids: { shop: string; partner: string; hiddenPartner: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  const db = handle.db;
  const category = await createCategory(db);
  const other = await createCategory(db, { name: "Restaurants" });
  const shop = await createBusiness(db, {
    categoryId: category.id,
    slug: "ewa-spa",
    name: "Ewa Spa",
  });
  const partner = await createBusiness(db, {
    categoryId: other.id,
    slug: "mama-put",
    name: "Mama Put",
  });
  const hiddenPartner = await createBusiness(db, { categoryId: other.id, slug: "quiet-bar" });
  await createBusiness(db, { categoryId: category.id, slug: "closed-spa", status: "suspended" });
  for (let i = 0; i < 30; i++) {
    await createProduct(db, {
      businessId: shop.id,
      name: `Treatment ${i}`,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
  }
  await createProduct(db, { businessId: shop.id, name: "Draft treatment", status: "draft" });
  const offer = (partnerId: string, status: "active" | "proposed") => ({
    id: newId("prt"),
    businessId: shop.id,
    partnerId,
    offerTitle: "A free drink with any order",
    offerCode: "OJA-EWA1",
    status,
  });
  await db
    .insert(partnerships)
    .values([offer(partner.id, "active"), offer(hiddenPartner.id, "proposed")]);
  ids = { shop: shop.id, partner: partner.id, hiddenPartner: hiddenPartner.id };
});
afterAll(() => handle.close());

const page = (slug: string) => pageLoader(loaderArgs(handle.db, `/${slug}`, "/:id", { id: slug }));
const section = (slug: string, main: string, query = "") =>
  sectionLoader(
    loaderArgs(handle.db, `/${slug}/${main}${query}`, "/:id/:main", { id: slug, main }),
  );
const partner = (slug: string, p: string) =>
  partnerLoader(
    loaderArgs(handle.db, `/${slug}/partners/${p}`, "/:id/partners/:p", { id: slug, p }),
  );

describe("the landing page /{slug}", () => {
  it("shows the newest eight active products, a link to the rest, and active partners only", async () => {
    const data = await page("Ewa-Spa");
    expect(data.business.name).toBe("Ewa Spa");
    expect(data.products.map((product) => product.name)).toEqual(
      [29, 28, 27, 26, 25, 24, 23, 22].map((i) => `Treatment ${i}`),
    );
    expect(data.moreProducts).toBe(true);
    expect(data.partners.map((item) => item.business.slug)).toEqual(["mama-put"]);
  });

  it("answers 404 for an unknown or suspended business", async () => {
    expect((await thrownBy(() => page("nobody-here"))).status).toBe(404);
    expect((await thrownBy(() => page("closed-spa"))).status).toBe(404);
  });
});

describe("a section /{slug}/{section}", () => {
  it("pages through every active product exactly once", async () => {
    const first = await section("ewa-spa", "products");
    expect(first.products?.items).toHaveLength(24);
    const cursor = first.products?.nextCursor ?? "";
    const second = await section("ewa-spa", "Products", `?after=${encodeURIComponent(cursor)}`);
    const names = [...(first.products?.items ?? []), ...(second.products?.items ?? [])].map(
      (product) => product.name,
    );
    expect(new Set(names).size).toBe(30);
    expect(names).not.toContain("Draft treatment");
    expect(second.products?.nextCursor).toBeNull();
  });

  it("knows the six sections and answers 404 for any other", async () => {
    for (const main of ["about", "products", "vouchers", "reviews", "contact", "sales"]) {
      expect((await section("ewa-spa", main)).section).toBe(main);
    }
    expect((await thrownBy(() => section("ewa-spa", "menu"))).status).toBe(404);
    expect((await thrownBy(() => section("closed-spa", "about"))).status).toBe(404);
  });

  it("answers 400 with a message for a forged page cursor", async () => {
    const thrown = await thrownBy(() => section("ewa-spa", "products", "?after=not-a-cursor"));
    expect(thrown.status).toBe(400);
    expect(thrown.data).toEqual({ message: expect.stringContaining("page link") });
  });
});

describe("a partner page /{slug}/partners/{partner}", () => {
  it("shows an active partnership's offer", async () => {
    const data = await partner("ewa-spa", "MAMA-PUT");
    expect(data.partner.offerTitle).toBe("A free drink with any order");
    expect(data.partner.offerCode).toBe("OJA-EWA1");
  });

  it("answers 404 for a proposed partnership, a business that is not a partner, and a suspended partner", async () => {
    expect((await thrownBy(() => partner("ewa-spa", "quiet-bar"))).status).toBe(404);
    expect((await thrownBy(() => partner("mama-put", "ewa-spa"))).status).toBe(404);
    await handle.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, ids.partner));
    expect((await thrownBy(() => partner("ewa-spa", "mama-put"))).status).toBe(404);
    await handle.db
      .update(businesses)
      .set({ status: "active" })
      .where(eq(businesses.id, ids.partner));
  });
});
