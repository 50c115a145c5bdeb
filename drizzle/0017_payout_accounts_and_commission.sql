CREATE TABLE "payout_accounts" (
	"business_id" text PRIMARY KEY NOT NULL,
	"subaccount_code" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_last4" text NOT NULL,
	"set_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_last4" CHECK ("payout_accounts"."account_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
DROP INDEX "refunds_order_key";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_rate_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_kobo" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_subaccount" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_subaccount_key" ON "payout_accounts" USING btree ("subaccount_code");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_commission_within_items" CHECK ("orders"."commission_kobo" >= 0 and "orders"."commission_kobo" <= "orders"."subtotal_kobo" and "orders"."commission_rate_bp" between 0 and 10000);