-- Written by hand (autocomplete, issue 5). One or two typed letters are too few for trigrams, so
-- suggest() matches them as a prefix of the name; these indexes answer that LIKE 'sp%' without
-- reading every active product. text_pattern_ops makes LIKE prefixes indexable whatever the
-- database's collation; the expression must match suggest()'s word for word.
CREATE INDEX "businesses_name_prefix_idx" ON "businesses" (oja_unaccent(lower("name")) text_pattern_ops) WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "products_name_prefix_idx" ON "products" (oja_unaccent(lower("name")) text_pattern_ops) WHERE "status" = 'active';
