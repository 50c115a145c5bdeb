-- Custom SQL migration file, put your code below! --
-- Written by hand (search that scales, issue 17; decision 034, "A table of words"). The distinct
-- words of the active products' search documents, each with how many documents have it: what
-- ts_stat() would say of those documents, kept on write so a search can ask it per word.
--
-- A search looked a word up in the distinct product names (search_product_names): whether a
-- word is known, which names read like it (typos), what a typo could be. "massage" is in 2,177
-- of the 45,700 names of the 100,000-product set, so each look-up read, rechecked and listed
-- thousands of names, and the search then probed products for every one of them (~60 ms of a
-- search on an idle machine). The same questions asked of words are a few index probes: the
-- set has tens of thousands of words, and a word reads like a handful of others.
--
-- Like the counts of 0011, the table lives only in the database: Drizzle's schema does not know
-- it, and search.server.ts reads it in SQL. The key collates "C" so that a prefix (the last word
-- of a search, "mass" → massage) is a range of the primary key on both engines.
CREATE TABLE "search_words" (
  "word" text COLLATE "C" PRIMARY KEY NOT NULL,
  -- Active products of active businesses whose document has the word (any weight).
  "products" integer NOT NULL
);
--> statement-breakpoint
-- Typos: the words that read like a searched word ("masage" → massage), through trigrams.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- Whole words of the distinct product names, so "the names that have one of these words" (a
-- business found by what it sells) is an index look-up instead of a pass over every name.
CREATE INDEX "search_product_names_words_idx" ON "search_product_names" USING gin (to_tsvector('simple', "name_key"));
--> statement-breakpoint
-- Every count from scratch: the backfill below, after a TRUNCATE, and a repair by hand.
CREATE FUNCTION "oja_rebuild_search_words"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  INSERT INTO search_words (word, products)
    SELECT w.word, count(*)::int
    FROM products p CROSS JOIN LATERAL unnest(tsvector_to_array(p.search_document)) AS w(word)
    WHERE p.status = 'active' AND p.search_business_active
    GROUP BY w.word;
END $$;
--> statement-breakpoint
SELECT oja_rebuild_search_words();
--> statement-breakpoint
CREATE FUNCTION "oja_rebuild_search_words_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM oja_rebuild_search_words();
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A statement's changed products, as +1 per word of each new row and -1 per word of each old row
-- that counts (an active product of an active business). An update that leaves a row's
-- document and whether it counts as they were (stock after every order, a price) adds nothing
-- and reads no document. The words are written in one order ("C"), so two transactions writing
-- products lock the rows of the words they share in the same order and cannot deadlock on them.
CREATE FUNCTION "oja_product_words_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_object_agg(word, delta) INTO deltas FROM (
      SELECT w.word, count(*) AS delta
      FROM new_rows n CROSS JOIN LATERAL unnest(tsvector_to_array(n.search_document)) AS w(word)
      WHERE n.status = 'active' AND n.search_business_active
      GROUP BY w.word) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(word, delta) INTO deltas FROM (
      SELECT w.word, -count(*) AS delta
      FROM old_rows o CROSS JOIN LATERAL unnest(tsvector_to_array(o.search_document)) AS w(word)
      WHERE o.status = 'active' AND o.search_business_active
      GROUP BY w.word) d;
  ELSE
    -- Products keep their id, so each new row meets its old self.
    SELECT jsonb_object_agg(word, delta) INTO deltas FROM (
      SELECT word, sum(delta) AS delta FROM (
        SELECT w.word, CASE WHEN side.counts THEN 1 ELSE -1 END AS delta
        FROM new_rows n JOIN old_rows o ON o.id = n.id
          CROSS JOIN LATERAL (VALUES
            (n.search_document, n.status = 'active' AND n.search_business_active, true),
            (o.search_document, o.status = 'active' AND o.search_business_active, false)
          ) AS side(document, active, counts)
          CROSS JOIN LATERAL unnest(tsvector_to_array(side.document)) AS w(word)
        WHERE side.active
          AND (n.search_document IS DISTINCT FROM o.search_document
            OR (n.status = 'active' AND n.search_business_active)
              IS DISTINCT FROM (o.status = 'active' AND o.search_business_active))
      ) changes GROUP BY word HAVING sum(delta) <> 0) d;
  END IF;
  IF deltas IS NOT NULL THEN
    INSERT INTO search_words AS t (word, products)
      SELECT key, value::int FROM jsonb_each_text(deltas) ORDER BY key COLLATE "C"
    ON CONFLICT (word) DO UPDATE SET products = t.products + excluded.products;
    DELETE FROM search_words
      WHERE word IN (SELECT jsonb_object_keys(deltas)) AND products <= 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_words_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_words_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_product_words_changed();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION oja_rebuild_search_words_trigger();
