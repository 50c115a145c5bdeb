CREATE TYPE "public"."points_entry_kind" AS ENUM('earn', 'pending', 'approve', 'reverse', 'spend', 'expire', 'adjust');--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" "points_entry_kind" NOT NULL,
	"available_delta" integer DEFAULT 0 NOT NULL,
	"pending_delta" integer DEFAULT 0 NOT NULL,
	"cause" text NOT NULL,
	"business_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_entries_moves_points" CHECK ("points_entries"."available_delta" <> 0 or "points_entries"."pending_delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "points_wallets" (
	"user_id" text PRIMARY KEY NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_wallets_not_negative" CHECK ("points_wallets"."available" >= 0 and "points_wallets"."pending" >= 0)
);
--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_wallets" ADD CONSTRAINT "points_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_entries_cause_key" ON "points_entries" USING btree ("cause");--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "points_entries_pending_idx" ON "points_entries" USING btree ("created_at") WHERE "points_entries"."kind" = 'pending';