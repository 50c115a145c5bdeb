CREATE TYPE "public"."discount_kind" AS ENUM('percent', 'amount');--> statement-breakpoint
CREATE TABLE "discount_sale_products" (
	"sale_id" text NOT NULL,
	"product_id" text NOT NULL,
	CONSTRAINT "discount_sale_products_sale_id_product_id_pk" PRIMARY KEY("sale_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "discount_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" "discount_kind" NOT NULL,
	"percent_off" integer,
	"amount_off_kobo" bigint,
	"collection_id" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "discount_sales_amount" CHECK (("discount_sales"."kind" = 'percent' and "discount_sales"."percent_off" between 1 and 90 and "discount_sales"."amount_off_kobo" is null) or ("discount_sales"."kind" = 'amount' and "discount_sales"."amount_off_kobo" > 0 and "discount_sales"."percent_off" is null)),
	CONSTRAINT "discount_sales_ends_after_start" CHECK ("discount_sales"."ends_at" > "discount_sales"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "sale_floor_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_sale_products" ADD CONSTRAINT "discount_sale_products_sale_id_discount_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."discount_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_sale_products" ADD CONSTRAINT "discount_sale_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_sales" ADD CONSTRAINT "discount_sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_sales" ADD CONSTRAINT "discount_sales_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_sales" ADD CONSTRAINT "discount_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_sale_products_product_idx" ON "discount_sale_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "discount_sales_business_idx" ON "discount_sales" USING btree ("business_id","ends_at");--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_sale_floor_percent" CHECK ("businesses"."sale_floor_percent" between 0 and 95);--> statement-breakpoint
-- The price a product has under its business's discount sales at an instant (decision 055): the
-- lowest any live sale covering it gives (its chosen products, or its collection as it is now),
-- never below the business's floor (a percentage of the usual price, rounded up to the kobo)
-- nor below one kobo, and only when it is below the usual price. One rule, written once, for
-- every card, product page, search result and checkout quote. Parameters are used by position:
-- a column called like a parameter would win inside a SQL function.
CREATE FUNCTION "oja_discount_sale"("product" text, "instant" timestamp with time zone)
RETURNS TABLE ("sale_id" text, "price_kobo" bigint, "ends_at" timestamp with time zone)
LANGUAGE sql STABLE AS $$
  SELECT offers.sale_id, offers.price_kobo, offers.ends_at
  FROM (
    SELECT s.id AS sale_id, s.ends_at, p.price_kobo AS usual_kobo,
      greatest(
        CASE s.kind
          WHEN 'percent' THEN p.price_kobo - p.price_kobo * s.percent_off / 100
          ELSE p.price_kobo - s.amount_off_kobo
        END,
        (p.price_kobo * b.sale_floor_percent + 99) / 100,
        1
      ) AS price_kobo
    FROM products p
    JOIN businesses b ON b.id = p.business_id
    JOIN discount_sales s ON s.business_id = p.business_id
    WHERE p.id = $1
      AND s.cancelled_at IS NULL AND s.starts_at <= $2 AND s.ends_at > $2
      AND (
        EXISTS (SELECT 1 FROM discount_sale_products d WHERE d.sale_id = s.id AND d.product_id = p.id)
        OR EXISTS (SELECT 1 FROM collection_products c WHERE c.collection_id = s.collection_id AND c.product_id = p.id)
      )
  ) offers
  WHERE offers.price_kobo < offers.usual_kobo
  ORDER BY offers.price_kobo, offers.ends_at, offers.sale_id
  LIMIT 1
$$;--> statement-breakpoint
-- A sale made, called off or ended early changes its business's pages (render cache, 0006); its
-- start and end change no row, and the cache's one-minute revalidation brings those in.
CREATE TRIGGER "discount_sales_page_insert" AFTER INSERT ON "discount_sales" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');--> statement-breakpoint
CREATE TRIGGER "discount_sales_page_update" AFTER UPDATE ON "discount_sales" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');--> statement-breakpoint
CREATE TRIGGER "discount_sales_page_delete" AFTER DELETE ON "discount_sales" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');--> statement-breakpoint
-- Flash sales show on the home page and the business's pages too (issue 22).
CREATE TRIGGER "flash_sales_page_insert" AFTER INSERT ON "flash_sales" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');--> statement-breakpoint
CREATE TRIGGER "flash_sales_page_update" AFTER UPDATE ON "flash_sales" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');--> statement-breakpoint
CREATE TRIGGER "flash_sales_page_delete" AFTER DELETE ON "flash_sales" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
