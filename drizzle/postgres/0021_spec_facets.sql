-- Spec facets (docs/catalogue.md, "Spec facets"): a product's attributes one row each, so the
-- facet counts and the `attr` filters read an index instead of every product's JSON. The trigger
-- keeps the rows from `products.attributes` on every insert and update, whoever writes (the
-- repository, an import, a bulk load); the foreign key deletes them with the product.
CREATE TABLE "product_attributes" (
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_attributes_product_id_name_pk" PRIMARY KEY("product_id","name")
);
--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_attributes_name_value_idx" ON "product_attributes" USING btree ("name","value","product_id");--> statement-breakpoint
CREATE FUNCTION products_attributes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.attributes IS NOT DISTINCT FROM NEW.attributes THEN
      RETURN NULL;
    END IF;
    -- The products table's own schema, not the writer's search_path (as products_search_words).
    EXECUTE format('DELETE FROM %I.product_attributes WHERE product_id = $1', TG_TABLE_SCHEMA) USING OLD.id;
  END IF;
  EXECUTE format(
    'INSERT INTO %I.product_attributes (product_id, name, value) '
    'SELECT $1, a->>''name'', a->>''value'' FROM jsonb_array_elements($2) AS a ON CONFLICT DO NOTHING',
    TG_TABLE_SCHEMA
  ) USING NEW.id, NEW.attributes;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_attributes AFTER INSERT OR UPDATE OF attributes ON "products" FOR EACH ROW EXECUTE FUNCTION products_attributes();
--> statement-breakpoint
-- The products there are (a repeated name, which the rules refuse, keeps one value).
INSERT INTO product_attributes (product_id, name, value)
  SELECT p.id, a->>'name', a->>'value' FROM products p, jsonb_array_elements(p.attributes) AS a
  ON CONFLICT DO NOTHING;
