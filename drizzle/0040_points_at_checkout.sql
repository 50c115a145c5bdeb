ALTER TYPE "public"."points_entry_kind" ADD VALUE 'return' BEFORE 'expire';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "points_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_points_used_not_negative" CHECK ("checkouts"."points_used" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_points_within_total" CHECK ("orders"."points_used" >= 0 and "orders"."points_used"::bigint * 100 < "orders"."subtotal_kobo" + "orders"."delivery_fee_kobo");