CREATE TYPE "public"."review_experience_kind" AS ENUM('order', 'voucher', 'check_in', 'invoice');--> statement-breakpoint
CREATE TYPE "public"."review_status" AS ENUM('published', 'removed');--> statement-breakpoint
CREATE TABLE "review_stats" (
	"business_id" text PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"one_star" integer DEFAULT 0 NOT NULL,
	"two_stars" integer DEFAULT 0 NOT NULL,
	"three_stars" integer DEFAULT 0 NOT NULL,
	"four_stars" integer DEFAULT 0 NOT NULL,
	"five_stars" integer DEFAULT 0 NOT NULL,
	"weight_sum" double precision DEFAULT 0 NOT NULL,
	"weighted_stars" double precision DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"author_id" text,
	"stars" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"experienced_on" date NOT NULL,
	"experience_kind" "review_experience_kind",
	"experience_id" text,
	"invitation_id" text,
	"status" "review_status" DEFAULT 'published' NOT NULL,
	"removed_reason" text,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"weight" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_stars" CHECK ("reviews"."stars" between 1 and 5),
	CONSTRAINT "reviews_experience_whole" CHECK (("reviews"."experience_kind" is null) = ("reviews"."experience_id" is null))
);
--> statement-breakpoint
ALTER TABLE "review_stats" ADD CONSTRAINT "review_stats_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_business_idx" ON "reviews" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "reviews_author_idx" ON "reviews" USING btree ("author_id","business_id","created_at");