import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { auditEvents, users } from "#app/db/schema.server.ts";
import { recordPoints, walletOf } from "#app/points/ledger.server.ts";
import { pointsEntries } from "#app/points/schema.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { lookUpRewardCode, redeemReward, redemptionsOf, useRewardCode } from "./redeem.server.ts";
import { addRewardCodes, createReward, type RewardOwner } from "./rewards.server.ts";
import { rewardCodes, rewards } from "./schema.server.ts";
import { browseRewards, rewardDetail, searchRewards, shopFront } from "./shop.server.ts";

/**
 * Rewards against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): made by admins
 * and businesses, redeemed by shoppers under concurrency, handed over by staff.
 */
let database: DatabaseHandle;
const db = () => database.db;
const now = new Date("2026-12-01T09:00:00Z");
const request = new Request("http://oja.test/");
let categoryId: string;
let businessId: string;
const admin = { id: "" };

beforeAll(async () => {
  database = await createTestDatabase();
  categoryId = (await createCategory(db(), { name: "Spas & Wellness" })).id;
  businessId = (await createBusiness(db(), { categoryId, name: "Ewa Spa" })).id;
  admin.id = (await shopper(0)).id;
}, 60_000);

afterAll(async () => {
  await database.close();
});

let made = 0;
async function shopper(points: number) {
  made += 1;
  const id = newId("usr");
  await db()
    .insert(users)
    .values({ id, name: `Ada Obi ${made}`, email: `ada${made}@example.com`, emailVerified: true });
  if (points > 0) {
    await db().transaction((tx) =>
      recordPoints(tx, { userId: id, kind: "earn", availableDelta: points, cause: `gift:${id}` }),
    );
  }
  return { id };
}

const platform = (): RewardOwner => ({ kind: "platform", actorId: admin.id, request });
const business = (): RewardOwner => ({ kind: "business", businessId, actorId: admin.id, request });

function rewardForm(fields: Record<string, string>) {
  const form = new FormData();
  const all = { name: "₦500 MTN airtime", pointsCost: "500", startsOn: "2026-12-01", ...fields };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  return form;
}

