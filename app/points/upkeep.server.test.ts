import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { emailOutbox, users } from "#app/db/schema.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { type PointsChange, recordPoints, walletOf } from "./ledger.server.ts";
import { runPointsUpkeep } from "./upkeep.server.ts";

/**
 * The points' scheduled work on a real database: approval after 7 days, one warning email 30
 * days before points expire (again only after a new quiet spell), the expiry itself, and two
 * runs at the same moment doing each thing once.
 */
let database: DatabaseHandle;
const db = () => database.db;
const context = () => ({ db: db(), publicUrl: "https://oja.test" });
const day = 24 * 60 * 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

async function shopper() {
  const id = newId("usr");
  const email = `${id}@example.com`;
  await db().insert(users).values({ id, name: "Ada Obi", email });
  return { id, email };
}

const record = (change: PointsChange, now: Date) =>
  db().transaction((tx) => recordPoints(tx, change, now));

const warningsTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "points-expiring")));

describe("points upkeep", () => {
  test("approves pending points after 7 days, once, however many instances run it", async () => {
    const ada = await shopper();
    const paidAt = new Date("2026-03-02T09:00:00Z");
    await record(
      { userId: ada.id, kind: "pending", pendingDelta: 120, cause: `order-line:o1${ada.id}:0` },
      paidAt,
    );
    await runPointsUpkeep(context(), new Date(paidAt.getTime() + 6 * day));
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 120 });
    await Promise.all([
      runPointsUpkeep(context(), new Date(paidAt.getTime() + 7 * day + 1)),
      runPointsUpkeep(context(), new Date(paidAt.getTime() + 7 * day + 1)),
    ]);
    expect(await walletOf(db(), ada.id)).toEqual({ available: 120, pending: 0 });
  });

  test("warns once 30 days before the points expire, again after a new spell, then expires them", async () => {
    const ada = await shopper();
    const earnedAt = new Date("2025-01-10T12:00:00Z");
    await record(
      { userId: ada.id, kind: "earn", availableDelta: 1_250, cause: `welcome:${ada.id}` },
      earnedAt,
    );
    // 31 days before the end (2026-01-10): not yet.
    await runPointsUpkeep(context(), new Date("2025-12-10T11:00:00Z"));
    expect(await warningsTo(ada.email)).toHaveLength(0);
    // 29 days before, twice at once and once more later: one email.
    await Promise.all([
      runPointsUpkeep(context(), new Date("2025-12-12T12:00:00Z")),
      runPointsUpkeep(context(), new Date("2025-12-12T12:00:00Z")),
    ]);
    await runPointsUpkeep(context(), new Date("2025-12-20T12:00:00Z"));
    const [warning, ...others] = await warningsTo(ada.email);
    expect(others).toHaveLength(0);
    expect(warning?.subject).toBe("Your 1,250 Oja points expire on 10 Jan 2026");
    expect(warning?.text).toContain("https://oja.test/rewards");

    // Earning again starts a new spell: nothing expires, and its own warning comes a year on.
    const again = new Date("2025-12-21T12:00:00Z");
    await record(
      { userId: ada.id, kind: "earn", availableDelta: 10, cause: `check-in:${ada.id}` },
      again,
    );
    await runPointsUpkeep(context(), new Date("2026-01-11T12:00:00Z"));
    expect(await walletOf(db(), ada.id)).toEqual({ available: 1_260, pending: 0 });
    await runPointsUpkeep(context(), new Date("2026-11-25T12:00:00Z"));
    expect(await warningsTo(ada.email)).toHaveLength(2);

    await runPointsUpkeep(context(), new Date("2026-12-22T12:00:00Z"));
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 0 });
    expect(await warningsTo(ada.email)).toHaveLength(2);
  });
});
