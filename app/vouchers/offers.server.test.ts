import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { businesses } from "#app/catalog/schema.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { auditEvents, images, voucherOfferImages, voucherOffers } from "#app/db/schema.server.ts";
import { diskMediaStore } from "#app/media/store.server.ts";
import { deleteUnusedImages } from "#app/media/uploads.server.ts";
import * as productImagesRoute from "#app/routes/vendor-product-images.ts";
import * as offerEdit from "#app/routes/vendor-voucher.tsx";
import * as offerNew from "#app/routes/vendor-voucher-new.tsx";
import * as offerPage from "#app/routes/voucher-offer.tsx";
import * as marketplacePage from "#app/routes/vouchers.tsx";
import { getFrom, outcomeOf } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createRoleFixtures, type RoleFixtures } from "#tests/support/role-matrix.ts";
import { routeArgs } from "#tests/support/router-context.ts";
import { findOffer, listOffers, voucherPageSize } from "./marketplace.server.ts";

let database: DatabaseHandle;
let fixtures: RoleFixtures;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await createRoleFixtures(database.db);
  dataDir = await mkdtemp(path.join(tmpdir(), "oja-vouchers-"));
  env = { DATA_DIR: dataDir };
}, 60_000);

afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

const slug = () => fixtures.business.slug;

const validForm = {
  title: "Full-day spa treat",
  description: "Massage, facial and lunch.",
  value: "25000",
  price: "18,000",
  validity: "days",
  validDays: "90",
  validUntil: "",
  totalQuantity: "50",
  perShopperLimit: "2",
  finePrint: "Book a day ahead.",
  status: "active",
};

/** Posts the offer form; `images` repeated in order (postTo keeps one value per name). */
async function postOffer(
  form: Record<string, string>,
  options: { offerId?: string; images?: string[]; role?: "manager" | "ownerOfOther" } = {},
) {
  const target = options.offerId
    ? `/vendor/${slug()}/vouchers/${options.offerId}`
    : `/vendor/${slug()}/vouchers/new`;
  const request = new Request(`http://localhost:3000${target}`, {
    method: "POST",
    body: new URLSearchParams([
      ...Object.entries(form),
      ...(options.images ?? []).map((id) => ["image", id] as [string, string]),
    ]),
    headers: {
      origin: "http://localhost:3000",
      cookie: fixtures.cookies[options.role ?? "manager"],
    },
  });
  const args = await routeArgs(
    database.db,
    request,
    options.offerId ? "/vendor/:business/vouchers/:offerId" : "/vendor/:business/vouchers/new",
    options.offerId ? { business: slug(), offerId: options.offerId } : { business: slug() },
    env,
  );
  return outcomeOf(() => (options.offerId ? offerEdit.action : offerNew.action)(args as never));
}

async function createdOfferId(form: Record<string, string> = validForm, images?: string[]) {
  const answer = await postOffer(form, { images });
  expect(answer.status).toBe(302);
  const id = /\/vouchers\/(vof_[0-9a-z]+)\?notice=created$/.exec(answer.location ?? "")?.[1];
  if (!id) throw new Error(`no offer id in ${answer.location}`);
  return id;
}

async function offerRow(id: string) {
  const [row] = await database.db.select().from(voucherOffers).where(eq(voucherOffers.id, id));
  return row;
}

async function uploadPicture() {
  const body = new FormData();
  const bytes = await sharp({
    create: { width: 40, height: 30, channels: 3, background: "#2e86c1" },
  })
    .png()
    .toBuffer();
  body.append("file", new File([new Uint8Array(bytes)], "spa.png", { type: "image/png" }));
  const request = new Request(`http://localhost:3000/vendor/${slug()}/products/images`, {
    method: "POST",
    body,
    headers: { origin: "http://localhost:3000", cookie: fixtures.cookies.manager },
  });
  const args = await routeArgs(
    database.db,
    request,
    "/vendor/:business/products/images",
    { business: slug() },
    env,
  );
  const answer = await outcomeOf(() => productImagesRoute.action(args as never));
  expect(answer.status).toBe(200);
  if (!answer.response) throw new Error("the upload answered no response");
  const { image } = (await answer.response.json()) as { image: { id: string } };
  return image.id;
}

