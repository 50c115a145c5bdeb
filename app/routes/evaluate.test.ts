import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import * as evaluate from "./evaluate.tsx";
import * as evaluateNew from "./evaluate-new.tsx";
import * as myReviews from "./my-reviews.tsx";

/**
 * The review-writing pages through their loaders and actions: who may open them, field messages
 * for bad input (4xx, nothing written), a published review in the author's list, and another
 * shopper's review out of reach (404).
 */
let database: DatabaseHandle;
const db = () => database.db;
let ada: TestAccount;
let bola: TestAccount;
let business: { id: string; slug: string; name: string };

beforeAll(async () => {
  database = await createTestDatabase();
  ada = await signUpAs(db(), { name: "Ada Obi" });
  bola = await signUpAs(db(), { name: "Bola Ade" });
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
}, 60_000);

afterAll(() => database.close());

const newPath = () => `/evaluate/new?business=${business.slug}`;
const today = new Date().toISOString().slice(0, 10);

describe("/evaluate and /evaluate/new", () => {
  test("/evaluate finds businesses and offers those the shopper bought from", async () => {
    await createOrder(db(), { shopperId: ada.userId, businessId: business.id });
    const page = await getFrom(db(), evaluate, "/evaluate?q=ewa", { cookie: ada.cookie });
    expect(page.data).toMatchObject({
      found: [{ slug: business.slug, name: "Ewa Spa" }],
      recent: [{ slug: business.slug }],
    });
    const guest = await getFrom(db(), evaluate, "/evaluate");
    expect(guest.data).toMatchObject({ found: null, recent: [] });
  });

  test("writing asks to sign in; an unknown business goes back to /evaluate", async () => {
    expect(await getFrom(db(), evaluateNew, newPath())).toMatchObject({ status: 302 });
    expect(
      await getFrom(db(), evaluateNew, "/evaluate/new?business=nobody", { cookie: ada.cookie }),
    ).toMatchObject({ status: 302, location: "/evaluate" });
    expect(await getFrom(db(), evaluateNew, newPath(), { cookie: ada.cookie })).toMatchObject({
      status: 200,
      data: { business: { name: "Ewa Spa", verifiable: true } },
    });
  });

  test("bad input gets a message per field and writes nothing; a good review is published", async () => {
    const bad = await postTo(
      db(),
      evaluateNew,
      newPath(),
      { business: business.slug, stars: "9", title: "", body: "short", experiencedOn: "soon" },
      { cookie: ada.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: {
        stars: expect.any(String),
        title: expect.any(String),
        body: expect.any(String),
        experiencedOn: expect.any(String),
      },
    });
    const mine = () => getFrom(db(), myReviews, "/evaluate/_id", { cookie: ada.cookie });
    expect((await mine()).data).toMatchObject({ reviews: [] });
    const good = await postTo(
      db(),
      evaluateNew,
      newPath(),
      {
        business: business.slug,
        stars: "4",
        title: "Lovely afternoon",
        body: "Warm welcome, a good steam room and fair prices.",
        experiencedOn: today,
      },
      { cookie: ada.cookie },
    );
    expect(good).toMatchObject({ status: 302, location: `/evaluate/_id?written=${business.slug}` });
    expect((await mine()).data).toMatchObject({
      reviews: [{ title: "Lovely afternoon", stars: 4, verified: true }],
    });
  });
});

describe("/evaluate/_id", () => {
  test("a guest is asked to sign in; another shopper can't edit or delete the review", async () => {
    expect(await getFrom(db(), myReviews, "/evaluate/_id")).toMatchObject({ status: 302 });
    const list = await getFrom(db(), myReviews, "/evaluate/_id", { cookie: ada.cookie });
    const [review] = (list.data as { reviews: Array<{ id: string }> }).reviews;
    if (!review) throw new Error("Ada has no review");
    const edit = {
      intent: "edit",
      reviewId: review.id,
      stars: "1",
      title: "Changed by someone else",
      body: "This should never be saved on Ada's review.",
      experiencedOn: today,
    };
    expect(
      (await postTo(db(), myReviews, "/evaluate/_id", edit, { cookie: bola.cookie })).status,
    ).toBe(404);
    expect(
      (
        await postTo(
          db(),
          myReviews,
          "/evaluate/_id",
          { intent: "delete", reviewId: review.id },
          {
            cookie: bola.cookie,
          },
        )
      ).status,
    ).toBe(404);
    const again = await getFrom(db(), myReviews, "/evaluate/_id", { cookie: ada.cookie });
    expect(again.data).toMatchObject({ reviews: [{ title: "Lovely afternoon", stars: 4 }] });
  });
});
