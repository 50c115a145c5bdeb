ALTER TABLE "points_entries" ADD COLUMN "settles" text;--> statement-breakpoint
ALTER TABLE "points_wallets" ADD COLUMN "expiry_warned_for" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "points_entries_settles_idx" ON "points_entries" USING btree ("settles");