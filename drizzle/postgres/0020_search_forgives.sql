-- Search that forgives (docs/catalogue.md, "Search that forgives"). `sku_key` is the SKU's matching key
-- (domain/catalog/sku.ts, `skuKey`: upper-case letters and digits only), written by the repository
-- on every insert and update and filled here for the products there are; its index (byte order,
-- like every range the search compares) serves "the SKU key starts with".
ALTER TABLE "products" ADD COLUMN "sku_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "products" SET "sku_key" = upper(regexp_replace("sku", '[^A-Za-z0-9]+', '', 'g'));--> statement-breakpoint
CREATE INDEX "products_sku_key_idx" ON "products" USING btree ("sku_key" collate "C");--> statement-breakpoint
-- The vocabulary typos are corrected to (domain/catalog/typo-corrections.ts): every word without a
-- digit the search index has held, added by the trigger below whenever a product's search words are
-- written (words in order, so two writers wait for each other rather than deadlock on one word).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The products table's own schema, not the writer's search_path: a bulk load or a tool writing
  -- "schema"."products" from another search_path keeps the words too.
  EXECUTE format(
    'INSERT INTO %I.search_words (word) SELECT DISTINCT w FROM unnest(tsvector_to_array(to_tsvector(''simple'', $1 || '' '' || $2))) AS w '
    'WHERE w !~ ''[0-9]'' ORDER BY w ON CONFLICT DO NOTHING',
    TG_TABLE_SCHEMA
  ) USING NEW.search_name, NEW.search_rest;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_search_words AFTER INSERT OR UPDATE OF search_name, search_rest ON "products" FOR EACH ROW EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, unnest(tsvector_to_array(to_tsvector('simple', search_name || ' ' || search_rest))) AS w
  WHERE w !~ '[0-9]' ORDER BY w
  ON CONFLICT DO NOTHING;
