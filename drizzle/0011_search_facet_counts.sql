-- Written by hand (search speed, issue 5). What lets a search read dozens of rows
-- instead of 100,000 (bench/README.md, search):
--
-- 1. oja_unaccent() becomes inlinable. The wrapper of 0004 is a SQL function around the STABLE
--    unaccent(regdictionary, text), so the planner could not inline it and every call went
--    through the SQL-function executor: ~2 µs a row, most of a search's time per matched row.
--    Pointing an IMMUTABLE C declaration at the same C entry point (unaccent_dict, the
--    function behind unaccent(regdictionary, text)) lets the SQL wrapper inline into a direct
--    call: same results, so the indexes built on oja_unaccent() stay valid. Declaring a C
--    function needs a superuser; without one (a managed PostgreSQL) the wrapper becomes
--    PL/pgSQL instead, slower than C but faster than before. COST 100 is what the planner
--    assumed of the old SQL wrapper: at the C default of 1 it takes a filter of trigram
--    operators over every row for cheap and scans 100,000 products instead of the indexes.
-- 2. Facet counts for browsing without words, kept by triggers: active products of active
--    businesses per (category, city, price bucket), active businesses per (category, city).
-- 3. The distinct names of products, kept by triggers, for typos and autocomplete.
-- 4. Indexes for the page of a browse (price and name order), for a business's cheapest
--    product, and for a product match's business (index-only).
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    CREATE FUNCTION "oja_unaccent_dict"(regdictionary, text) RETURNS text
      LANGUAGE c IMMUTABLE PARALLEL SAFE STRICT COST 100 AS '$libdir/unaccent', 'unaccent_dict';
    CREATE OR REPLACE FUNCTION "oja_unaccent"(text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      RETURN oja_unaccent_dict('public.unaccent'::regdictionary, $1);
  ELSE
    CREATE OR REPLACE FUNCTION "oja_unaccent"(text) RETURNS text
      LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
      AS $body$ BEGIN RETURN public.unaccent('public.unaccent'::regdictionary, $1); END $body$;
  END IF;
END $$;
--> statement-breakpoint
-- The price buckets of app/search/search-query.ts (priceRanges), by index; a test checks that
-- both agree. Not STRICT: the planner inlines only a SQL function whose body is as strict as
-- it is, and a CASE is not (called, it cost ~1.5 µs a row in a facet over 10,000 matches).
CREATE FUNCTION "oja_price_bucket"(price_kobo bigint) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE WHEN price_kobo IS NULL THEN NULL WHEN price_kobo < 500000 THEN 0
    WHEN price_kobo < 2000000 THEN 1 WHEN price_kobo < 5000000 THEN 2
    WHEN price_kobo < 10000000 THEN 3 ELSE 4 END;
--> statement-breakpoint
CREATE TABLE "search_product_counts" (
  "category_id" text NOT NULL,
  "city" text NOT NULL,
  "price_bucket" smallint NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("category_id", "city", "price_bucket")
);
--> statement-breakpoint
CREATE TABLE "search_business_counts" (
  "category_id" text NOT NULL,
  "city" text NOT NULL,
  "count" integer NOT NULL,
  PRIMARY KEY ("category_id", "city")
);
--> statement-breakpoint
-- Adds signed deltas to the counts; a key whose count reaches zero goes.
CREATE FUNCTION "oja_add_product_counts"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_product_counts AS t (category_id, city, price_bucket, count)
    SELECT d.category_id, d.city, d.price_bucket, d.delta
    FROM jsonb_to_recordset(deltas) AS d(category_id text, city text, price_bucket smallint, delta integer)
    WHERE d.delta <> 0
  ON CONFLICT (category_id, city, price_bucket) DO UPDATE SET count = t.count + excluded.count;
  DELETE FROM search_product_counts WHERE count = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION "oja_add_business_counts"(deltas jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_business_counts AS t (category_id, city, count)
    SELECT d.category_id, d.city, d.delta
    FROM jsonb_to_recordset(deltas) AS d(category_id text, city text, delta integer)
    WHERE d.delta <> 0
  ON CONFLICT (category_id, city) DO UPDATE SET count = t.count + excluded.count;
  DELETE FROM search_business_counts WHERE count = 0;
END $$;
--> statement-breakpoint
-- The distinct names of products, unaccented and lower-case, with how many products bear each
-- (any status). Typos and autocomplete match names by trigrams; over 100,000 product rows that
-- reads long posting lists for every trigram (7–13 ms a word here) and rechecks thousands of
-- rows, while shops selling the same thing share names ("Swedish Massage"): matching the
-- distinct names, then fetching their products by key (products_name_key_idx), reads far less.
CREATE TABLE "search_product_names" (
  "name_key" text PRIMARY KEY NOT NULL,
  "count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_product_names_trgm_idx" ON "search_product_names" USING gin ("name_key" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "search_product_names_prefix_idx" ON "search_product_names" ("name_key" text_pattern_ops);
--> statement-breakpoint
-- Every count from scratch: the backfill below, after a TRUNCATE, and a repair by hand.
CREATE FUNCTION "oja_rebuild_search_counts"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_product_counts;
  INSERT INTO search_product_counts (category_id, city, price_bucket, count)
    SELECT b.category_id, b.city, oja_price_bucket(p.price_kobo), count(*)
    FROM products p JOIN businesses b ON b.id = p.business_id
    WHERE p.status = 'active' AND b.status = 'active'
    GROUP BY 1, 2, 3;
  DELETE FROM search_business_counts;
  INSERT INTO search_business_counts (category_id, city, count)
    SELECT category_id, city, count(*) FROM businesses WHERE status = 'active' GROUP BY 1, 2;
  DELETE FROM search_product_names;
  INSERT INTO search_product_names (name_key, count)
    SELECT oja_unaccent(lower(name)), count(*) FROM products GROUP BY 1;
END $$;
--> statement-breakpoint
CREATE FUNCTION "oja_rebuild_search_counts_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM oja_rebuild_search_counts();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Products counted in a statement's changed rows: +1 for each new row and -1 for each old row of
-- an active product of an active business. The business is read as it is now (a product
-- statement never changes it) and share-locked first, so a concurrent change of its status,
-- city or category waits for this transaction and then sees these products, or this one waits
-- for it and sees the business as changed: the counts cannot drift either way. A product whose
-- business is gone (deleted by the cascade of a business delete) counts nothing here: the
-- business's own delete trigger has taken its products out already.
CREATE FUNCTION "oja_product_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM businesses WHERE id IN (SELECT business_id FROM new_rows) FOR SHARE;
    SELECT jsonb_agg(d) INTO deltas FROM (
      SELECT b.category_id, b.city, oja_price_bucket(n.price_kobo) AS price_bucket, count(*) AS delta
      FROM new_rows n JOIN businesses b ON b.id = n.business_id
      WHERE n.status = 'active' AND b.status = 'active' GROUP BY 1, 2, 3) d;
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM businesses
      WHERE id IN (SELECT business_id FROM new_rows UNION SELECT business_id FROM old_rows) FOR SHARE;
    SELECT jsonb_agg(d) INTO deltas FROM (
      SELECT category_id, city, price_bucket, sum(delta) AS delta FROM (
        SELECT b.category_id, b.city, oja_price_bucket(n.price_kobo) AS price_bucket, 1 AS delta
          FROM new_rows n JOIN businesses b ON b.id = n.business_id
          WHERE n.status = 'active' AND b.status = 'active'
        UNION ALL
        SELECT b.category_id, b.city, oja_price_bucket(o.price_kobo), -1
          FROM old_rows o JOIN businesses b ON b.id = o.business_id
          WHERE o.status = 'active' AND b.status = 'active') changes
      GROUP BY 1, 2, 3) d;
  ELSE
    SELECT jsonb_agg(d) INTO deltas FROM (
      SELECT b.category_id, b.city, oja_price_bucket(o.price_kobo) AS price_bucket, -count(*) AS delta
      FROM old_rows o JOIN businesses b ON b.id = o.business_id
      WHERE o.status = 'active' AND b.status = 'active' GROUP BY 1, 2, 3) d;
  END IF;
  IF deltas IS NOT NULL THEN PERFORM oja_add_product_counts(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_counts_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_counts_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_counts_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_counts_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION oja_rebuild_search_counts_trigger();
--> statement-breakpoint
CREATE FUNCTION "oja_product_names_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(name_key, delta) INTO deltas FROM (
      SELECT oja_unaccent(lower(name)) AS name_key, count(*) AS delta FROM new_rows GROUP BY 1) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(name_key, delta) INTO deltas FROM (
      SELECT oja_unaccent(lower(name)) AS name_key, -count(*) AS delta FROM old_rows GROUP BY 1) d;
  ELSE
    SELECT jsonb_object_agg(name_key, delta) INTO deltas FROM (
      SELECT name_key, sum(delta) AS delta FROM (
        SELECT oja_unaccent(lower(name)) AS name_key, 1 AS delta FROM new_rows
        UNION ALL
        SELECT oja_unaccent(lower(name)), -1 FROM old_rows) changes
      GROUP BY 1 HAVING sum(delta) <> 0) d;
  END IF;
  IF deltas IS NOT NULL THEN
    INSERT INTO search_product_names AS t (name_key, count)
      SELECT key, value::int FROM jsonb_each_text(deltas)
    ON CONFLICT (name_key) DO UPDATE SET count = t.count + excluded.count;
    DELETE FROM search_product_names
      WHERE name_key IN (SELECT jsonb_object_keys(deltas)) AND count = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_names_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_names_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_names_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_names_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_names_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_names_changed();
--> statement-breakpoint
-- A business counts itself, and its active products count under its category and city, while
-- it is active: an insert adds it (it has no products yet), an update moves it and its products
-- between keys, in or out.
CREATE FUNCTION "oja_business_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(d) INTO deltas FROM (
      SELECT category_id, city, count(*) AS delta FROM new_rows WHERE status = 'active' GROUP BY 1, 2) d;
    IF deltas IS NOT NULL THEN PERFORM oja_add_business_counts(deltas); END IF;
    RETURN NULL;
  END IF;
  SELECT jsonb_agg(d) INTO deltas FROM (
    SELECT category_id, city, sum(delta) AS delta FROM (
      SELECT category_id, city, 1 AS delta FROM new_rows WHERE status = 'active'
      UNION ALL
      SELECT category_id, city, -1 FROM old_rows WHERE status = 'active') changes
    GROUP BY 1, 2) d;
  IF deltas IS NOT NULL THEN PERFORM oja_add_business_counts(deltas); END IF;
  SELECT jsonb_agg(d) INTO deltas FROM (
    SELECT category_id, city, price_bucket, sum(delta) AS delta FROM (
      SELECT n.category_id, n.city, oja_price_bucket(p.price_kobo) AS price_bucket, 1 AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN products p ON p.business_id = n.id
        WHERE p.status = 'active' AND n.status = 'active'
          AND (o.status <> 'active' OR o.category_id <> n.category_id OR o.city <> n.city)
      UNION ALL
      SELECT o.category_id, o.city, oja_price_bucket(p.price_kobo), -1
        FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN products p ON p.business_id = o.id
        WHERE p.status = 'active' AND o.status = 'active'
          AND (n.status <> 'active' OR o.category_id <> n.category_id OR o.city <> n.city)) changes
    GROUP BY 1, 2, 3) d;
  IF deltas IS NOT NULL THEN PERFORM oja_add_product_counts(deltas); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deletes are taken out before the row goes: the products it cascades to are deleted after it,
-- when their business can no longer be read.
CREATE FUNCTION "oja_business_counts_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'active' THEN
    PERFORM oja_add_business_counts(jsonb_build_array(jsonb_build_object(
      'category_id', OLD.category_id, 'city', OLD.city, 'delta', -1)));
    PERFORM oja_add_product_counts(coalesce((SELECT jsonb_agg(d) FROM (
      SELECT OLD.category_id AS category_id, OLD.city AS city,
        oja_price_bucket(p.price_kobo) AS price_bucket, -count(*) AS delta
      FROM products p WHERE p.business_id = OLD.id AND p.status = 'active' GROUP BY 3) d), '[]'));
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_search_counts_insert" AFTER INSERT ON "businesses" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_business_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "businesses_search_counts_update" AFTER UPDATE ON "businesses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_business_counts_changed();
--> statement-breakpoint
CREATE TRIGGER "businesses_search_counts_delete" BEFORE DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION oja_business_counts_deleting();
--> statement-breakpoint
CREATE TRIGGER "businesses_search_counts_truncate" AFTER TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION oja_rebuild_search_counts_trigger();
--> statement-breakpoint
SELECT oja_rebuild_search_counts();
--> statement-breakpoint
-- The page of a browse in price or name order, read in index order like newest-first
-- (products_status_created_idx, businesses_status_created_idx). The name expressions must stay
-- exactly as search.server.ts writes its sort key.
CREATE INDEX "products_status_price_idx" ON "products" USING btree ("status", "price_kobo");
--> statement-breakpoint
CREATE INDEX "products_name_order_idx" ON "products" (((oja_unaccent(lower("name")) || ' ' || "name") COLLATE "C")) WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "businesses_name_order_idx" ON "businesses" (((oja_unaccent(lower("name")) || ' ' || "name") COLLATE "C")) WHERE "status" = 'active';
--> statement-breakpoint
-- A business's cheapest active product (the price sorts and filters of businesses) in one index
-- probe instead of reading all its products.
CREATE INDEX "products_business_price_idx" ON "products" USING btree ("business_id", "price_kobo") WHERE "status" = 'active';
--> statement-breakpoint
-- A name's active products in id order: the products of matched names (typos), and the first
-- of each for a suggestion.
CREATE INDEX "products_name_key_idx" ON "products" (oja_unaccent(lower("name")), "id" COLLATE "C") WHERE "status" = 'active';
--> statement-breakpoint
-- What a product match needs of its business (is it active, its category and city for the
-- facets) in an index-only scan: 10,000 businesses in ~1 ms instead of reading their wide rows.
CREATE INDEX "businesses_search_keys_idx" ON "businesses" USING btree ("id") INCLUDE ("status", "category_id", "city");
