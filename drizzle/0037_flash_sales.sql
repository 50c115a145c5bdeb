CREATE TYPE "public"."flash_hold_status" AS ENUM('held', 'sold', 'released');--> statement-breakpoint
CREATE TABLE "flash_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"sale_id" text NOT NULL,
	"shopper_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"status" "flash_hold_status" DEFAULT 'held' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_holds_quantity_positive" CHECK ("flash_holds"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "flash_sales" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"product_id" text NOT NULL,
	"size" text,
	"units" integer NOT NULL,
	"sale_price_kobo" bigint NOT NULL,
	"was_price_kobo" bigint NOT NULL,
	"per_shopper_limit" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "flash_sales_units_positive" CHECK ("flash_sales"."units" > 0),
	CONSTRAINT "flash_sales_price_below_was" CHECK ("flash_sales"."sale_price_kobo" > 0 and "flash_sales"."sale_price_kobo" < "flash_sales"."was_price_kobo"),
	CONSTRAINT "flash_sales_limit_positive" CHECK ("flash_sales"."per_shopper_limit" > 0),
	CONSTRAINT "flash_sales_ends_after_start" CHECK ("flash_sales"."ends_at" > "flash_sales"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "product_prices" (
	"product_id" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"from_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "flash_hold_id" text;--> statement-breakpoint
ALTER TABLE "flash_holds" ADD CONSTRAINT "flash_holds_sale_id_flash_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."flash_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_holds" ADD CONSTRAINT "flash_holds_shopper_id_users_id_fk" FOREIGN KEY ("shopper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_sales" ADD CONSTRAINT "flash_sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flash_holds_sale_idx" ON "flash_holds" USING btree ("sale_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "flash_holds_shopper_idx" ON "flash_holds" USING btree ("shopper_id","sale_id");--> statement-breakpoint
CREATE INDEX "flash_sales_product_idx" ON "flash_sales" USING btree ("product_id","ends_at");--> statement-breakpoint
CREATE INDEX "flash_sales_business_idx" ON "flash_sales" USING btree ("business_id","starts_at");--> statement-breakpoint
CREATE INDEX "flash_sales_open_idx" ON "flash_sales" USING btree ("ends_at") WHERE "flash_sales"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "product_prices_product_idx" ON "product_prices" USING btree ("product_id","from_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_flash_hold_id_flash_holds_id_fk" FOREIGN KEY ("flash_hold_id") REFERENCES "public"."flash_holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Every product's price history (decision 054), written here so that no path changing a price
-- (the console, an import, the seed, a script) can leave it out. Per statement: an import or a
-- seed of thousands of products is one insert here, not thousands.
CREATE FUNCTION "oja_record_product_prices"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "product_prices" ("product_id", "price_kobo", "from_at")
      SELECT "id", "price_kobo", now() FROM new_rows;
  ELSE
    INSERT INTO "product_prices" ("product_id", "price_kobo", "from_at")
      SELECT n."id", n."price_kobo", now()
      FROM new_rows n JOIN old_rows o ON o."id" = n."id"
      WHERE n."price_kobo" <> o."price_kobo";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_price_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_record_product_prices();--> statement-breakpoint
CREATE TRIGGER "products_price_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_record_product_prices();--> statement-breakpoint
-- The prices products have now, from when they were made: the history before this is unknown.
INSERT INTO "product_prices" ("product_id", "price_kobo", "from_at")
  SELECT "id", "price_kobo", "created_at" FROM "products";
