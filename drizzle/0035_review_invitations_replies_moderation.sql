CREATE TYPE "public"."review_flag_outcome" AS ENUM('kept', 'removed', 'edit_requested');--> statement-breakpoint
CREATE TYPE "public"."review_flag_reason" AS ENUM('harmful', 'personal_data', 'advertising', 'not_genuine', 'wrong_business');--> statement-breakpoint
CREATE TYPE "public"."review_flag_source" AS ENUM('business', 'shopper');--> statement-breakpoint
CREATE TYPE "public"."review_invitation_source" AS ENUM('order', 'manual');--> statement-breakpoint
ALTER TYPE "public"."review_status" ADD VALUE 'held';--> statement-breakpoint
CREATE TABLE "review_flags" (
	"id" text PRIMARY KEY NOT NULL,
	"review_id" text NOT NULL,
	"reporter_id" text NOT NULL,
	"source" "review_flag_source" NOT NULL,
	"reason" "review_flag_reason" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"outcome" "review_flag_outcome",
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"source" "review_invitation_source" NOT NULL,
	"email" text NOT NULL,
	"shopper_id" text,
	"order_id" text,
	"sent_by" text,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"token_hash" text,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"skipped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_invitations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "review_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"business_id" text PRIMARY KEY NOT NULL,
	"invitation_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_stats" ADD COLUMN "replied_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_by" text;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_flags" ADD CONSTRAINT "review_flags_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_invitations" ADD CONSTRAINT "review_invitations_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_flags_one_per_account" ON "review_flags" USING btree ("review_id","reporter_id");--> statement-breakpoint
CREATE INDEX "review_flags_open_idx" ON "review_flags" USING btree ("created_at") WHERE "review_flags"."outcome" is null;--> statement-breakpoint
CREATE INDEX "review_invitations_due_idx" ON "review_invitations" USING btree ("send_at") WHERE "review_invitations"."sent_at" is null and "review_invitations"."skipped_reason" is null;--> statement-breakpoint
CREATE INDEX "review_invitations_business_idx" ON "review_invitations" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "review_invitations_email_idx" ON "review_invitations" USING btree ("business_id","email","created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_invitation_id_review_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."review_invitations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_fulfilled_idx" ON "orders" USING btree ("fulfilled_at") WHERE "orders"."status" = 'fulfilled';--> statement-breakpoint
CREATE INDEX "reviews_helpful_idx" ON "reviews" USING btree ("business_id","helpful_count","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");