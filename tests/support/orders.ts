import type { Database } from "#app/db/database.server.ts";
import { newId } from "#app/db/ids.ts";
import { newOrderNumber } from "#app/orders/order-number.ts";
import { checkouts, orderLines, orders } from "#app/orders/schema.server.ts";

/**
 * An order written straight into the database, for tests about who may see it (the checkout
 * itself is tested through app/orders/checkout.server.ts).
 */
export async function createOrder(
  db: Database,
  fields: {
    shopperId: string;
    businessId: string;
    status?: (typeof orders.$inferInsert)["status"];
    /** Any other column of the order (amounts, commission, when it was paid). */
    order?: Partial<typeof orders.$inferInsert>;
  },
) {
  const checkoutId = newId("chk");
  const orderId = newId("ord");
  const number = newOrderNumber();
  const now = new Date();
  await db.insert(checkouts).values({
    id: checkoutId,
    shopperId: fields.shopperId,
    email: "shopper@example.com",
    phone: "+2348031234567",
    totalKobo: 1_400_000,
    stockHold: fields.status === "pending_payment" ? "held" : "sold",
    holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
  });
  await db.insert(orders).values({
    id: orderId,
    number,
    checkoutId,
    shopperId: fields.shopperId,
    businessId: fields.businessId,
    status: fields.status ?? "paid",
    fulfilment: "pickup",
    subtotalKobo: 1_400_000,
    paidAt: fields.status === "pending_payment" ? null : now,
    ...fields.order,
  });
  await db.insert(orderLines).values({
    orderId,
    position: 0,
    productName: "Steam & Sauna Session",
    unitPriceKobo: 1_400_000,
    quantity: 1,
  });
  return { checkoutId, orderId, number };
}

/**
 * The form a shopper's Pay sends to startCheckout: their contact, the cart's lines and a delivery
 * address in Lagos; `fields` add to it or replace any of it (city, fulfilment, expected total).
 */
export function checkoutForm(
  email: string,
  lines: unknown[],
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  const values: Record<string, string> = {
    email,
    phone: "0803 123 4567",
    lines: JSON.stringify(lines),
    recipient: "Ada Obi",
    line1: "12 Admiralty Way",
    city: "Lagos",
    state: "Lagos",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
}