async function platformReward(codes: number, fields: Record<string, string> = {}) {
  const result = await createReward(
    db(),
    platform(),
    rewardForm({
      kind: "airtime",
      codes: Array.from(
        { length: codes },
        (_, index) => `PIN-${made}-${index}-${secretToken().slice(0, 6)}`,
      ).join("\n"),
      ...fields,
    }),
    null,
    now,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rewardId;
}

async function businessReward(fields: Record<string, string> = {}) {
  const result = await createReward(
    db(),
    business(),
    rewardForm({ name: "Free manicure", pointsCost: "1500", ...fields }),
    null,
    now,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.rewardId;
}

const press = (rewardId: string) => ({ rewardId, requestKey: secretToken() });

describe("making rewards", () => {
  test("a platform reward's stock is its pool; a business reward takes its business's category", async () => {
    const airtime = await platformReward(3);
    const [row] = await db().select().from(rewards).where(eq(rewards.id, airtime));
    expect(row).toMatchObject({ stock: 3, kind: "airtime", businessId: null, categoryId: null });
    const manicure = await businessReward({ stock: "" });
    const [own] = await db().select().from(rewards).where(eq(rewards.id, manicure));
    expect(own).toMatchObject({ stock: null, kind: "business", businessId, categoryId });
  });

  test("bad input is refused field by field and writes nothing", async () => {
    const before = await db().select().from(rewards);
    const result = await createReward(
      db(),
      platform(),
      rewardForm({
        name: "x",
        pointsCost: "0",
        kind: "cash",
        codes: "ok-code\nnot a code!",
        category: "cat_nope",
      }),
      null,
      now,
    );
    expect(result).toMatchObject({ ok: false, status: 400 });
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ["codes", "kind", "name", "pointsCost"].sort(),
    );
    // A first day in the past, and a last day before the first.
    const days = await createReward(
      db(),
      business(),
      rewardForm({ startsOn: "2026-11-30", endsOn: "2026-11-01" }),
      null,
      now,
    );
    expect(days).toMatchObject({
      ok: false,
      status: 400,
      errors: { startsOn: "First day can't be in the past" },
    });
    const backwards = await createReward(
      db(),
      business(),
      rewardForm({ startsOn: "2026-12-05", endsOn: "2026-12-04" }),
      null,
      now,
    );
    expect(backwards).toMatchObject({
      ok: false,
      errors: { endsOn: "Last day can't be before the first" },
    });
    const unknownCategory = await createReward(
      db(),
      business(),
      rewardForm({ category: "cat_nope" }),
      null,
      now,
    );
    expect(unknownCategory).toMatchObject({
      ok: false,
      status: 400,
      errors: { category: expect.any(String) },
    });
    expect(await db().select().from(rewards)).toHaveLength(before.length);
  });

  test("codes added to the pool count once, and only the platform's rewards take them", async () => {
    const airtime = await platformReward(1);
    const form = new FormData();
    form.set("codes", "EXTRA-1\nEXTRA-2\nEXTRA-1\n\n");
    expect(await addRewardCodes(db(), platform() as never, airtime, form, now)).toEqual({
      ok: true,
      added: 2,
      skipped: 0,
    });
    expect(await addRewardCodes(db(), platform() as never, airtime, form, now)).toEqual({
      ok: true,
      added: 0,
      skipped: 2,
    });
    // Each top-up is in the audit log, with how many codes it added.
    const topUps = await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "reward.codes-added"), eq(auditEvents.subjectId, airtime)));
    expect(topUps.map((event) => event.details)).toEqual(
      expect.arrayContaining([
        { reward: airtime, added: 2 },
        { reward: airtime, added: 0 },
      ]),
    );
    const [row] = await db().select().from(rewards).where(eq(rewards.id, airtime));
    expect(row?.stock).toBe(3);
    const manicure = await businessReward();
    expect(await addRewardCodes(db(), platform() as never, manicure, form, now)).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("redeeming", () => {
  test("debits the ledger, hands out a pool code and takes the stock, in one go", async () => {
    const airtime = await platformReward(2, { pointsCost: "400" });
    const ada = await shopper(1000);
    const result = await redeemReward(db(), ada.id, press(airtime), now);
    expect(result).toMatchObject({ ok: true, replayed: false, wallet: { available: 600 } });
    if (!result.ok) return;
    const [code] = await db()
      .select()
      .from(rewardCodes)
      .where(eq(rewardCodes.redemptionId, result.redemption.id));
    expect(result.redemption.code).toBe(code?.code);
    expect((await db().select().from(rewards).where(eq(rewards.id, airtime)))[0]?.stock).toBe(1);
    const [entry] = await db()
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.cause, `reward:${result.redemption.id}`));
    expect(entry).toMatchObject({
      kind: "spend",
      availableDelta: -400,
      note: "Reward: ₦500 MTN airtime",
    });
    expect(await redemptionsOf(db(), ada.id)).toEqual([result.redemption]);
  });

  test("100 concurrent redemptions of the last 5 units give exactly 5", async () => {
    const airtime = await platformReward(5, { pointsCost: "100" });
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => shopper(100)));
    const results = await Promise.all(
      shoppers.map((person) => redeemReward(db(), person.id, press(airtime), now)),
    );
    const won = results.filter((result) => result.ok);
    expect(won).toHaveLength(5);
    expect(
      results.filter((result) => !result.ok).every((result) => !result.ok && result.status === 409),
    ).toBe(true);
    expect((await db().select().from(rewards).where(eq(rewards.id, airtime)))[0]?.stock).toBe(0);
    const handedOut = new Set(won.map((result) => (result.ok ? result.redemption.code : "")));
    expect(handedOut.size).toBe(5);
    const spent = await Promise.all(shoppers.map((person) => walletOf(db(), person.id)));
    expect(spent.filter((wallet) => wallet.available === 0)).toHaveLength(5);
  });

  test("a press sent twice, even at once, debits once and answers the same redemption", async () => {
    const manicure = await businessReward({ pointsCost: "300" });
    const ada = await shopper(1000);
    const key = press(manicure);
    const [first, second] = await Promise.all([
      redeemReward(db(), ada.id, key, now),
      redeemReward(db(), ada.id, key, now),
    ]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect(first.redemption).toEqual(second.redemption);
    expect([first.replayed, second.replayed].sort()).toEqual([false, true]);
    expect(await walletOf(db(), ada.id)).toEqual({ available: 700, pending: 0 });
  });

  test("never takes a balance below zero, nor past the per-shopper limit", async () => {
    const manicure = await businessReward({ pointsCost: "600", perShopperLimit: "1" });
    const poor = await shopper(599);
    expect(await redeemReward(db(), poor.id, press(manicure), now)).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: "This reward needs 600 points; you have 599 to spend." },
    });
    expect(await walletOf(db(), poor.id)).toEqual({ available: 599, pending: 0 });
    const rich = await shopper(5000);
    expect(await redeemReward(db(), rich.id, press(manicure), now)).toMatchObject({ ok: true });
    expect(await redeemReward(db(), rich.id, press(manicure), now)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await walletOf(db(), rich.id)).toEqual({ available: 4400, pending: 0 });
  });

  test("refuses what isn't on offer, an unknown reward and a stale form", async () => {
    const later = await businessReward({ startsOn: "2026-12-10" });
    const ada = await shopper(5000);
    expect(await redeemReward(db(), ada.id, press(later), now)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await redeemReward(db(), ada.id, press("rwd_nope"), now)).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await redeemReward(db(), ada.id, { rewardId: later, requestKey: "x" }, now),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await walletOf(db(), ada.id)).toEqual({ available: 5000, pending: 0 });
  });
});

