import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { users } from "#app/db/schema.server.ts";
import { orders } from "#app/orders/schema.server.ts";
import { walletOf } from "#app/points/ledger.server.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createOrder } from "#tests/support/orders.ts";
import {
  decideReferral,
  heldReferrals,
  maxQualifiedPerMonth,
  newReferralCode,
  readReferralCode,
  referralCodeOf,
  referralsOf,
  referrerOfCode,
  reverseReferralOfRefundedCheckout,
  reviewHeldReferral,
} from "./referrals.server.ts";

/**
 * Referrals on a real database: one code per shopper however many first visits at once, the
 * decision at the friend's first paid order (500 pending points each, once), the abuse rules
 * (the referrer's own mailbox under another spelling, a person referred before, a referrer past
 * 50 a month held for review), the review, and a refunded first order taking the points back.
 */
let database: DatabaseHandle;
const db = () => database.db;
let businessId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  businessId = (await createBusiness(db(), { categoryId: category.id })).id;
}, 60_000);

afterAll(async () => {
  await database.close();
});

async function person(email: string, name = "Ada Obi", referredByCode?: string) {
  const id = newId("usr");
  await db().insert(users).values({ id, name, email: email.toLowerCase(), referredByCode });
  return { id, name, email };
}

let emails = 0;
function uniqueEmail(local = "friend") {
  emails += 1;
  return `${local}${emails}@example.com`;
}

/** The friend's first order paid: the decision confirmPayment makes, at `now`. */
async function firstOrderPaid(friendId: string, now = new Date()) {
  const { checkoutId, orderId } = await createOrder(db(), { shopperId: friendId, businessId });
  const status = await db().transaction((tx) => decideReferral(tx, friendId, checkoutId, now));
  return { status, checkoutId, orderId };
}

describe("referral codes", () => {
  test("a code reads forgivingly and has the first name's letters", () => {
    expect(newReferralCode("Ṣadé Bello")).toMatch(/^SADE-[2-9A-HJKMNP-TV-Z]{5}$/);
    expect(newReferralCode("  ")).toMatch(/^OJA-/);
    expect(readReferralCode(" ada-7k2mq ")).toBe("ADA-7K2MQ");
    expect(readReferralCode("ADA-7K2M")).toBeNull();
    expect(readReferralCode("ADA-7K2MQ'; drop")).toBeNull();
  });

  test("one code per shopper, however many first visits at once", async () => {
    const ada = await person(uniqueEmail("ada"));
    const codes = await Promise.all(Array.from({ length: 10 }, () => referralCodeOf(db(), ada)));
    expect(new Set(codes).size).toBe(1);
    expect(await referrerOfCode(db(), codes[0]?.toLowerCase() ?? "")).toMatchObject({
      userId: ada.id,
    });
    expect(await referrerOfCode(db(), "NOBODY-22222")).toBeNull();
  });
});

