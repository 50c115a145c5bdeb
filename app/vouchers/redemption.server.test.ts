import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { secretToken } from "#app/db/ids.ts";
import { auditEvents, voucherRedemptions, vouchers } from "#app/db/schema.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import {
  codeMessages,
  lookUpVoucher,
  type RedeemActor,
  redeemVoucher,
} from "./redemption.server.ts";
import { formatVoucherCode } from "./voucher-code.ts";

/** Redeeming codes at the till, against a real database: once, in parts, as credit after the end. */
let database: DatabaseHandle;
const db = () => database.db;
let shopper: TestAccount;
let staffer: TestAccount;
let spa: { id: string; slug: string };
let salon: { id: string; slug: string };
let actor: RedeemActor;

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  salon = await createBusiness(db(), { categoryId: category.id, name: "Braids by Yetunde" });
  shopper = await signUpAs(db(), { name: "Ada Obi" });
  staffer = await signUpAs(db(), { name: "Sola Staff" });
  actor = { businessId: spa.id, actorId: staffer.userId, source: { ipAddress: "10.0.0.1" } };
}, 60_000);

afterAll(async () => {
  await database.close();
});

const voucherAt = (businessId = spa.id, fields = {}) =>
  createVoucher(db(), { businessId, ownerId: shopper.userId, ...fields });

const stored = async (id: string) =>
  (await db().select().from(vouchers).where(eq(vouchers.id, id)))[0];

describe("looking a code up", () => {
  test("finds the business's voucher however the code is typed", async () => {
    const voucher = await voucherAt();
    const typed = formatVoucherCode(voucher.code).toLowerCase().replaceAll("-", " ");
    const found = await lookUpVoucher(db(), spa.id, ` ${typed} `);
    expect(found).toMatchObject({
      ok: true,
      voucher: {
        code: formatVoucherCode(voucher.code),
        holder: "Ada",
        redeemableKobo: 2_500_000,
        status: "active",
      },
    });
  });

  test("a malformed code is a 400 on the field; an unknown or another business's one a 404", async () => {
    expect(await lookUpVoucher(db(), spa.id, "12345")).toEqual({
      ok: false,
      status: 400,
      errors: { code: codeMessages.malformed },
    });
    expect(await lookUpVoucher(db(), spa.id, "AAAA-AAAA-AAAA-AAAA")).toEqual({
      ok: false,
      status: 404,
      errors: { code: codeMessages.unknown },
    });
    const elsewhere = await voucherAt(salon.id);
    expect(await lookUpVoucher(db(), spa.id, elsewhere.code)).toEqual({
      ok: false,
      status: 404,
      errors: { code: codeMessages.unknown },
    });
    expect(
      await redeemVoucher(db(), actor, {
        code: elsewhere.code,
        amountKobo: null,
        requestKey: secretToken(),
      }),
    ).toMatchObject({ ok: false, status: 404 });
    expect((await stored(elsewhere.id))?.balanceKobo).toBe(2_500_000);
  });
});

describe("redeeming", () => {
  test("whole: used up, recorded in the audit log, and a second try is refused clearly", async () => {
    const voucher = await voucherAt();
    const done = await redeemVoucher(db(), actor, {
      code: voucher.code,
      amountKobo: null,
      requestKey: secretToken(),
    });
    expect(done).toMatchObject({ ok: true, amountKobo: 2_500_000, repeated: false });
    expect(await stored(voucher.id)).toMatchObject({ balanceKobo: 0, status: "redeemed" });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "voucher.redeemed"), eq(auditEvents.actorId, staffer.userId)),
      );
    expect(audit?.subjectId).toBe(spa.id);
    expect(audit?.details).toMatchObject({
      amountKobo: 2_500_000,
      codeEnding: voucher.code.slice(-4),
    });
    const again = await redeemVoucher(db(), actor, {
      code: voucher.code,
      amountKobo: null,
      requestKey: secretToken(),
    });
    expect(again).toMatchObject({ ok: false, status: 409 });
    if (again.ok || again.status !== 409) throw new Error("expected a refusal");
    expect(again.message).toMatch(
      /^This voucher has been used up: the last ₦25,000\.00 was taken on /,
    );
  });

  test("in parts, never more than is left", async () => {
    const voucher = await voucherAt();
    const first = await redeemVoucher(db(), actor, {
      code: voucher.code,
      amountKobo: 1_000_000,
      requestKey: secretToken(),
    });
    expect(first).toMatchObject({
      ok: true,
      voucher: { redeemableKobo: 1_500_000, status: "active" },
    });
    expect(
      await redeemVoucher(db(), actor, {
        code: voucher.code,
        amountKobo: 1_600_000,
        requestKey: secretToken(),
      }),
    ).toEqual({
      ok: false,
      status: 400,
      errors: { amount: "At most ₦15,000.00 can be used from this voucher." },
    });
    expect(
      await redeemVoucher(db(), actor, {
        code: voucher.code,
        amountKobo: 0,
        requestKey: secretToken(),
      }),
    ).toMatchObject({ ok: false, status: 400, errors: { amount: "Enter an amount above ₦0." } });
    expect((await stored(voucher.id))?.balanceKobo).toBe(1_500_000);
  });

  test("the same press twice records one redemption", async () => {
    const voucher = await voucherAt();
    const press = { code: voucher.code, amountKobo: 500_000, requestKey: secretToken() };
    const [one, two] = await Promise.all([
      redeemVoucher(db(), actor, press),
      redeemVoucher(db(), actor, press),
    ]);
    expect([one, two].map((result) => result.ok && result.repeated).sort()).toEqual([false, true]);
    expect((await stored(voucher.id))?.balanceKobo).toBe(2_000_000);
    const recorded = await db()
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(recorded).toHaveLength(1);
  });

  test("100 staff pressing at once: exactly one redemption", async () => {
    const voucher = await voucherAt();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        redeemVoucher(db(), actor, {
          code: voucher.code,
          amountKobo: null,
          requestKey: secretToken(),
        }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.status === 409)).toHaveLength(99);
    expect(await stored(voucher.id)).toMatchObject({ balanceKobo: 0, status: "redeemed" });
    const recorded = await db()
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(recorded).toHaveLength(1);
  });

  test("after the end date the price paid is credit: exactly that, less what was used", async () => {
    const voucher = await voucherAt(spa.id, { validUntil: "2026-01-31" });
    const now = new Date("2026-03-01T10:00:00Z");
    const found = await lookUpVoucher(db(), spa.id, voucher.code, now);
    expect(found).toMatchObject({
      ok: true,
      voucher: { pastEnd: true, redeemableKobo: 1_800_000 },
    });
    const used = await redeemVoucher(
      db(),
      actor,
      { code: voucher.code, amountKobo: null, requestKey: secretToken() },
      now,
    );
    expect(used).toMatchObject({ ok: true, amountKobo: 1_800_000 });
    expect(await stored(voucher.id)).toMatchObject({ balanceKobo: 700_000, status: "redeemed" });
    const [recorded] = await db()
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, voucher.id));
    expect(recorded?.fromCredit).toBe(true);
  });

  test("a refunded voucher can't be used", async () => {
    const voucher = await voucherAt(spa.id, { status: "refunded" });
    const refused = await redeemVoucher(db(), actor, {
      code: voucher.code,
      amountKobo: null,
      requestKey: secretToken(),
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      message: "This voucher was refunded: it can't be used.",
    });
  });
});