describe("voucher offers in the console", () => {
  test("a manager's offer is saved in kobo with its terms and pictures, and the log says who", async () => {
    const picture = await uploadPicture();
    const id = await createdOfferId(validForm, [picture]);
    expect(await offerRow(id)).toMatchObject({
      businessId: fixtures.business.id,
      title: "Full-day spa treat",
      valueKobo: 2_500_000,
      priceKobo: 1_800_000,
      validDays: 90,
      validUntil: null,
      totalQuantity: 50,
      soldCount: 0,
      perShopperLimit: 2,
      status: "active",
    });
    const pictures = await database.db
      .select()
      .from(voucherOfferImages)
      .where(eq(voucherOfferImages.offerId, id));
    expect(pictures).toEqual([{ offerId: id, imageId: picture, position: 0 }]);
    const [entry] = await database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, "voucher-offer.created"),
          eq(auditEvents.actorId, fixtures.userIds.manager),
        ),
      );
    expect(entry?.details).toMatchObject({ offerId: id, priceKobo: 1_800_000 });
    // The picture counts as in use: the sweep of unused uploads leaves it alone.
    const media = diskMediaStore(path.join(dataDir, "media"));
    await deleteUnusedImages(database.db, media, { ids: [picture] });
    expect(await database.db.select().from(images).where(eq(images.id, picture))).toHaveLength(1);
  });

  test("bad input answers 400 with field messages and writes nothing", async () => {
    const [before] = await database.db.select({ n: count() }).from(voucherOffers);
    const answer = await postOffer({
      ...validForm,
      price: "25000",
      validity: "date",
      validUntil: "2020-01-01",
    });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: {
        price: "Price must be below the value (that is the saving)",
        validUntil: "End date has passed: choose today or a later day",
      },
    });
    const [after] = await database.db.select({ n: count() }).from(voucherOffers);
    expect(after?.n).toBe(before?.n);
  });

  test("a picture another business uploaded can't be attached", async () => {
    const theirs = newId("img");
    await database.db.insert(images).values({
      id: theirs,
      path: `uploads/${theirs}.webp`,
      width: 10,
      height: 10,
      businessId: fixtures.otherBusiness.id,
    });
    const answer = await postOffer(validForm, { images: [theirs] });
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({
      errors: { images: "One of the pictures is no longer available. Upload it again." },
    });
  });

  test("editing changes the offer, never below what has sold; another business's offer is a 404", async () => {
    const id = await createdOfferId();
    await database.db.update(voucherOffers).set({ soldCount: 5 }).where(eq(voucherOffers.id, id));
    const refused = await postOffer({ ...validForm, totalQuantity: "4" }, { offerId: id });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({
      errors: { totalQuantity: "Quantity can't be below the 5 already sold" },
    });
    const saved = await postOffer(
      { ...validForm, price: "20000", totalQuantity: "5", status: "paused" },
      { offerId: id },
    );
    expect(saved.status).toBe(200);
    expect(await offerRow(id)).toMatchObject({
      priceKobo: 2_000_000,
      totalQuantity: 5,
      status: "paused",
    });
    const stranger = await postOffer(validForm, { offerId: id, role: "ownerOfOther" });
    expect(stranger.status).toBe(404);
    const missing = await postOffer(validForm, { offerId: "vof_0000000000000000" });
    expect(missing.status).toBe(404);
  });
});

