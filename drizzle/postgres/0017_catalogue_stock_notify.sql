-- An order that only takes stock from products, leaving some on every shelf it touches, names
-- those products in its notification (README.md, "Running several instances"): the other
-- instances then drop only the pages that show them, as the instance that placed it does. Any
-- other write to products, or one touching more than 100 of them, still tells "everything".
-- The payload is `<schema> <writer's application_name>`, followed for a stock move by a line
-- break and the products' ids (application_name cannot hold a line break).
-- A trigger with transition tables answers one kind of event, so UPDATE gets its own.
DROP TRIGGER products_catalogue_changed ON "products";
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE FUNCTION catalogue_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL; -- nothing was updated
  END IF;
  IF (SELECT count(*) FROM new_rows) <= 100 AND NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - 'stock') IS DISTINCT FROM (to_jsonb(n) - 'stock') OR (o.stock > 0) <> (n.stock > 0)
  ) THEN
    SELECT string_agg(id, ',') INTO moved FROM new_rows;
  END IF;
  PERFORM pg_notify('bulkhead_catalogue', current_schema() || ' ' || current_setting('application_name') || coalesce(E'\n' || moved, ''));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_updated AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION catalogue_products_updated();
