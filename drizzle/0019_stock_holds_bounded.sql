ALTER TABLE "checkouts" ADD COLUMN "email_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "client_address" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "hold_renewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "checkouts_held_email_idx" ON "checkouts" USING btree ("email_key") WHERE "checkouts"."stock_hold" = 'held';--> statement-breakpoint
CREATE INDEX "checkouts_held_address_idx" ON "checkouts" USING btree ("client_address") WHERE "checkouts"."stock_hold" = 'held';