import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { users } from "#app/db/schema.server.ts";
import { recordPoints } from "#app/points/ledger.server.ts";
import { claimWelcomeBonus } from "#app/points/welcome.server.ts";
import { getFrom, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as root from "../root.tsx";
import * as me from "./api-me.ts";
import * as benefits from "./benefits.tsx";
import * as rewards from "./rewards.tsx";

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(() => database.close());

type Page = Awaited<ReturnType<typeof rewards.loader>>["data"];

async function open(person: TestAccount, path = "/rewards") {
  const result = await getFrom(db(), rewards, path, { cookie: person.cookie });
  return { ...result, page: result.data as Page };
}

async function welcomed(person: TestAccount) {
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
  await claimWelcomeBonus(db(), { id: person.userId, email: person.email, emailVerified: true });
}

describe("/rewards", () => {
  test("a guest is sent to sign in, and back to /rewards afterwards", async () => {
    const page = await getFrom(db(), rewards, "/rewards?after=abc");
    expect(page).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2Frewards%3Fafter%3Dabc",
    });
  });

  test("a new shopper sees no points, Bronze, an empty history and the welcome bonus to claim", async () => {
    const ada = await signUpAs(db());
    const { status, page } = await open(ada);
    expect(status).toBe(200);
    expect(page).toMatchObject({
      available: 0,
      pending: 0,
      standing: { tier: "Bronze", next: { tier: "Silver", pointsToGo: 2_000 } },
      history: [],
      expiring: null,
      welcomeClaimed: false,
      olderPage: false,
      rules: { welcomeBonusPoints: 200, approvalDays: 7 },
    });
  });

  test("after the welcome bonus: 200 to spend and the entry in the history, nobody else's", async () => {
    const ada = await signUpAs(db());
    const bola = await signUpAs(db(), { name: "Bola Ade" });
    await welcomed(ada);
    await db().transaction((tx) =>
      recordPoints(tx, {
        userId: bola.userId,
        kind: "earn",
        availableDelta: 40,
        cause: `check-in:${bola.userId}:1`,
        note: "Check-in",
      }),
    );
    const { page } = await open(ada);
    expect(page).toMatchObject({ available: 200, pending: 0, welcomeClaimed: true });
    expect(page.history).toMatchObject([
      { kind: "earn", availableDelta: 200, note: "Welcome bonus", businessName: null },
    ]);
  });

  test("a broken page link answers 400 with what to do", async () => {
    const ada = await signUpAs(db());
    const result = await open(ada, "/rewards?after=%7Bnot-a-cursor");
    expect(result).toMatchObject({
      status: 400,
      data: {
        message: "This page link is broken or out of date. Start again from the first page.",
      },
    });
  });

  test("is private to the shopper", () => {
    expect(rewards.headers()).toEqual({ "Cache-Control": "private, no-store" });
  });
});

describe("the header's points balance", () => {
  test("comes with the signed-in user from the root loader and from /api/me, never for a guest", async () => {
    const ada = await signUpAs(db());
    await welcomed(ada);
    const signedIn = await getFrom(db(), root, "/profile", { cookie: ada.cookie });
    expect(signedIn.data).toMatchObject({
      user: { name: "Ada Obi", role: "shopper", points: 200 },
      userUnknown: false,
    });
    const guest = await getFrom(db(), root, "/");
    expect(guest.data).toMatchObject({ user: null });
    const asked = await getFrom(db(), me, "/api/me", { cookie: ada.cookie });
    expect(asked.data).toEqual({ user: { name: "Ada Obi", role: "shopper", points: 200 } });
    expect((await getFrom(db(), me, "/api/me")).data).toEqual({ user: null });
  });
});

describe("/benefits", () => {
  test("reads no session and no query: the same rules for everyone", () => {
    expect(benefits.loader()).toEqual({
      rules: {
        koboPerPoint: 10_000,
        welcomeBonusPoints: 200,
        referralBonusPoints: 500,
        checkInPoints: 10,
        approvalDays: 7,
        expiryMonths: 12,
        expiryWarningDays: 30,
      },
    });
  });
});
