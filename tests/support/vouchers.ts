import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { newVoucherCode } from "#app/vouchers/issue.server.ts";
import { vouchers } from "#app/vouchers/issued-schema.server.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";
import { createOrder } from "./orders.ts";

/**
 * A voucher offer written straight into the database: ₦25,000 of value for ₦18,000, valid 90
 * days, unless the test says otherwise. The console's own path is tested in offers.server.test.ts.
 */
export async function createVoucherOffer(
  db: Database,
  businessId: string,
  fields: Partial<typeof voucherOffers.$inferInsert> = {},
) {
  const id = newId("vof");
  const [offer] = await db
    .insert(voucherOffers)
    .values({
      id,
      businessId,
      title: "Full-day spa treat",
      valueKobo: 2_500_000,
      priceKobo: 1_800_000,
      validDays: fields.validUntil ? null : 90,
      ...fields,
    })
    .returning();
  if (!offer) throw new Error("no offer written");
  return offer;
}

/**
 * A voucher as if bought and paid (its order written straight into the database): ₦25,000 of
 * value for ₦18,000, valid to the end of 2099, held by `ownerId`, unless the test says otherwise.
 */
export async function createVoucher(
  db: Database,
  fields: { businessId: string; ownerId: string } & Partial<typeof vouchers.$inferInsert>,
) {
  const { orderId } = await createOrder(db, {
    shopperId: fields.ownerId,
    businessId: fields.businessId,
    order: { kind: "vouchers", fulfilment: null },
  });
  const code = newVoucherCode();
  const [voucher] = await db
    .insert(vouchers)
    .values({
      id: newId("vch"),
      code,
      orderId,
      linePosition: 0,
      serial: 1,
      title: "Full-day spa treat",
      valueKobo: 2_500_000,
      priceKobo: 1_800_000,
      balanceKobo: fields.valueKobo ?? 2_500_000,
      validUntil: "2099-12-31",
      issuedAt: new Date(),
      ...fields,
    })
    .returning();
  if (!voucher) throw new Error("no voucher written");
  return voucher;
}