describe("the voucher marketplace", () => {
  let categorySlug: string;
  let abuja: { id: string; slug: string };
  const now = new Date("2026-11-26T10:00:00Z");

  /** An offer straight into the table: the marketplace reads what is there. */
  async function offer(
    fields: Partial<typeof voucherOffers.$inferInsert> & { businessId: string },
  ) {
    const id = newId("vof");
    await database.db.insert(voucherOffers).values({
      id,
      title: "Offer",
      valueKobo: 1_000_000,
      priceKobo: 800_000,
      validDays: 30,
      ...fields,
    });
    return id;
  }

  beforeAll(async () => {
    const category = await createCategory(database.db, { name: "Wellness Market" });
    categorySlug = category.slug;
    abuja = await createBusiness(database.db, {
      categoryId: category.id,
      name: "Abuja Glow",
      city: "Abuja",
    });
  });

  test("lists what is on sale, filtered and sorted, and pages through all of it", async () => {
    const cheap = await offer({ businessId: abuja.id, title: "Cheap", priceKobo: 200_000 });
    const generous = await offer({
      businessId: abuja.id,
      title: "Half off",
      valueKobo: 1_000_000,
      priceKobo: 500_000,
    });
    const ending = await offer({
      businessId: abuja.id,
      title: "Ends soon",
      validDays: null,
      validUntil: "2026-12-01",
    });
    // Not on sale: paused, ended, past its end, sold out, or its business suspended.
    await offer({ businessId: abuja.id, title: "Paused", status: "paused" });
    await offer({ businessId: abuja.id, title: "Ended", status: "ended" });
    await offer({ businessId: abuja.id, validDays: null, validUntil: "2026-11-25" });
    await offer({ businessId: abuja.id, totalQuantity: 3, soldCount: 3 });
    const hidden = await createBusiness(database.db, {
      categoryId: (await createCategory(database.db)).id,
      status: "suspended",
    });
    await offer({ businessId: hidden.id });

    const inCity = await listOffers(database.db, { city: "abuja" }, now);
    expect(inCity.items.map((item) => item.title).sort()).toEqual([
      "Cheap",
      "Ends soon",
      "Half off",
    ]);
    expect(inCity.items.find((item) => item.id === ending)).toMatchObject({
      validUntil: "2026-12-01",
      business: { name: "Abuja Glow", city: "Abuja" },
      category: { slug: categorySlug },
    });

    const own = await listOffers(database.db, { businessId: abuja.id }, now);
    expect(own.items.map((item) => item.id).sort()).toEqual([cheap, generous, ending].sort());

    const ids = async (filters: Parameters<typeof listOffers>[1]) =>
      (await listOffers(database.db, { city: "Abuja", ...filters }, now)).items.map((i) => i.id);
    expect(await ids({ sort: "price" })).toEqual([cheap, expect.any(String), expect.any(String)]);
    expect((await ids({ sort: "saving" }))[0]).toBe(cheap); // 80 % off
    expect((await ids({ sort: "ending" }))[0]).toBe(ending);
    expect(await ids({ expiringSoon: true })).toEqual([ending]);
    expect((await ids({ minSavingPercent: 50 })).sort()).toEqual([cheap, generous].sort());
    expect(await ids({ maxPriceKobo: 200_000 })).toEqual([cheap]);
    expect(await ids({ category: categorySlug, maxPriceKobo: 500_000, sort: "price" })).toEqual([
      cheap,
      generous,
    ]);
  });

  test("pages hold every offer once, in order, whatever the sort", async () => {
    const business = await createBusiness(database.db, {
      categoryId: (await createCategory(database.db)).id,
      city: "Ibadan",
    });
    const made: string[] = [];
    for (let i = 0; i < voucherPageSize + 5; i++) {
      // Ties on purpose (three prices): the id breaks them.
      made.push(await offer({ businessId: business.id, priceKobo: 100_000 * (1 + (i % 3)) }));
    }
    for (const sort of ["newest", "saving", "price", "ending"] as const) {
      const first = await listOffers(database.db, { city: "Ibadan", sort }, now);
      expect(first.items).toHaveLength(voucherPageSize);
      expect(first.nextCursor).not.toBeNull();
      const second = await listOffers(
        database.db,
        { city: "Ibadan", sort, after: first.nextCursor },
        now,
      );
      expect(second.nextCursor).toBeNull();
      const seen = [...first.items, ...second.items].map((item) => item.id);
      expect(new Set(seen).size).toBe(made.length);
      expect(seen.sort()).toEqual([...made].sort());
    }
  });

  test("an offer's page says why it isn't on sale, and a hidden business's offer is a 404", async () => {
    const onSale = await offer({ businessId: abuja.id, totalQuantity: 10, soldCount: 4 });
    expect(await findOffer(database.db, onSale, now)).toMatchObject({
      availability: "on-sale",
      remaining: 6,
    });
    const soldOut = await offer({ businessId: abuja.id, totalQuantity: 2, soldCount: 2 });
    expect((await findOffer(database.db, soldOut, now))?.availability).toBe("sold-out");
    const past = await offer({ businessId: abuja.id, validDays: null, validUntil: "2026-11-25" });
    expect((await findOffer(database.db, past, now))?.availability).toBe("expired");
    const paused = await offer({ businessId: abuja.id, status: "paused" });
    expect((await findOffer(database.db, paused, now))?.availability).toBe("paused");

    const page = await getFrom(database.db, offerPage, `/vouchers/${soldOut}`, {
      params: { id: soldOut },
    });
    expect(page.status).toBe(200);
    await database.db
      .update(businesses)
      .set({ status: "suspended" })
      .where(eq(businesses.id, abuja.id));
    try {
      const gone = await getFrom(database.db, offerPage, `/vouchers/${onSale}`, {
        params: { id: onSale },
      });
      expect(gone.status).toBe(404);
    } finally {
      await database.db
        .update(businesses)
        .set({ status: "active" })
        .where(eq(businesses.id, abuja.id));
    }
    const unknown = await getFrom(database.db, offerPage, "/vouchers/vof_nothing", {
      params: { id: "vof_nothing" },
    });
    expect(unknown.status).toBe(404);
  });

  test("/vouchers answers bad filters and forged cursors with a 400", async () => {
    for (const query of ["maxPrice=lots", "minSaving=33", "sort=random", "after=bm9wZQ"]) {
      const answer = await getFrom(database.db, marketplacePage, `/vouchers?${query}`);
      expect(answer.status, query).toBe(400);
    }
    const fine = await getFrom(database.db, marketplacePage, "/vouchers?city=Abuja&sort=saving");
    expect(fine.status).toBe(200);
  });
});
