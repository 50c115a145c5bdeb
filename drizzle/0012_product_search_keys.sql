-- Written by hand (search speed, issue 5). What a product match needs of its business, copied
-- onto the product so a search reads products alone (bench/README.md, search): whether the
-- business is active, its category and its city (the facets and filters), and the product's
-- name key, oja_unaccent(lower(name)), which relevance groups by. Joining every match to its
-- business cost ~7 ms over "massage"'s 8,362 products and working out the name keys ~4 ms, of
-- a search that had 30 ms. "Open now" still reads the business's hours through a join.
--
-- Like search_document (0004), these columns live only in the database: Drizzle's tables don't
-- know them, inserts leave them to the triggers below, and search.server.ts reads them in SQL.
ALTER TABLE "products" ADD COLUMN "search_business_active" boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_category_id" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_city" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name_key" text;
--> statement-breakpoint
UPDATE "products" p SET "search_business_active" = (b.status = 'active'),
  "search_category_id" = b.category_id, "search_city" = b.city,
  "search_name_key" = oja_unaccent(lower(p.name))
  FROM "businesses" b WHERE b.id = p.business_id;
--> statement-breakpoint
-- A product takes its business's keys when it is made or moved, and its name key when renamed.
-- The business is share-locked while it is read: a concurrent change of its status, city or
-- category then waits for this transaction, and its cascade below sees this product, or this
-- one waits for that change and reads the business as changed. Either way no product keeps a
-- business's old keys (the same reasoning as the counts of 0011).
CREATE FUNCTION "products_search_keys_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT b.status = 'active', b.category_id, b.city
    INTO NEW.search_business_active, NEW.search_category_id, NEW.search_city
    FROM businesses b WHERE b.id = NEW.business_id FOR SHARE;
  NEW.search_name_key := oja_unaccent(lower(NEW.name));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_keys" BEFORE INSERT OR UPDATE OF business_id, name
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_keys_fill"();
--> statement-breakpoint
CREATE FUNCTION "businesses_search_keys_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_business_active = (NEW.status = 'active'),
    search_category_id = NEW.category_id, search_city = NEW.city
    WHERE business_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_search_keys_cascade" AFTER UPDATE OF status, city, category_id
  ON "businesses" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.city IS DISTINCT FROM NEW.city
        OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION "businesses_search_keys_cascade"();
