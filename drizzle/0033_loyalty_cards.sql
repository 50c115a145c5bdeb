CREATE TABLE "loyalty_programs" (
	"business_id" text PRIMARY KEY NOT NULL,
	"stamps_needed" integer NOT NULL,
	"reward" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_stamps" CHECK ("loyalty_programs"."stamps_needed" between 2 and 50)
);
--> statement-breakpoint
CREATE TABLE "loyalty_rewards_given" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"user_id" text NOT NULL,
	"stamps_used" integer NOT NULL,
	"reward" text NOT NULL,
	"given_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards_given" ADD CONSTRAINT "loyalty_rewards_given_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards_given" ADD CONSTRAINT "loyalty_rewards_given_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_rewards_given" ADD CONSTRAINT "loyalty_rewards_given_given_by_users_id_fk" FOREIGN KEY ("given_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_rewards_given_card" ON "loyalty_rewards_given" USING btree ("business_id","user_id");