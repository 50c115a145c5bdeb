-- Written by hand (search, issue 5). The search documents and indexes live only in the database:
-- the Drizzle tables stay as they are so that `select()` elsewhere never drags a tsvector along,
-- and app/search/search.server.ts reaches these columns through raw SQL.
--
-- unaccent() is STABLE (it looks its dictionary up through search_path), so it cannot appear in
-- an index expression. This wrapper names the dictionary explicitly, which makes the result depend
-- on its argument alone and lets us declare it IMMUTABLE.
CREATE FUNCTION "oja_unaccent"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);
--> statement-breakpoint
-- A business's document: name (A), category name (B), tagline and description (C), city (D).
CREATE FUNCTION "oja_business_document"(name text, tagline text, description text, city text, category_id text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('simple', oja_unaccent(coalesce(name, ''))), 'A')
    || setweight(to_tsvector('simple', oja_unaccent(coalesce(
         (SELECT c.name FROM categories c WHERE c.id = category_id), ''))), 'B')
    || setweight(to_tsvector('simple', oja_unaccent(coalesce(tagline, '') || ' ' || coalesce(description, ''))), 'C')
    || setweight(to_tsvector('simple', oja_unaccent(coalesce(city, ''))), 'D');
--> statement-breakpoint
-- A product's document: name (A), its business's category name and its tags (B), description (C),
-- and the business's name and city (D) so that "jollof lagos" or "suya mama put" find it.
CREATE FUNCTION "oja_product_document"(name text, description text, tags jsonb, business_id text)
  RETURNS tsvector LANGUAGE sql STABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('simple', oja_unaccent(coalesce(name, ''))), 'A')
    || setweight(to_tsvector('simple', oja_unaccent(
         coalesce((SELECT c.name FROM businesses b JOIN categories c ON c.id = b.category_id
                   WHERE b.id = business_id), '')
         || ' ' || coalesce((SELECT string_agg(t, ' ') FROM jsonb_array_elements_text(
                   CASE WHEN jsonb_typeof(tags) = 'array' THEN tags ELSE '[]'::jsonb END) t), ''))), 'B')
    || setweight(to_tsvector('simple', oja_unaccent(coalesce(description, ''))), 'C')
    || setweight(to_tsvector('simple', oja_unaccent(
         coalesce((SELECT b.name || ' ' || b.city FROM businesses b WHERE b.id = business_id), ''))), 'D');
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "search_document" tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" tsvector NOT NULL DEFAULT ''::tsvector;
--> statement-breakpoint
UPDATE "businesses" SET "search_document" = oja_business_document(name, tagline, description, city, category_id);
--> statement-breakpoint
UPDATE "products" SET "search_document" = oja_product_document(name, description, tags, business_id);
--> statement-breakpoint
-- Triggers rather than generated columns: the documents read the category and business names,
-- which a generated column cannot. Seeds and vendor edits therefore need no search code at all.
CREATE FUNCTION "businesses_search_document_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := oja_business_document(NEW.name, NEW.tagline, NEW.description, NEW.city, NEW.category_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_search_document" BEFORE INSERT OR UPDATE OF name, tagline, description, city, category_id
  ON "businesses" FOR EACH ROW EXECUTE FUNCTION "businesses_search_document_fill"();
--> statement-breakpoint
CREATE FUNCTION "products_search_document_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_document := oja_product_document(NEW.name, NEW.description, NEW.tags, NEW.business_id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_search_document" BEFORE INSERT OR UPDATE OF name, description, tags, business_id
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_search_document_fill"();
--> statement-breakpoint
-- A product's document carries its business's name, city and category: refresh it when they change.
CREATE FUNCTION "businesses_search_document_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET search_document = oja_product_document(name, description, tags, business_id)
    WHERE business_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_search_document_cascade" AFTER UPDATE OF name, city, category_id
  ON "businesses" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.city IS DISTINCT FROM NEW.city
        OR OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION "businesses_search_document_cascade"();
--> statement-breakpoint
CREATE FUNCTION "categories_search_document_cascade"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET search_document = oja_business_document(name, tagline, description, city, category_id)
    WHERE category_id = NEW.id;
  UPDATE products p SET search_document = oja_product_document(p.name, p.description, p.tags, p.business_id)
    FROM businesses b WHERE b.id = p.business_id AND b.category_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_search_document_cascade" AFTER UPDATE OF name ON "categories"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "categories_search_document_cascade"();
--> statement-breakpoint
CREATE INDEX "businesses_search_document_idx" ON "businesses" USING gin ("search_document");
--> statement-breakpoint
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document");
--> statement-breakpoint
-- Trigram indexes for typos ("spaa", "jolof") and substring/prefix matches in suggestions.
-- The expressions must stay exactly as search.server.ts writes them, or the planner skips them.
CREATE INDEX "businesses_name_trgm_idx" ON "businesses" USING gin (oja_unaccent(lower(name)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "businesses_city_trgm_idx" ON "businesses" USING gin (oja_unaccent(lower(city)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (oja_unaccent(lower(name)) gin_trgm_ops);