describe("the shop's lists", () => {
  test("browse filters by kind and points, search forgives a typo, the front shows what's affordable", async () => {
    const data = await platformReward(2, {
      kind: "data",
      name: "1GB Glo data bundle",
      pointsCost: "250",
    });
    const browsed = await browseRewards(db(), { kind: "data", maxPoints: 300 }, now);
    expect(browsed.items.map((card) => card.id)).toContain(data);
    expect(browsed.items.every((card) => card.kind === "data" && card.pointsCost <= 300)).toBe(
      true,
    );
    const found = await searchRewards(db(), "glo bundel", 0, now);
    expect(found.items.map((card) => card.id)).toContain(data);
    expect((await searchRewards(db(), "zzqx", 0, now)).items).toEqual([]);
    const front = await shopFront(db(), 260, now);
    expect(front.affordable.every((card) => card.pointsCost <= 260)).toBe(true);
    expect(front.affordable.map((card) => card.id)).toContain(data);
    expect(await rewardDetail(db(), data, now)).toMatchObject({ onOffer: true, left: 2 });
  });
});

describe("a business reward at the till", () => {
  test("is found only by its own business and handed over once", async () => {
    const manicure = await businessReward({ pointsCost: "100" });
    const ada = await shopper(100);
    const result = await redeemReward(db(), ada.id, press(manicure), now);
    if (!result.ok) throw new Error("not redeemed");
    const typed = result.redemption.code.toLowerCase().replace(/(.{4})/g, "$1 ");
    expect(await lookUpRewardCode(db(), businessId, typed)).toMatchObject({
      status: "issued",
      name: "Free manicure",
    });
    const otherCategory = await createCategory(db());
    const other = await createBusiness(db(), { categoryId: otherCategory.id });
    expect(await lookUpRewardCode(db(), other.id, typed)).toBeNull();
    const actor = { businessId, actorId: admin.id, request };
    expect(await useRewardCode(db(), { ...actor, businessId: other.id }, typed, now)).toMatchObject(
      { ok: false, status: 404 },
    );
    const [once, twice] = await Promise.all([
      useRewardCode(db(), actor, typed, now),
      useRewardCode(db(), actor, typed, now),
    ]);
    expect([once.ok, twice.ok].sort()).toEqual([false, true]);
    expect(await lookUpRewardCode(db(), businessId, typed)).toMatchObject({ status: "used" });
  });
});
