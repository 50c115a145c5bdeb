CREATE TYPE "public"."voucher_gift_status" AS ENUM('scheduled', 'sent', 'claimed', 'cancelled');--> statement-breakpoint
CREATE TABLE "voucher_gifts" (
	"id" text PRIMARY KEY NOT NULL,
	"voucher_id" text NOT NULL,
	"giver_id" text,
	"giver_name" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"deliver_on" date NOT NULL,
	"token" text NOT NULL,
	"status" "voucher_gift_status" DEFAULT 'scheduled' NOT NULL,
	"sent_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_voucher_id_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."vouchers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_gifts" ADD CONSTRAINT "voucher_gifts_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_gifts_token_key" ON "voucher_gifts" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_gifts_open_key" ON "voucher_gifts" USING btree ("voucher_id") WHERE "voucher_gifts"."status" in ('scheduled', 'sent');--> statement-breakpoint
CREATE INDEX "voucher_gifts_due_idx" ON "voucher_gifts" USING btree ("deliver_on") WHERE "voucher_gifts"."status" = 'scheduled';