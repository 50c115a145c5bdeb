CREATE TYPE "public"."reward_kind" AS ENUM('airtime', 'data', 'partner_voucher', 'business');--> statement-breakpoint
CREATE TYPE "public"."reward_redemption_status" AS ENUM('issued', 'used');--> statement-breakpoint
CREATE TYPE "public"."reward_status" AS ENUM('active', 'archived');--> statement-breakpoint
CREATE TABLE "reward_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"reward_id" text NOT NULL,
	"code" text NOT NULL,
	"redemption_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"reward_id" text NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text,
	"name" text NOT NULL,
	"points" integer NOT NULL,
	"code" text NOT NULL,
	"request_key" text NOT NULL,
	"status" "reward_redemption_status" DEFAULT 'issued' NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_redemptions_points_positive" CHECK ("reward_redemptions"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text,
	"kind" "reward_kind" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_id" text,
	"image_id" text,
	"points_cost" integer NOT NULL,
	"stock" integer,
	"per_shopper_limit" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"status" "reward_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_points_cost_range" CHECK ("rewards"."points_cost" between 1 and 1000000),
	CONSTRAINT "rewards_stock_not_negative" CHECK ("rewards"."stock" is null or "rewards"."stock" >= 0),
	CONSTRAINT "rewards_per_shopper_positive" CHECK ("rewards"."per_shopper_limit" is null or "rewards"."per_shopper_limit" > 0),
	CONSTRAINT "rewards_days_in_order" CHECK ("rewards"."ends_on" is null or "rewards"."ends_on" >= "rewards"."starts_on"),
	CONSTRAINT "rewards_kind_matches_owner" CHECK (("rewards"."business_id" is null) = ("rewards"."kind" <> 'business')
        and ("rewards"."business_id" is not null or "rewards"."stock" is not null))
);
--> statement-breakpoint
ALTER TABLE "reward_codes" ADD CONSTRAINT "reward_codes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_reward_code_key" ON "reward_codes" USING btree ("reward_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_codes_redemption_key" ON "reward_codes" USING btree ("redemption_id");--> statement-breakpoint
CREATE INDEX "reward_codes_free_idx" ON "reward_codes" USING btree ("reward_id","created_at") WHERE "reward_codes"."redemption_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_request_key" ON "reward_redemptions" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "reward_redemptions_user_idx" ON "reward_redemptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_redemptions_reward_user_idx" ON "reward_redemptions" USING btree ("reward_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_business_code_key" ON "reward_redemptions" USING btree ("business_id","code") WHERE "reward_redemptions"."business_id" is not null;--> statement-breakpoint
CREATE INDEX "rewards_business_idx" ON "rewards" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "rewards_status_idx" ON "rewards" USING btree ("status","points_cost");--> statement-breakpoint
CREATE INDEX "rewards_category_idx" ON "rewards" USING btree ("category_id");