-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Sold-out products come after those in stock in every order of a search (issue 15, decision
-- 022). A browse (no words) reads its page straight from an index in sort order
-- (search.server.ts, searchStatement), so each sort gets an index that starts with "in stock":
-- scanned forwards or backwards they give (stock > 0) desc, then the sort, as the statement asks.
CREATE INDEX "products_in_stock_created_idx" ON "products" (("stock" > 0), "created_at") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "products_in_stock_price_asc_idx" ON "products" (("stock" > 0) DESC, "price_kobo") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "products_in_stock_price_desc_idx" ON "products" (("stock" > 0), "price_kobo") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "products_in_stock_name_idx" ON "products" (("stock" > 0) DESC, ((oja_unaccent(lower("name")) || ' ' || "name") COLLATE "C")) WHERE "status" = 'active';
