-- Reads that stay flat at a supplier's size (docs/performance.md, "At a supplier's size"). The
-- search words' tsvector is stored in the row (a generated column, so every write path keeps it
-- without the application's help) and indexed there, replacing the expression index: a search
-- sorted by relevance tests each match again (its name, the words as typed), and recomputing the
-- vector for each of thousands of matches was most of a common word's cost. The name's own vector
-- is stored for the same reason. Adding them rewrites the table once.
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name || ' ' || search_rest)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");
