CREATE TYPE "public"."partnership_status" AS ENUM('proposed', 'active', 'ended');--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"partner_id" text NOT NULL,
	"offer_title" text NOT NULL,
	"offer_details" text DEFAULT '' NOT NULL,
	"offer_code" text DEFAULT '' NOT NULL,
	"status" "partnership_status" DEFAULT 'proposed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partnerships_not_self" CHECK ("partnerships"."business_id" <> "partnerships"."partner_id")
);
--> statement-breakpoint
CREATE TABLE "business_follows" (
	"user_id" text NOT NULL,
	"business_id" text NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_follows_user_id_business_id_pk" PRIMARY KEY("user_id","business_id")
);
--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_partner_id_businesses_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_follows" ADD CONSTRAINT "business_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_follows" ADD CONSTRAINT "business_follows_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_pair_key" ON "partnerships" USING btree ("business_id","partner_id");--> statement-breakpoint
CREATE INDEX "partnerships_partner_idx" ON "partnerships" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "business_follows_business_created_idx" ON "business_follows" USING btree ("business_id","created_at");