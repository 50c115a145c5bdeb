import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { voucherOffers } from "#app/vouchers/schema.server.ts";

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
