-- Custom SQL migration file, put your code below! --
-- Written by hand (search that scales, issue 17; decision 034). A business's price sorts order
-- it by its cheapest active product ("from ₦…"). Worked out per request that was one index probe
-- per matching business, every business on a browse: 42–47 ms at 10,000 businesses, 170 ms at
-- 30,000. Kept here on write instead, it is a column the browse reads in index order (~25 rows).
--
-- Like search_document (0004), the column lives only in the database: Drizzle's tables don't
-- know it, inserts leave it to the triggers below, and search.server.ts reads it in SQL.
--
-- NULL: the business has no active product (the sorts put it after every price). What counts is
-- the product's own status only; the business's status decides whether the business is shown at
-- all, so a business that is hidden and shown again keeps a key that is still right.
ALTER TABLE "businesses" ADD COLUMN "search_from_price" bigint;
--> statement-breakpoint
UPDATE "businesses" b SET "search_from_price" = m.price
  FROM (SELECT business_id, min(price_kobo) AS price FROM products WHERE status = 'active' GROUP BY 1) m
  WHERE m.business_id = b.id;
--> statement-breakpoint
-- Two transactions changing products of one business at once must not each write the minimum
-- they saw without the other's product (the later commit would win with a stale minimum). The
-- businesses whose products a statement changes are locked first, before any other trigger
-- touches them: this BEFORE ROW trigger runs ahead of products_search_keys (0012), which
-- share-locks the business, because triggers of a kind fire in name order. A share lock taken
-- first would deadlock two inserts into one business, each then waiting to update the row the
-- other shares. Transaction-level advisory locks, one per bucket of businesses (256 buckets, so a
-- seed's batch of 1,000 products never holds more than 256 locks): the waiting transaction
-- goes on once the other has committed, and its AFTER trigger below reads with a new snapshot
-- (READ COMMITTED), so it sees the other's products.
CREATE FUNCTION "oja_from_price_lock"(business_id text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(1934, hashtext(business_id) & 255);
$$;
--> statement-breakpoint
CREATE FUNCTION "products_a_from_price_lock"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM oja_from_price_lock(OLD.business_id); END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM oja_from_price_lock(NEW.business_id);
    RETURN NEW;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
-- "a_" puts it first among the products' BEFORE ROW triggers (name order).
CREATE TRIGGER "products_a_from_price_lock" BEFORE INSERT OR DELETE OR UPDATE OF price_kobo, status, business_id
  ON "products" FOR EACH ROW EXECUTE FUNCTION "products_a_from_price_lock"();
--> statement-breakpoint
-- The businesses of a statement's changed rows get their cheapest active product again, read
-- through products_business_price_idx (one probe each). An update that changes no price, status
-- or business (stock, after every order) touches nothing.
CREATE FUNCTION "oja_from_price_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT business_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT business_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.business_id) INTO ids
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      CROSS JOIN LATERAL (VALUES (n.business_id), (o.business_id)) x(business_id)
      WHERE n.price_kobo IS DISTINCT FROM o.price_kobo OR n.status IS DISTINCT FROM o.status
        OR n.business_id IS DISTINCT FROM o.business_id;
  END IF;
  IF ids IS NULL THEN RETURN NULL; END IF;
  UPDATE businesses b SET search_from_price = m.price
    FROM (SELECT u.business_id, (SELECT min(p.price_kobo) FROM products p
        WHERE p.business_id = u.business_id AND p.status = 'active') AS price
      FROM unnest(ids) AS u(business_id)) m
    WHERE b.id = m.business_id AND b.search_from_price IS DISTINCT FROM m.price;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_from_price_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_from_price_changed();
--> statement-breakpoint
CREATE TRIGGER "products_from_price_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_from_price_changed();
--> statement-breakpoint
CREATE TRIGGER "products_from_price_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION oja_from_price_changed();
--> statement-breakpoint
-- After a TRUNCATE of products no business sells anything.
CREATE FUNCTION "oja_from_price_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE businesses SET search_from_price = NULL WHERE search_from_price IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_from_price_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION oja_from_price_truncated();
--> statement-breakpoint
-- The page of a business browse in price order, read in index order like newest-first. The
-- expressions must stay exactly as search.server.ts writes its price sort keys (businesses
-- selling nothing last either way); id collate "C" is the tie-break of every search order.
CREATE INDEX "businesses_from_price_asc_idx" ON "businesses" ((coalesce("search_from_price", 9223372036854775807)), "id" COLLATE "C") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "businesses_from_price_desc_idx" ON "businesses" ((coalesce("search_from_price", -1)) DESC, "id" COLLATE "C") WHERE "status" = 'active';
