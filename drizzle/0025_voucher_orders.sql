CREATE TYPE "public"."checkout_kind" AS ENUM('goods', 'vouchers');--> statement-breakpoint
CREATE TYPE "public"."voucher_status" AS ENUM('active', 'redeemed', 'expired', 'refunded');--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"order_id" text NOT NULL,
	"line_position" integer NOT NULL,
	"serial" integer NOT NULL,
	"offer_id" text,
	"business_id" text NOT NULL,
	"title" text NOT NULL,
	"owner_id" text,
	"value_kobo" bigint NOT NULL,
	"price_kobo" bigint NOT NULL,
	"balance_kobo" bigint NOT NULL,
	"valid_until" date NOT NULL,
	"status" "voucher_status" DEFAULT 'active' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_price_below_value" CHECK ("vouchers"."price_kobo" > 0 and "vouchers"."price_kobo" < "vouchers"."value_kobo"),
	CONSTRAINT "vouchers_balance_within_value" CHECK ("vouchers"."balance_kobo" >= 0 and "vouchers"."balance_kobo" <= "vouchers"."value_kobo")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_address_when_delivered";--> statement-breakpoint
DROP INDEX "checkouts_open_basket_key";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "fulfilment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "kind" "checkout_kind" DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voucher_offer_id" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voucher_value_kobo" bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voucher_valid_days" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voucher_valid_until" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" "checkout_kind" DEFAULT 'goods' NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_offer_id_voucher_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."voucher_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_order_line_serial_key" ON "vouchers" USING btree ("order_id","line_position","serial");--> statement-breakpoint
CREATE INDEX "vouchers_owner_idx" ON "vouchers" USING btree ("owner_id","issued_at");--> statement-breakpoint
CREATE INDEX "vouchers_business_idx" ON "vouchers" USING btree ("business_id","issued_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voucher_offer_id_voucher_offers_id_fk" FOREIGN KEY ("voucher_offer_id") REFERENCES "public"."voucher_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_voucher_offer_idx" ON "order_lines" USING btree ("voucher_offer_id") WHERE "order_lines"."voucher_offer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_open_basket_key" ON "checkouts" USING btree ("shopper_id","kind") WHERE "checkouts"."basket_key" is not null;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voucher_terms" CHECK ("order_lines"."voucher_value_kobo" is null or ("order_lines"."voucher_value_kobo" > "order_lines"."unit_price_kobo" and ("order_lines"."voucher_valid_days" is null) <> ("order_lines"."voucher_valid_until" is null)));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_of_goods" CHECK (("orders"."kind" = 'goods') = ("orders"."fulfilment" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_when_delivered" CHECK (("orders"."fulfilment" = 'delivery') = ("orders"."delivery_address" is not null));