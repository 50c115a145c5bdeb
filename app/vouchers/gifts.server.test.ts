import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { exportPersonalData } from "#app/auth/personal-data.server.ts";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { emailOutbox, voucherGifts, vouchers } from "#app/db/schema.server.ts";
import * as giftPage from "#app/routes/gift-received.tsx";
import { getFrom, signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import { cancelGift, claimGift, giftByToken, giftVoucher, sendDueGifts } from "./gifts.server.ts";
import { lookUpVoucher } from "./redemption.server.ts";

/**
 * Gifting against a real database: the form's rules, the code that changes hands, the email sent
 * on its day by the job (whose clock the test moves), once, and the claim.
 */
let database: DatabaseHandle;
const db = () => database.db;
let giver: TestAccount;
let friend: TestAccount;
let stranger: TestAccount;
let spa: { id: string; slug: string };

const context = () => ({ db: db(), publicUrl: "http://localhost:3000" });
// 10:00 in Lagos on 1 Dec 2026.
const now = new Date("2026-12-01T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  giver = await signUpAs(db(), { name: "Ada Obi" });
  friend = await signUpAs(db(), { name: "Bola Ade" });
  stranger = await signUpAs(db(), { name: "Chidi Eze" });
}, 60_000);

afterAll(async () => {
  await database.close();
});

const giftForm = (fields: Record<string, string> = {}) => ({
  recipientName: "Bola Ade",
  recipientEmail: friend.email,
  message: "Happy birthday! Enjoy your spa day.",
  deliverOn: "2026-12-10",
  ...fields,
});

async function giftOf(voucherId: string) {
  const [gift] = await db()
    .select()
    .from(voucherGifts)
    .where(eq(voucherGifts.voucherId, voucherId));
  if (!gift) throw new Error("no gift");
  return gift;
}

const giftEmailsTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, "voucher-gift")));

describe("gifting a voucher", () => {
  test("for a later day: the code changes at once, the email goes out on that day, once", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    const before = (await giftEmailsTo(friend.email)).length;
    expect(
      await giftVoucher(
        context(),
        { id: giver.userId, name: "Ada Obi" },
        voucher.id,
        giftForm(),
        now,
      ),
    ).toMatchObject({
      ok: true,
      sentNow: false,
    });
    // The code the giver saw no longer finds the voucher.
    expect(await lookUpVoucher(db(), spa.id, voucher.code, now)).toMatchObject({
      ok: false,
      status: 404,
    });
    const gift = await giftOf(voucher.id);
    expect(gift).toMatchObject({ status: "scheduled", giverName: "Ada", deliverOn: "2026-12-10" });
    expect(await giftByToken(db(), gift.token)).toBeNull();

    // The job on the 9th (Lagos) sends nothing; on the 10th it sends it; again, nothing more.
    expect(await sendDueGifts(context(), new Date("2026-12-09T22:30:00Z"))).toBe(0);
    const onTheDay = new Date("2026-12-09T23:05:00Z"); // 00:05 on the 10th in Lagos
    const [first, second] = await Promise.all([
      sendDueGifts(context(), onTheDay),
      sendDueGifts(context(), onTheDay),
    ]);
    expect(first + second).toBe(1);
    expect(await sendDueGifts(context(), onTheDay)).toBe(0);
    const emails = await giftEmailsTo(friend.email);
    expect(emails).toHaveLength(before + 1);
    const email = emails.at(-1);
    expect(email?.subject).toBe("Ada sent you a gift: Full-day spa treat");
    expect(email?.text).toContain(`http://localhost:3000/vouchergift/${gift.token}`);
    expect(email?.text).toContain("Happy birthday! Enjoy your spa day.");
    expect((await giftOf(voucher.id)).status).toBe("sent");
  });

  test("for today: sent at once", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    const result = await giftVoucher(
      context(),
      { id: giver.userId, name: "Ada Obi" },
      voucher.id,
      giftForm({ deliverOn: "2026-12-01" }),
      now,
    );
    expect(result).toMatchObject({ ok: true, sentNow: true });
    expect((await giftOf(voucher.id)).status).toBe("sent");
  });

  test("bad input answers field messages; nothing changes", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    const refused = await giftVoucher(
      context(),
      { id: giver.userId, name: "Ada Obi" },
      voucher.id,
      giftForm({
        recipientName: "",
        recipientEmail: "bola@",
        deliverOn: "2027-03-02",
        message: "x".repeat(301),
      }),
      now,
    );
    expect(refused).toEqual({
      ok: false,
      status: 400,
      errors: {
        recipientName: expect.any(String),
        recipientEmail: expect.any(String),
        message: expect.any(String),
        deliverOn: "Choose a day within 90 days from today",
      },
    });
    expect(
      await giftVoucher(
        context(),
        { id: giver.userId, name: "Ada" },
        voucher.id,
        giftForm({ deliverOn: "2026-11-30" }),
        now,
      ),
    ).toMatchObject({
      ok: false,
      status: 400,
      errors: { deliverOn: "Choose today or a later day" },
    });
    // 90 days ahead is the last day allowed.
    expect(
      await giftVoucher(
        context(),
        { id: giver.userId, name: "Ada" },
        voucher.id,
        giftForm({ deliverOn: "2027-03-01" }),
        now,
      ),
    ).toMatchObject({ ok: true });
    const [unchanged] = await db().select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(unchanged?.ownerId).toBe(giver.userId);
  });

  test("another shopper's voucher is a 404; a used one can't be given", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    expect(
      await giftVoucher(
        context(),
        { id: stranger.userId, name: "Chidi" },
        voucher.id,
        giftForm(),
        now,
      ),
    ).toEqual({ ok: false, status: 404 });
    const used = await createVoucher(db(), {
      businessId: spa.id,
      ownerId: giver.userId,
      status: "redeemed",
      balanceKobo: 0,
    });
    expect(
      await giftVoucher(context(), { id: giver.userId, name: "Ada" }, used.id, giftForm(), now),
    ).toMatchObject({ ok: false, status: 409 });
  });

  test("taken back before it is sent: the voucher stays the giver's, the link never works", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    await giftVoucher(context(), { id: giver.userId, name: "Ada" }, voucher.id, giftForm(), now);
    const gift = await giftOf(voucher.id);
    expect(await cancelGift(db(), stranger.userId, gift.id)).toBe(false);
    expect(await cancelGift(db(), giver.userId, gift.id)).toBe(true);
    expect(await sendDueGifts(context(), new Date("2026-12-10T12:00:00Z"))).toBeGreaterThanOrEqual(
      0,
    );
    expect((await giftOf(voucher.id)).status).toBe("cancelled");
    expect(await claimGift(db(), { id: friend.userId }, gift.token)).toEqual({
      ok: false,
      status: 404,
    });
  });
});

