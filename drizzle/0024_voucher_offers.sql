CREATE TYPE "public"."voucher_offer_status" AS ENUM('active', 'paused', 'ended');--> statement-breakpoint
CREATE TABLE "voucher_offer_images" (
	"offer_id" text NOT NULL,
	"image_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "voucher_offer_images_offer_id_image_id_pk" PRIMARY KEY("offer_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "voucher_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"value_kobo" bigint NOT NULL,
	"price_kobo" bigint NOT NULL,
	"valid_days" integer,
	"valid_until" date,
	"total_quantity" integer,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"per_shopper_limit" integer,
	"fine_print" text DEFAULT '' NOT NULL,
	"status" "voucher_offer_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voucher_offers_price_positive" CHECK ("voucher_offers"."price_kobo" > 0),
	CONSTRAINT "voucher_offers_price_below_value" CHECK ("voucher_offers"."price_kobo" < "voucher_offers"."value_kobo"),
	CONSTRAINT "voucher_offers_one_validity" CHECK (("voucher_offers"."valid_days" is null) <> ("voucher_offers"."valid_until" is null)),
	CONSTRAINT "voucher_offers_valid_days_range" CHECK ("voucher_offers"."valid_days" is null or "voucher_offers"."valid_days" between 1 and 1095),
	CONSTRAINT "voucher_offers_quantity" CHECK ("voucher_offers"."sold_count" >= 0 and ("voucher_offers"."total_quantity" is null or "voucher_offers"."sold_count" <= "voucher_offers"."total_quantity")),
	CONSTRAINT "voucher_offers_per_shopper_positive" CHECK ("voucher_offers"."per_shopper_limit" is null or "voucher_offers"."per_shopper_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "voucher_offer_images" ADD CONSTRAINT "voucher_offer_images_offer_id_voucher_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."voucher_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_offer_images" ADD CONSTRAINT "voucher_offer_images_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_offers" ADD CONSTRAINT "voucher_offers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voucher_offers_business_idx" ON "voucher_offers" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "voucher_offers_status_created_idx" ON "voucher_offers" USING btree ("status","created_at");--> statement-breakpoint
-- Written by hand (issue 19, decision 038): offers show on their business's pages and on the
-- marketplace's (the home page): note their changes in page_changes, as 0006 and 0020 do for
-- products and collections. Pictures change only with their offer's row (saveOffer writes both).
CREATE TRIGGER "voucher_offers_page_insert" AFTER INSERT ON "voucher_offers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "voucher_offers_page_update" AFTER UPDATE ON "voucher_offers" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "voucher_offers_page_delete" AFTER DELETE ON "voucher_offers" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
