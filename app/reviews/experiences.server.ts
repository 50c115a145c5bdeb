import { and, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import { checkIns } from "#app/checkins/schema.server.ts";
import type { Executor } from "#app/db/database.server.ts";
import { invoices, payLinks } from "#app/invoices/schema.server.ts";
import { orders, payments } from "#app/orders/schema.server.ts";
import { voucherRedemptions, vouchers } from "#app/vouchers/issued-schema.server.ts";
import type { experienceKind } from "./schema.server.ts";

/**
 * The experiences Oja itself saw of a shopper at a business (issue 21, decision 050): what makes a
 * review *verified*. Each kind is one entry here, a query for the shopper's latest such experience
 * there since a day; a new kind is one more entry.
 */
export type ExperienceKind = (typeof experienceKind.enumValues)[number];

export interface Experience {
  kind: ExperienceKind;
  id: string;
  /** The Lagos day it happened. */
  on: string;
}

type FindExperience = (
  tx: Executor,
  who: { shopperId: string; businessId: string; since: Date },
) => Promise<Experience | null>;

/** The Lagos day of a timestamp column (UTC+1 all year, no time zone data needed). */
const lagosDayOf = (column: unknown) =>
  sql<string>`(((${column} at time zone 'UTC') + interval '1 hour')::date)::text`;

const finders: FindExperience[] = [
  // A paid order (fulfilled or waiting to be); a refunded or cancelled one is no experience.
  async (tx, { shopperId, businessId, since }) => {
    const [row] = await tx
      .select({ id: orders.id, on: lagosDayOf(orders.paidAt) })
      .from(orders)
      .where(
        and(
          eq(orders.shopperId, shopperId),
          eq(orders.businessId, businessId),
          inArray(orders.status, ["paid", "fulfilled"]),
          gte(orders.paidAt, since),
        ),
      )
      .orderBy(desc(orders.paidAt))
      .limit(1);
    return row ? { kind: "order", ...row } : null;
  },
  // A voucher of theirs redeemed at the business.
  async (tx, { shopperId, businessId, since }) => {
    const [row] = await tx
      .select({ id: voucherRedemptions.id, on: lagosDayOf(voucherRedemptions.createdAt) })
      .from(voucherRedemptions)
      .innerJoin(vouchers, eq(vouchers.id, voucherRedemptions.voucherId))
      .where(
        and(
          eq(vouchers.ownerId, shopperId),
          eq(voucherRedemptions.businessId, businessId),
          gte(voucherRedemptions.createdAt, since),
        ),
      )
      .orderBy(desc(voucherRedemptions.createdAt))
      .limit(1);
    return row ? { kind: "voucher", ...row } : null;
  },
  // A check-in from the business's poster.
  async (tx, { shopperId, businessId, since }) => {
    const [row] = await tx
      .select({ id: checkIns.id, on: sql<string>`${checkIns.day}::text` })
      .from(checkIns)
      .where(
        and(
          eq(checkIns.userId, shopperId),
          eq(checkIns.businessId, businessId),
          gte(checkIns.createdAt, since),
        ),
      )
      .orderBy(desc(checkIns.createdAt))
      .limit(1);
    return row ? { kind: "check_in", ...row } : null;
  },
  // An invoice or pay link of the business paid while signed in (issue 24).
  async (tx, { shopperId, businessId, since }) => {
    const [row] = await tx
      .select({ id: payments.id, on: lagosDayOf(payments.paidAt) })
      .from(payments)
      .leftJoin(invoices, eq(invoices.id, payments.invoiceId))
      .leftJoin(payLinks, eq(payLinks.id, payments.payLinkId))
      .where(
        and(
          eq(payments.payerId, shopperId),
          eq(payments.status, "success"),
          or(eq(invoices.businessId, businessId), eq(payLinks.businessId, businessId)),
          gte(payments.paidAt, since),
        ),
      )
      .orderBy(desc(payments.paidAt))
      .limit(1);
    return row ? { kind: "invoice", ...row } : null;
  },
];

/** The shopper's latest experience at the business since `since`, of any kind, or null. */
export async function latestExperience(
  tx: Executor,
  who: { shopperId: string; businessId: string; since: Date },
): Promise<Experience | null> {
  const found = (await Promise.all(finders.map((find) => find(tx, who)))).filter(
    (experience): experience is Experience => experience !== null,
  );
  return found.sort((a, b) => b.on.localeCompare(a.on))[0] ?? null;
}
