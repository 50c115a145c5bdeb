-- Written by hand (render cache, issue 5). Which businesses' public pages changed, and when:
-- server/page-cache.ts polls this table and rebuilds those pages, so a change made anywhere (the
-- app, a script, psql) reaches every instance's cached /{slug} within seconds.
--
-- Statement-level triggers with transition tables: a batch of 1,000 products costs one upsert
-- per statement, not one per row. PostgreSQL allows a transition table on a trigger of one event
-- only, hence three triggers per table.
CREATE TABLE "page_changes" (
  "business_id" text PRIMARY KEY NOT NULL,
  "changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_changes_changed_at_idx" ON "page_changes" USING btree ("changed_at");
--> statement-breakpoint
-- TG_ARGV[0] is the column of the changed rows that holds the business id. DISTINCT goes in a
-- subquery: clock_timestamp() differs per row, so beside it duplicates would survive and the
-- upsert would hit one business twice, which PostgreSQL refuses.
CREATE FUNCTION "oja_note_page_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO page_changes (business_id, changed_at)
       SELECT business_id, clock_timestamp()
       FROM (SELECT DISTINCT %I AS business_id FROM changed_rows WHERE %I IS NOT NULL) changed
     ON CONFLICT (business_id) DO UPDATE SET changed_at = excluded.changed_at',
    TG_ARGV[0], TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Pictures belong to a product; the page that shows them is its business's.
CREATE FUNCTION "oja_note_product_image_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (business_id, changed_at)
    SELECT business_id, clock_timestamp()
    FROM (SELECT DISTINCT p.business_id FROM changed_rows r JOIN products p ON p.id = r.product_id) changed
  ON CONFLICT (business_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_page_insert" AFTER INSERT ON "businesses" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('id');
--> statement-breakpoint
CREATE TRIGGER "businesses_page_update" AFTER UPDATE ON "businesses" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('id');
--> statement-breakpoint
CREATE TRIGGER "businesses_page_delete" AFTER DELETE ON "businesses" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('id');
--> statement-breakpoint
CREATE TRIGGER "products_page_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "products_page_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "products_page_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "product_images_page_insert" AFTER INSERT ON "product_images" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_product_image_changes();
--> statement-breakpoint
CREATE TRIGGER "product_images_page_update" AFTER UPDATE ON "product_images" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_product_image_changes();
--> statement-breakpoint
CREATE TRIGGER "product_images_page_delete" AFTER DELETE ON "product_images" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_product_image_changes();
--> statement-breakpoint
CREATE TRIGGER "partnerships_page_insert" AFTER INSERT ON "partnerships" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "partnerships_page_update" AFTER UPDATE ON "partnerships" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "partnerships_page_delete" AFTER DELETE ON "partnerships" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
