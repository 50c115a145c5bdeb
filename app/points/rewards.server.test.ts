import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { InvalidPageCursorError } from "#app/db/page-cursor.server.ts";
import { users } from "#app/db/schema.server.ts";
import { formatNaira } from "#app/money.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { approveDuePoints, type PointsChange, recordPoints } from "./ledger.server.ts";
import {
  earningRules,
  expiringPoints,
  headerPoints,
  historyOf,
  koboPerPoint,
  rewardsOf,
  tierProgress,
} from "./rewards.server.ts";
import { pointsForKobo, tiers } from "./tiers.ts";

/** What /rewards and /benefits read, against a real database where it reads one. */
let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

async function shopper() {
  const id = newId("usr");
  await db()
    .insert(users)
    .values({ id, name: "Ada Obi", email: `${id}@example.com` });
  return id;
}

const record = (change: PointsChange, now = new Date()) =>
  db().transaction((tx) => recordPoints(tx, change, now));

const day = 24 * 60 * 60_000;

describe("the earning rules the pages explain", () => {
  test("one point costs ₦100, read back from what an order line earns", () => {
    expect(formatNaira(koboPerPoint)).toBe("₦100.00");
    expect(pointsForKobo(koboPerPoint)).toBe(1);
    expect(pointsForKobo(koboPerPoint - 1)).toBe(0);
  });

  test("are the product's numbers", () => {
    expect(earningRules).toEqual({
      koboPerPoint: 10_000,
      welcomeBonusPoints: 200,
      referralBonusPoints: 500,
      checkInPoints: 10,
      approvalDays: 7,
      expiryMonths: 12,
      expiryWarningDays: 30,
    });
  });
});

describe("tier progress", () => {
  test.each([
    [0, "Bronze", { tier: "Silver", from: 2_000, pointsToGo: 2_000, percent: 0 }],
    [1_999, "Bronze", { tier: "Silver", from: 2_000, pointsToGo: 1, percent: 99 }],
    [2_000, "Silver", { tier: "Gold", from: 10_000, pointsToGo: 8_000, percent: 0 }],
    [6_000, "Silver", { tier: "Gold", from: 10_000, pointsToGo: 4_000, percent: 50 }],
    [9_999, "Silver", { tier: "Gold", from: 10_000, pointsToGo: 1, percent: 99 }],
    [10_000, "Gold", null],
    [250_000, "Gold", null],
  ])("%i points earned in a year: %s", (earned, tier, next) => {
    expect(tierProgress(earned)).toEqual({ tier, earnedInYear: earned, next });
  });

  test("the thresholds are tiers.ts's", () => {
    expect(tiers.map((each) => [each.name, each.from])).toEqual([
      ["Bronze", 0],
      ["Silver", 2_000],
      ["Gold", 10_000],
    ]);
  });
});

describe("points expiring soon", () => {
  const now = new Date("2027-06-10T12:00:00Z");

  test("nothing when nothing is available, or nothing was ever earned or spent", () => {
    expect(
      expiringPoints({ available: 0, lastActivityAt: new Date("2026-06-20T00:00:00Z") }, now),
    ).toBeNull();
    expect(expiringPoints({ available: 50, lastActivityAt: null }, now)).toBeNull();
  });

  test("nothing until 30 days before the 12 months after the last activity", () => {
    // Expires 2027-07-11T12:00Z, 31 days away.
    const quiet = new Date("2026-07-11T12:00:00Z");
    expect(expiringPoints({ available: 300, lastActivityAt: quiet }, now)).toBeNull();
  });

  test("30 days before, the amount and the Lagos day they go", () => {
    // Expires 2027-07-09T23:30Z: already 10 July in Lagos.
    const quiet = new Date("2026-07-09T23:30:00Z");
    expect(expiringPoints({ available: 1_234, lastActivityAt: quiet }, now)).toEqual({
      points: 1_234,
      at: "2027-07-09T23:30:00.000Z",
      day: "10 Jul 2027",
      overdue: false,
    });
  });

  test("past the date, before the expiry job ran: expiring now", () => {
    const quiet = new Date("2026-06-01T00:00:00Z");
    expect(expiringPoints({ available: 80, lastActivityAt: quiet }, now)).toMatchObject({
      points: 80,
      overdue: true,
    });
  });
});

