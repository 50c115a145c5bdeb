import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { checkIn, posterOf } from "#app/checkins/check-ins.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { businessMembers } from "#app/db/schema.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import * as cardPage from "#app/routes/loyalty-card.tsx";
import * as settingsPage from "#app/routes/vendor-loyalty.tsx";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import { giveStampReward, loyaltyCard, saveProgram } from "./loyalty.server.ts";

/**
 * Loyalty cards on a real database: visits (a day with a check-in and an order counts once, a
 * refunded order not at all), points earned at the business, the stamp reward given only from a
 * full card and once for two clicks, and who may open a card (the shopper and the business's
 * team; anyone else 404) or set the reward (managers and up, with field messages for bad input).
 */
let database: DatabaseHandle;
const db = () => database.db;
const secret = "test-secret-that-is-at-least-32-characters-long";
let business: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };
let ada: TestAccount;
let bola: TestAccount;
let staff: TestAccount;
let manager: TestAccount;
let outsider: TestAccount;

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  business = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  other = await createBusiness(db(), { categoryId: category.id, name: "Other Spa" });
  [ada, bola, staff, manager, outsider] = (await Promise.all(
    ["Ada Obi", "Bola Ade", "Chidi Staff", "Dayo Manager", "Efe Other"].map((name) =>
      signUpAs(db(), { name }),
    ),
  )) as [TestAccount, TestAccount, TestAccount, TestAccount, TestAccount];
  await db()
    .insert(businessMembers)
    .values([
      { businessId: business.id, userId: staff.userId, role: "staff" },
      { businessId: business.id, userId: manager.userId, role: "manager" },
      { businessId: other.id, userId: outsider.userId, role: "owner" },
    ]);
}, 60_000);

afterAll(() => database.close());

const noon = (day: string) => new Date(`${day}T11:00:00Z`);

async function visit(person: TestAccount, day: string) {
  const at = noon(day);
  const token =
    new URL((await posterOf(db(), secret, business, "https://oja.test", at)).url).searchParams.get(
      "t",
    ) ?? "";
  return checkIn(db(), secret, { userId: person.userId, business, token }, at);
}

describe("the card", () => {
  test("visits are days with a check-in or a paid order; points are those earned here", async () => {
    await visit(ada, "2026-11-20");
    await visit(ada, "2026-11-21");
    // A paid order on a day with a check-in counts once; a refunded one not at all.
    await createOrder(db(), {
      shopperId: ada.userId,
      businessId: business.id,
      order: { paidAt: noon("2026-11-21") },
    });
    await createOrder(db(), {
      shopperId: ada.userId,
      businessId: business.id,
      order: { paidAt: noon("2026-11-22") },
    });
    await createOrder(db(), {
      shopperId: ada.userId,
      businessId: business.id,
      status: "refunded",
      order: { paidAt: noon("2026-11-23") },
    });
    // Points elsewhere don't count here.
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: ada.userId,
        kind: "earn",
        availableDelta: 99,
        cause: `elsewhere:${ada.userId}`,
        businessId: other.id,
      }),
    );
    expect(await loyaltyCard(db(), business.id, ada.userId)).toMatchObject({
      visits: 3,
      points: 20,
      program: null,
      stamps: 3,
      rewardsReady: 0,
    });
  });

  test("a full card's reward is given once, and the card starts again", async () => {
    await saveProgram(db(), business.id, { stampsNeeded: 2, reward: "A free pedicure" });
    await visit(bola, "2026-11-20");
    expect(await giveStampReward(db(), business.id, bola.userId, staff.userId)).toMatchObject({
      ok: false,
      message: "The card has 1 of 2 visits: not full yet.",
    });
    await visit(bola, "2026-11-21");
    const clicks = await Promise.all([
      giveStampReward(db(), business.id, bola.userId, staff.userId),
      giveStampReward(db(), business.id, bola.userId, staff.userId),
    ]);
    expect(clicks.filter((click) => click.ok)).toHaveLength(1);
    expect(await loyaltyCard(db(), business.id, bola.userId)).toMatchObject({
      visits: 2,
      stamps: 0,
      rewardsReady: 0,
      given: [{ reward: "A free pedicure" }],
    });
  });
});

describe("the pages", () => {
  const cardOf = (person: TestAccount, slug = business.slug) => ({
    path: `/${slug}/rewards/${person.userId}`,
    options: {
      pattern: "/:id/rewards/:user",
      params: { id: slug, user: person.userId },
    },
  });

  test("the shopper and the business's team open the card; anyone else gets a 404", async () => {
    const card = cardOf(ada);
    const as = (viewer: TestAccount) =>
      getFrom(db(), cardPage, card.path, { ...card.options, cookie: viewer.cookie });
    expect(await as(ada)).toMatchObject({ status: 200, data: { own: true, canGive: false } });
    expect(await as(staff)).toMatchObject({ status: 200, data: { own: false, canGive: true } });
    expect((await as(bola)).status).toBe(404);
    expect((await as(outsider)).status).toBe(404);
    const elsewhere = cardOf(ada, other.slug);
    expect(
      (
        await getFrom(db(), cardPage, elsewhere.path, {
          ...elsewhere.options,
          cookie: staff.cookie,
        })
      ).status,
    ).toBe(404);
    expect((await getFrom(db(), cardPage, card.path, card.options)).status).toBe(302);
    // The shopper can't give themself the reward.
    expect(
      (await postTo(db(), cardPage, card.path, {}, { ...card.options, cookie: ada.cookie })).status,
    ).toBe(404);
  });

  test("managers set the stamp reward, with a message per bad field; staff can't", async () => {
    const path = `/vendor/${business.slug}/loyalty`;
    const options = { pattern: "/vendor/:business/loyalty", params: { business: business.slug } };
    expect(
      (await getFrom(db(), settingsPage, path, { ...options, cookie: staff.cookie })).status,
    ).toBe(404);
    const bad = await postTo(
      db(),
      settingsPage,
      path,
      { intent: "save", stampsNeeded: "1.5", reward: "\u0000" },
      { ...options, cookie: manager.cookie },
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      errors: { stampsNeeded: expect.any(String), reward: expect.any(String) },
    });
    const saved = await postTo(
      db(),
      settingsPage,
      path,
      { intent: "save", stampsNeeded: "8", reward: "A free manicure" },
      { ...options, cookie: manager.cookie },
    );
    expect(saved).toMatchObject({ status: 200, data: { saved: "saved" } });
    expect((await loyaltyCard(db(), business.id, ada.userId)).program).toEqual({
      stampsNeeded: 8,
      reward: "A free manicure",
    });
  });
});
