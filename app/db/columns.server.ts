import { timestamp } from "drizzle-orm/pg-core";

/** When a row was made and last changed, as every domain's tables record it. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