describe("claiming a gift", () => {
  test("the friend claims it once; nobody else, not even the giver; then nobody sees the code", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    await giftVoucher(
      context(),
      { id: giver.userId, name: "Ada" },
      voucher.id,
      giftForm({ deliverOn: "2026-12-01" }),
      now,
    );
    const { token } = await giftOf(voucher.id);
    const path = `/vouchergift/${token}`;
    const options = (cookie?: string) => ({
      cookie,
      pattern: "/vouchergift/:id",
      params: { id: token },
    });
    // Before the claim, the link shows the code (the friend may not have an account yet).
    const open = await getFrom(db(), giftPage, path, options());
    expect((open.data as { code: string | null }).code).toMatch(/^[2-9A-Z]{4}-/);

    expect(await claimGift(db(), { id: giver.userId }, token)).toMatchObject({
      ok: false,
      status: 409,
    });
    const [one, two] = await Promise.all([
      claimGift(db(), { id: friend.userId }, token),
      claimGift(db(), { id: stranger.userId }, token),
    ]);
    expect([one.ok, two.ok].filter(Boolean)).toHaveLength(1);
    const [held] = await db().select().from(vouchers).where(eq(vouchers.id, voucher.id));
    const winner = one.ok ? friend : stranger;
    expect(held?.ownerId).toBe(winner.userId);
    expect(await claimGift(db(), { id: winner.userId }, token)).toEqual({ ok: true });

    for (const cookie of [undefined, giver.cookie, winner.cookie]) {
      const page = await getFrom(db(), giftPage, path, options(cookie));
      expect(page.data).toMatchObject({
        code: null,
        qr: null,
        claimed: { by: winner.name.split(" ")[0] },
      });
    }
  });
});

describe("the giver's data", () => {
  test("lists the gifts sent; a voucher on its way shows no code", async () => {
    const voucher = await createVoucher(db(), { businessId: spa.id, ownerId: giver.userId });
    await giftVoucher(context(), { id: giver.userId, name: "Ada" }, voucher.id, giftForm(), now);
    const data = await exportPersonalData(db(), giver.userId);
    const exported = data?.vouchers.find(
      (held) => held.title === voucher.title && held.code === null,
    );
    expect(exported).toBeDefined();
    expect(data?.voucherGiftsSent.some((gift) => gift.recipientEmail === friend.email)).toBe(true);
  });
});
