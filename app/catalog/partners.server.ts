import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "#app/db/database.server.ts";
import { reviewStats } from "#app/reviews/schema.server.ts";
import {
  type BusinessCard,
  businessCardColumns,
  reviewStatsJoin,
  toBusinessCard,
} from "./catalog.server.ts";
import { businesses, categories, images, partnerships } from "./schema.server.ts";

/**
 * Partnerships as shoppers see them: the partners a business presents on its landing page and
 * on /{business}/partners/{partner}. Rows are proposed and accepted on /collab and in the
 * vendor console (later issues); only active ones between two active businesses are public.
 */
export interface Partner {
  business: BusinessCard;
  offerTitle: string;
  offerDetails: string;
  offerCode: string;
}

/** The active partners a business presents, newest partnership first. */
export async function businessPartners(
  db: Database,
  businessId: string,
  partnerSlug?: string,
): Promise<Partner[]> {
  const rows = await db
    .select({
      ...businessCardColumns,
      offerTitle: partnerships.offerTitle,
      offerDetails: partnerships.offerDetails,
      offerCode: partnerships.offerCode,
    })
    .from(partnerships)
    .innerJoin(businesses, eq(businesses.id, partnerships.partnerId))
    .innerJoin(categories, eq(categories.id, businesses.categoryId))
    .leftJoin(images, eq(images.id, businesses.logoImageId))
    .leftJoin(reviewStats, reviewStatsJoin)
    .where(
      and(
        eq(partnerships.businessId, businessId),
        eq(partnerships.status, "active"),
        eq(businesses.status, "active"),
        partnerSlug === undefined ? undefined : eq(businesses.slug, partnerSlug.toLowerCase()),
      ),
    )
    .orderBy(desc(partnerships.createdAt), asc(partnerships.id));
  return rows.map((row) => ({
    business: toBusinessCard(row),
    offerTitle: row.offerTitle,
    offerDetails: row.offerDetails,
    offerCode: row.offerCode,
  }));
}

/** One active partner of a business by the partner's slug (any case), or undefined. */
export async function businessPartner(
  db: Database,
  businessId: string,
  partnerSlug: string,
): Promise<Partner | undefined> {
  const [partner] = await businessPartners(db, businessId, partnerSlug);
  return partner;
}