describe("a shopper's rewards", () => {
  test("a new shopper: nothing, Bronze, an empty history", async () => {
    const ada = await shopper();
    expect(await rewardsOf(db(), ada)).toEqual({
      available: 0,
      pending: 0,
      standing: {
        tier: "Bronze",
        earnedInYear: 0,
        next: { tier: "Silver", from: 2_000, pointsToGo: 2_000, percent: 0 },
      },
      expiring: null,
      history: [],
      nextCursor: null,
    });
  });

  test("balance, tier and history newest first, each with its business and Lagos day", async () => {
    const ada = await shopper();
    const someoneElse = await shopper();
    const category = await createCategory(db());
    const spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
    const paidAt = new Date("2026-12-01T23:30:00Z");
    await record(
      {
        userId: ada,
        kind: "earn",
        availableDelta: 200,
        cause: `welcome:${ada}`,
        note: "Welcome bonus",
      },
      new Date("2026-11-30T10:00:00Z"),
    );
    await record(
      {
        userId: ada,
        kind: "pending",
        pendingDelta: 2_500,
        cause: `order-line:ord_${ada}:0`,
        businessId: spa.id,
        note: "Order OJA-7K2M9QXA at Ewa Spa",
      },
      paidAt,
    );
    await record(
      { userId: someoneElse, kind: "earn", availableDelta: 999, cause: `welcome:${someoneElse}` },
      paidAt,
    );
    const now = new Date(paidAt.getTime() + 8 * day);
    await approveDuePoints(db(), now);
    const rewards = await rewardsOf(db(), ada, { now });
    expect(rewards).toMatchObject({
      available: 2_700,
      pending: 0,
      standing: { tier: "Silver", earnedInYear: 2_700, next: { tier: "Gold", pointsToGo: 7_300 } },
      expiring: null,
      nextCursor: null,
    });
    expect(rewards.history).toEqual([
      {
        id: expect.any(String),
        kind: "approve",
        availableDelta: 2_500,
        pendingDelta: -2_500,
        note: "Order OJA-7K2M9QXA at Ewa Spa",
        businessName: "Ewa Spa",
        at: now.toISOString(),
        day: "10 Dec 2026",
      },
      {
        id: expect.any(String),
        kind: "pending",
        availableDelta: 0,
        pendingDelta: 2_500,
        note: "Order OJA-7K2M9QXA at Ewa Spa",
        businessName: "Ewa Spa",
        at: paidAt.toISOString(),
        // 23:30 UTC is half past midnight the next day in Lagos.
        day: "2 Dec 2026",
      },
      {
        id: expect.any(String),
        kind: "earn",
        availableDelta: 200,
        pendingDelta: 0,
        note: "Welcome bonus",
        businessName: null,
        at: "2026-11-30T10:00:00.000Z",
        day: "30 Nov 2026",
      },
    ]);
  });

  test("the history pages 20 at a time, with no entry twice or missed, ties included", async () => {
    const ada = await shopper();
    const start = new Date("2026-10-01T08:00:00Z").getTime();
    for (let n = 0; n < 45; n++) {
      // Three entries share each instant: the cursor's id breaks the ties.
      await record(
        { userId: ada, kind: "earn", availableDelta: 10, cause: `check-in:${ada}:${n}` },
        new Date(start + Math.floor(n / 3) * 60_000),
      );
    }
    const seen: string[] = [];
    let after: string | undefined;
    const sizes: number[] = [];
    do {
      const page = await historyOf(db(), ada, { after });
      sizes.push(page.entries.length);
      seen.push(...page.entries.map((entry) => entry.id));
      after = page.nextCursor ?? undefined;
    } while (after);
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    const first = await historyOf(db(), ada);
    const times = first.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test("a page link that was not made by the history is refused", async () => {
    const ada = await shopper();
    await expect(rewardsOf(db(), ada, { after: "not-a-cursor" })).rejects.toBeInstanceOf(
      InvalidPageCursorError,
    );
    const forged = Buffer.from(JSON.stringify(["'; drop table x", "pte_1"])).toString("base64url");
    await expect(historyOf(db(), ada, { after: forged })).rejects.toBeInstanceOf(
      InvalidPageCursorError,
    );
  });

  test("points about to expire are shown with the wallet's last activity", async () => {
    const ada = await shopper();
    const earnedAt = new Date("2026-01-15T09:00:00Z");
    await record(
      { userId: ada, kind: "earn", availableDelta: 120, cause: `welcome:${ada}` },
      earnedAt,
    );
    const rewards = await rewardsOf(db(), ada, { now: new Date("2026-12-20T09:00:00Z") });
    expect(rewards.expiring).toEqual({
      points: 120,
      at: "2027-01-15T09:00:00.000Z",
      day: "15 Jan 2027",
      overdue: false,
    });
  });
});

describe("the header's balance", () => {
  test("is the points to spend, zero for someone who never earned", async () => {
    const ada = await shopper();
    const silent = { error: () => {} };
    expect(await headerPoints(db(), silent, ada)).toBe(0);
    await record({ userId: ada, kind: "earn", availableDelta: 1_234, cause: `welcome:${ada}` });
    await record({ userId: ada, kind: "pending", pendingDelta: 50, cause: `order-line:x${ada}:0` });
    expect(await headerPoints(db(), silent, ada)).toBe(1_234);
  });

  test("is left out, and the failure logged, when the wallet can't be read", async () => {
    const logged: unknown[] = [];
    const broken = {
      select: () => {
        throw new Error("connection lost");
      },
    } as unknown as Parameters<typeof headerPoints>[0];
    expect(
      await headerPoints(broken, { error: (...args: unknown[]) => logged.push(args) }, "usr_x"),
    ).toBeNull();
    expect(logged).toHaveLength(1);
  });
});
