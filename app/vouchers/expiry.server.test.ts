import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DatabaseHandle } from "#app/db/database.server.ts";
import { newId, secretToken } from "#app/db/ids.ts";
import { emailOutbox, voucherGifts, vouchers } from "#app/db/schema.server.ts";
import { signUpAs, type TestAccount } from "#tests/support/accounts.ts";
import { createBusiness, createCategory } from "#tests/support/catalog.ts";
import { createTestDatabase } from "#tests/support/database.ts";
import { createVoucher } from "#tests/support/vouchers.ts";
import { runVoucherExpiry } from "./expiry.server.ts";
import { lookUpVoucher, redeemVoucher } from "./redemption.server.ts";

/** The end of a voucher's value: the warning a week before, once; then credit of the price paid. */
let database: DatabaseHandle;
const db = () => database.db;
let holder: TestAccount;
let spa: { id: string; slug: string };
const context = () => ({ db: db(), publicUrl: "http://localhost:3000" });
// 10:00 in Lagos on 1 Dec 2026.
const now = new Date("2026-12-01T09:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  const category = await createCategory(db());
  spa = await createBusiness(db(), { categoryId: category.id, name: "Ewa Spa" });
  holder = await signUpAs(db(), { name: "Ada Obi" });
}, 60_000);

afterAll(async () => {
  await database.close();
});

const endingEmails = () =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, holder.email), eq(emailOutbox.kind, "voucher-ending")));

describe("a voucher's end", () => {
  test("its holder is told once, a week before; one ending later isn't told yet", async () => {
    const soon = await createVoucher(db(), {
      businessId: spa.id,
      ownerId: holder.userId,
      validUntil: "2026-12-06",
      balanceKobo: 1_500_000,
    });
    await createVoucher(db(), {
      businessId: spa.id,
      ownerId: holder.userId,
      validUntil: "2026-12-20",
    });
    // On its way to a friend as a gift: the friend is told once they claim it, not the giver.
    const gifted = await createVoucher(db(), {
      businessId: spa.id,
      ownerId: holder.userId,
      validUntil: "2026-12-05",
    });
    await db()
      .insert(voucherGifts)
      .values({
        id: newId("vgf"),
        voucherId: gifted.id,
        giverId: holder.userId,
        giverName: "Ada",
        recipientName: "Bola",
        recipientEmail: "bola@example.com",
        deliverOn: "2026-12-01",
        token: secretToken(),
        status: "sent",
      });
    await runVoucherExpiry(context(), now);
    await runVoucherExpiry(context(), now);
    const emails = await endingEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]?.subject).toBe("Your voucher for Ewa Spa ends on 6 Dec 2026");
    expect(emails[0]?.text).toContain("₦15,000.00 is left to use until 6 Dec 2026");
    expect(emails[0]?.text).toContain("(₦18,000.00, less anything used) stays yours as credit");
    const [warned] = await db().select().from(vouchers).where(eq(vouchers.id, soon.id));
    expect(warned?.endWarnedAt).not.toBeNull();
  });

  test("after its last day it is expired, and worth exactly the price paid as credit", async () => {
    const voucher = await createVoucher(db(), {
      businessId: spa.id,
      ownerId: holder.userId,
      validUntil: "2026-11-30",
    });
    expect((await runVoucherExpiry(context(), now)).expired).toBeGreaterThanOrEqual(1);
    const [expired] = await db().select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(expired?.status).toBe("expired");
    expect(await lookUpVoucher(db(), spa.id, voucher.code, now)).toMatchObject({
      ok: true,
      voucher: { redeemableKobo: 1_800_000, pastEnd: true, status: "expired" },
    });
    const used = await redeemVoucher(
      db(),
      { businessId: spa.id, actorId: holder.userId, source: {} },
      { code: voucher.code, amountKobo: null, requestKey: secretToken() },
      now,
    );
    expect(used).toMatchObject({ ok: true, amountKobo: 1_800_000 });
    // The day it ends is still a day of full value.
    const lastDay = await createVoucher(db(), {
      businessId: spa.id,
      ownerId: holder.userId,
      validUntil: "2026-12-01",
    });
    await runVoucherExpiry(context(), now);
    const [stillActive] = await db().select().from(vouchers).where(eq(vouchers.id, lastDay.id));
    expect(stillActive?.status).toBe("active");
  });
});
