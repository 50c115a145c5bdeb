import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { pointsEntries, users } from "#app/db/schema.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { getFrom, postTo, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import * as firstRewards from "./first-rewards.tsx";

let database: DatabaseHandle;
const db = () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(() => database.close());

type Page = Awaited<ReturnType<typeof firstRewards.loader>>["data"];

async function open(person: TestAccount | null) {
  const result = await getFrom(db(), firstRewards, "/first-rewards", { cookie: person?.cookie });
  return { ...result, page: result.data as Page };
}

const claim = (person: TestAccount | null, form: Record<string, string> = { intent: "claim" }) =>
  postTo(db(), firstRewards, "/first-rewards", form, { cookie: person?.cookie });

/** A shopper who signed up and opened the link in the confirmation email. */
async function confirmedShopper(email?: string) {
  const person = await signUpAs(db(), { email });
  await db().update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
  return person;
}

let made = 0;
const gmail = (local: string) => `${local}${++made}x${Date.now()}@gmail.com`;

describe("/first-rewards", () => {
  test("a guest sees the bonus and the way to an account; a guest's claim goes to sign in first", async () => {
    const guest = await open(null);
    expect(guest).toMatchObject({
      status: 200,
      page: { state: "guest", rules: { welcomeBonusPoints: 200, expiryMonths: 12 } },
    });
    expect(await claim(null)).toMatchObject({
      status: 302,
      location: "/Login?redirectTo=%2Ffirst-rewards",
    });
  });

  test("a shopper claims 200 points once; the second press is told it was already claimed", async () => {
    const ada = await confirmedShopper();
    expect((await open(ada)).page).toMatchObject({ state: "ready", available: 0 });
    expect(await claim(ada)).toMatchObject({ status: 200, data: { outcome: "claimed" } });
    expect((await open(ada)).page).toMatchObject({ state: "claimed", available: 200 });
    expect(await claim(ada)).toMatchObject({ status: 200, data: { outcome: "already-claimed" } });
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 200, pending: 0 });
  });

  test("a shopper whose email isn't confirmed is asked to confirm it, and a claim is refused", async () => {
    const ada = await signUpAs(db());
    expect((await open(ada)).page).toMatchObject({ state: "email-unconfirmed", email: ada.email });
    expect(await claim(ada)).toMatchObject({
      status: 403,
      data: {
        outcome: "refused",
        errors: { intent: "Confirm your email address first: open the link we sent you." },
      },
    });
    expect(await walletOf(db(), ada.userId)).toEqual({ available: 0, pending: 0 });
  });

  test("another account of the same Gmail mailbox finds the bonus taken", async () => {
    const address = gmail("jdoe");
    const first = await confirmedShopper(address);
    const [local, domain] = address.split("@");
    const second = await confirmedShopper(`${local?.replace("jd", "j.d")}+again@${domain}`);
    await claim(first);
    expect((await open(second)).page).toMatchObject({ state: "claimed-elsewhere" });
    expect(await claim(second)).toMatchObject({
      status: 200,
      data: { outcome: "claimed-elsewhere" },
    });
    expect(await walletOf(db(), second.userId)).toEqual({ available: 0, pending: 0 });
  });

  test("a form that isn't a claim answers 400 with the field's message, and credits nothing", async () => {
    const ada = await confirmedShopper();
    const forms: Record<string, string>[] = [{}, { intent: "claim-twice" }, { intent: "" }];
    for (const form of forms) {
      expect(await claim(ada, form)).toMatchObject({
        status: 400,
        data: { errors: { intent: "Press “Claim” to claim the welcome bonus." } },
      });
    }
    const entries = await db()
      .select()
      .from(pointsEntries)
      .where(eq(pointsEntries.userId, ada.userId));
    expect(entries).toEqual([]);
  });

  test("is private to the shopper", () => {
    expect(firstRewards.headers()).toEqual({ "Cache-Control": "private, no-store" });
  });
});
