import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { walletOf } from "./ledger.server.ts";
import { pointsEntries } from "./schema.server.ts";
import { claimWelcomeBonus, welcomeBonusPoints, welcomeClaimed } from "./welcome.server.ts";

/** The welcome bonus against a real database: once per mailbox, whatever the accounts. */
let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

let made = 0;

/** A shopper; `local` makes the address (Gmail by default), unique per test run. */
async function shopper(local?: string, options: { verified?: boolean; domain?: string } = {}) {
  made += 1;
  const id = newId("usr");
  const email = `${local ?? `ada${made}`}@${options.domain ?? "gmail.com"}`;
  await db()
    .insert(users)
    .values({ id, name: "Ada Obi", email, emailVerified: options.verified ?? true });
  return { id, email, emailVerified: options.verified ?? true };
}

describe("the welcome bonus", () => {
  test("is 200 points, available at once, with a note for the history", async () => {
    const ada = await shopper();
    const now = new Date("2026-12-01T09:00:00Z");
    expect(await welcomeClaimed(db(), ada)).toEqual({ claimed: false });
    expect(await claimWelcomeBonus(db(), ada, now)).toEqual({
      status: "claimed",
      wallet: { available: welcomeBonusPoints, pending: 0 },
    });
    expect(welcomeBonusPoints).toBe(200);
    expect(await walletOf(db(), ada.id)).toEqual({ available: 200, pending: 0 });
    const [entry] = await db().select().from(pointsEntries).where(eq(pointsEntries.userId, ada.id));
    expect(entry).toMatchObject({
      kind: "earn",
      availableDelta: 200,
      pendingDelta: 0,
      note: "Welcome bonus",
      businessId: null,
    });
    expect(await welcomeClaimed(db(), ada)).toEqual({
      claimed: true,
      byThisAccount: true,
      claimedAt: now,
    });
  });

  test("a second claim is told it was already claimed and credits nothing", async () => {
    const ada = await shopper();
    await claimWelcomeBonus(db(), ada);
    expect(await claimWelcomeBonus(db(), ada)).toEqual({
      status: "already-claimed",
      byThisAccount: true,
      wallet: { available: 200, pending: 0 },
    });
    expect(await walletOf(db(), ada.id)).toEqual({ available: 200, pending: 0 });
  });

  test("a second account of the same Gmail mailbox (j.doe+x vs jdoe) gets nothing", async () => {
    const n = ++made;
    const first = await shopper(`jdoe${n}`);
    const second = await shopper(`j.doe${n}+x`);
    await claimWelcomeBonus(db(), first);
    expect(await claimWelcomeBonus(db(), second)).toEqual({
      status: "already-claimed",
      byThisAccount: false,
      wallet: { available: 0, pending: 0 },
    });
    expect(await welcomeClaimed(db(), second)).toMatchObject({
      claimed: true,
      byThisAccount: false,
    });
    expect(await walletOf(db(), second.id)).toEqual({ available: 0, pending: 0 });
  });

  test("an address not confirmed yet can't claim, so nobody takes another person's bonus", async () => {
    const squatter = await shopper(undefined, { verified: false });
    expect(await claimWelcomeBonus(db(), squatter)).toEqual({ status: "email-unconfirmed" });
    expect(await walletOf(db(), squatter.id)).toEqual({ available: 0, pending: 0 });
    expect(await welcomeClaimed(db(), squatter)).toEqual({ claimed: false });
  });

  test("50 claims of the same person at once credit once", async () => {
    const ada = await shopper();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => claimWelcomeBonus(db(), ada)),
    );
    expect(results.filter((result) => result.status === "claimed")).toHaveLength(1);
    expect(results.filter((result) => result.status === "already-claimed")).toHaveLength(49);
    expect(await walletOf(db(), ada.id)).toEqual({ available: 200, pending: 0 });
    const entries = await db().select().from(pointsEntries).where(eq(pointsEntries.userId, ada.id));
    expect(entries).toHaveLength(1);
  });

  test("claims from two accounts of one mailbox at once credit one of them", async () => {
    const n = ++made;
    const one = await shopper(`ngozi${n}`, { domain: "googlemail.com" });
    const other = await shopper(`ngozi${n}+shop`, { domain: "gmail.com" });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => claimWelcomeBonus(db(), n % 2 ? one : other)),
    );
    expect(results.filter((result) => result.status === "claimed")).toHaveLength(1);
    const wallets = [await walletOf(db(), one.id), await walletOf(db(), other.id)];
    expect(wallets.map((wallet) => wallet.available).sort()).toEqual([0, 200]);
  });
});
