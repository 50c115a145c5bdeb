-- Custom SQL migration file, put your code below! --
-- Written by hand (issue 21, decision 053). A business's TrustScore as a sort key kept on write,
-- like the cheapest product of 0021 (decision 034): "Top rated" reads businesses in index order
-- and the rating facet counts a range of that index, instead of working the score out of
-- review_stats for every business on every search.
--
-- Like search_from_price, the column lives only in the database and search.server.ts reads it in
-- SQL. NULL: the business has no published review. The score drifts as reviews age (decision
-- 050), so it is written by the app, not by a trigger: in the transaction of every review change
-- (reviewsChanged, app/reviews/trust-keys.server.ts, with the same trustScore() the cards use)
-- and for every business by the daily job there. The first value is worked out here in SQL; the
-- first daily run makes it the app's to the last bit.
ALTER TABLE "businesses" ADD COLUMN "search_rating" double precision;
--> statement-breakpoint
UPDATE "businesses" b
  SET "search_rating" = (7 * 3.5 + s.weighted_stars * d.decay) / (7 + s.weight_sum * d.decay)
  FROM "review_stats" s,
    (SELECT power(2::float8, extract(epoch FROM (timestamptz '2026-01-01 00:00:00+00' - now()))
      / (182.5 * 86400)) AS decay) d
  WHERE s.business_id = b.id AND s.review_count > 0;
--> statement-breakpoint
-- "Top rated" in index order (businesses without a review last, as the price sorts put those
-- selling nothing last), and the rating facet and filter as a range of it, with the category and
-- city the other facets filter by. The expression must stay exactly as search.server.ts writes
-- the rating key; id collate "C" is the tie-break of every search order.
CREATE INDEX "businesses_rating_idx" ON "businesses" ((coalesce("search_rating", -1)) DESC, "id" COLLATE "C") INCLUDE ("category_id", "city") WHERE "status" = 'active';
--> statement-breakpoint
-- The key alone changing is not a change of the business's pages: the daily job rewrites it for
-- every business with reviews, and rebuilding every cached page of them each night would be a
-- burst of renders for nothing. The job notes the businesses whose shown score (one decimal)
-- moved; a review change is noted by the reviews' own triggers below. Any other change of a
-- business row, and an update that changes nothing, is noted as before (0006).
--
-- EXECUTE, as in 0006: planned for each statement's own transition tables. A plan PL/pgSQL
-- keeps for the session is the one made for the first statement it saw (one row, a nested
-- loop), and joining 1,000 old rows to 1,000 new ones with it took 1.8 s instead of 50 ms.
CREATE FUNCTION "oja_note_business_page_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'INSERT INTO page_changes (business_id, changed_at)
    SELECT id, clock_timestamp()
    FROM (SELECT DISTINCT n.id FROM changed_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.search_rating IS NOT DISTINCT FROM o.search_rating
        OR to_jsonb(n) - ''search_rating'' IS DISTINCT FROM to_jsonb(o) - ''search_rating'') changed
  ON CONFLICT (business_id) DO UPDATE SET changed_at = excluded.changed_at';
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "businesses_page_update" ON "businesses";
--> statement-breakpoint
CREATE TRIGGER "businesses_page_update" AFTER UPDATE ON "businesses" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_business_page_changes();
--> statement-breakpoint
-- Reviews show on their business's pages (the score, the latest reviews, their JSON-LD): a
-- review written, deleted, edited, moderated or replied to, or unsigned when its author leaves,
-- refreshes those pages within seconds (decision 011), whoever made the change. A helpful vote
-- changes nothing shown there, so an update that only moves the votes (or the edit time) notes
-- nothing: votes come often.
CREATE FUNCTION "oja_note_review_page_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'INSERT INTO page_changes (business_id, changed_at)
    SELECT business_id, clock_timestamp()
    FROM (SELECT DISTINCT x.business_id FROM changed_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.business_id), (o.business_id)) x(business_id)
      WHERE to_jsonb(n) - ''helpful_count'' - ''updated_at''
        IS DISTINCT FROM to_jsonb(o) - ''helpful_count'' - ''updated_at'') changed
  ON CONFLICT (business_id) DO UPDATE SET changed_at = excluded.changed_at';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_page_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_page_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_review_page_changes();
--> statement-breakpoint
CREATE TRIGGER "reviews_page_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_note_page_changes('business_id');
