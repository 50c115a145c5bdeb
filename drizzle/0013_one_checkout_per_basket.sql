ALTER TYPE "public"."order_status" ADD VALUE 'replaced';--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "basket_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_basket_key" ON "checkouts" USING btree ("shopper_id") WHERE "checkouts"."basket_key" is not null;