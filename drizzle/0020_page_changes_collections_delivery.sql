-- Written by hand (issue 17, decision 033). The render cache now keeps collections and product
-- pages too, and a product page shows its business's delivery and pickup choices: note changes
-- to those tables in page_changes, like 0006 does for businesses, products and pictures.
CREATE TRIGGER "collections_page_insert" AFTER INSERT ON "collections" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "collections_page_update" AFTER UPDATE ON "collections" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "collections_page_delete" AFTER DELETE ON "collections" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
-- A collection's products belong to the collection; the page that lists them is its business's.
CREATE FUNCTION "oja_note_collection_product_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (business_id, changed_at)
    SELECT business_id, clock_timestamp()
    FROM (SELECT DISTINCT c.business_id FROM changed_rows r JOIN collections c ON c.id = r.collection_id) changed
  ON CONFLICT (business_id) DO UPDATE SET changed_at = excluded.changed_at;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "collection_products_page_insert" AFTER INSERT ON "collection_products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_collection_product_changes();
--> statement-breakpoint
CREATE TRIGGER "collection_products_page_update" AFTER UPDATE ON "collection_products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_collection_product_changes();
--> statement-breakpoint
CREATE TRIGGER "collection_products_page_delete" AFTER DELETE ON "collection_products" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_collection_product_changes();
--> statement-breakpoint
CREATE TRIGGER "delivery_settings_page_insert" AFTER INSERT ON "delivery_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "delivery_settings_page_update" AFTER UPDATE ON "delivery_settings" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "delivery_settings_page_delete" AFTER DELETE ON "delivery_settings" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "delivery_areas_page_insert" AFTER INSERT ON "delivery_areas" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "delivery_areas_page_update" AFTER UPDATE ON "delivery_areas" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "delivery_areas_page_delete" AFTER DELETE ON "delivery_areas" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