describe("deciding a referral at the friend's first paid order", () => {
  test("qualified: 500 pending points to each side, once, whatever pays next", async () => {
    const ada = await person(uniqueEmail("ada"));
    const code = await referralCodeOf(db(), ada);
    const bola = await person(uniqueEmail("bola"), "Bola Ade", code);
    expect((await firstOrderPaid(bola.id)).status).toBe("qualified");
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 500 });
    expect(await walletOf(db(), bola.id)).toEqual({ available: 0, pending: 500 });
    // A second order (or the same payment told again) decides nothing.
    expect((await firstOrderPaid(bola.id)).status).toBeNull();
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 500 });

    const page = await referralsOf(db(), ada);
    expect(page).toMatchObject({ code, friendCount: 1, pointsEarned: 500 });
    expect(page.friends).toEqual([
      expect.objectContaining({ name: "Bola A.", status: "qualified", approved: false }),
    ]);
  });

  test("a friend who signed up and hasn't paid shows as signed up, with no points", async () => {
    const ada = await person(uniqueEmail("ada"));
    const code = await referralCodeOf(db(), ada);
    await person(uniqueEmail("chidi"), "Chidi", code);
    const page = await referralsOf(db(), ada);
    expect(page.friends).toEqual([expect.objectContaining({ name: "Chidi", status: "signed_up" })]);
    expect(page.pointsEarned).toBe(0);
  });

  test("refused: the referrer themself under another spelling of their Gmail address", async () => {
    const ada = await person("ada.obi.ref@gmail.com");
    const code = await referralCodeOf(db(), ada);
    for (const variant of ["AdaObiRef+shop@gmail.com", "a.d.a.obiref@googlemail.com"]) {
      const again = await person(variant, "Ada Obi", code);
      expect((await firstOrderPaid(again.id)).status).toBe("refused");
      expect(await walletOf(db(), again.id)).toEqual({ available: 0, pending: 0 });
    }
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 0 });
  });

  test("refused: a person referred before under another account", async () => {
    const ada = await person(uniqueEmail("ada"));
    const code = await referralCodeOf(db(), ada);
    const first = await person("dayo.k.ref@gmail.com", "Dayo", code);
    const second = await person("dayok.ref+2@gmail.com", "Dayo", code);
    expect((await firstOrderPaid(first.id)).status).toBe("qualified");
    expect((await firstOrderPaid(second.id)).status).toBe("refused");
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 500 });
  });

  test(`held past ${maxQualifiedPerMonth} in a Lagos month; a person at Oja decides; a new month qualifies again`, async () => {
    const ada = await person(uniqueEmail("ada"));
    const admin = await person(uniqueEmail("admin"), "Oja Admin");
    const code = await referralCodeOf(db(), ada);
    const november = new Date("2026-11-20T10:00:00Z");
    const friends = [];
    for (let index = 0; index <= maxQualifiedPerMonth + 1; index += 1) {
      friends.push(await person(uniqueEmail("f"), `Friend ${index}`, code));
    }
    // Fifty at once can't pass the limit between them.
    const statuses = await Promise.all(
      friends.slice(0, maxQualifiedPerMonth + 1).map((f) => firstOrderPaid(f.id, november)),
    );
    const counts = statuses.reduce<Record<string, number>>((all, { status }) => {
      all[status ?? "none"] = (all[status ?? "none"] ?? 0) + 1;
      return all;
    }, {});
    expect(counts).toEqual({ qualified: maxQualifiedPerMonth, held: 1 });
    expect(await walletOf(db(), ada.id)).toEqual({
      available: 0,
      pending: 500 * maxQualifiedPerMonth,
    });
    // December in Lagos starts at 23:00 UTC on 30 November.
    const last = friends.at(-1);
    if (!last) throw new Error("no friend");
    expect((await firstOrderPaid(last.id, new Date("2026-11-30T23:30:00Z"))).status).toBe(
      "qualified",
    );

    const [held] = (await heldReferrals(db())).filter((row) => row.referrer.id === ada.id);
    if (!held) throw new Error("nothing held");
    const review = { approve: true, reviewerId: admin.id };
    const [one, two] = await Promise.all([
      reviewHeldReferral(db(), held.friendId, review),
      reviewHeldReferral(db(), held.friendId, review),
    ]);
    expect([one, two]).toContainEqual({ ok: true, status: "qualified" });
    expect([one, two]).toContainEqual({ ok: false, status: 404 });
    expect(await walletOf(db(), held.friendId)).toEqual({ available: 0, pending: 500 });
    expect((await walletOf(db(), ada.id)).pending).toBe(500 * (maxQualifiedPerMonth + 2));
  }, 60_000);

  test("a first order refunded whole takes both sides' points back", async () => {
    const ada = await person(uniqueEmail("ada"));
    const code = await referralCodeOf(db(), ada);
    const bola = await person(uniqueEmail("bola"), "Bola", code);
    const { checkoutId, orderId } = await firstOrderPaid(bola.id);
    await db().transaction((tx) => reverseReferralOfRefundedCheckout(tx, checkoutId, new Date()));
    // Not refunded yet: nothing changes.
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 500 });
    await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
    await db().transaction((tx) => reverseReferralOfRefundedCheckout(tx, checkoutId, new Date()));
    await db().transaction((tx) => reverseReferralOfRefundedCheckout(tx, checkoutId, new Date()));
    expect(await walletOf(db(), ada.id)).toEqual({ available: 0, pending: 0 });
    expect(await walletOf(db(), bola.id)).toEqual({ available: 0, pending: 0 });
    expect((await referralsOf(db(), ada)).pointsEarned).toBe(0);
  });
});
