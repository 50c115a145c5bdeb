import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/database.server.ts";
import { businesses, businessMembers } from "../db/schema.server.ts";

/** The businesses a person belongs to, with their role in each, A–Z. */
export function membershipsOf(db: Database, userId: string) {
  return db
    .select({
      slug: businesses.slug,
      name: businesses.name,
      status: businesses.status,
      role: businessMembers.role,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId))
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businesses.name));
}
