-- Every instance keeps serialised catalogue pages and drops them when the catalogue changes
-- (README.md, "Several instances"): a write to products or categories, by any instance or tool,
-- notifies the channel at commit, once per transaction, naming the schema the store lives in and
-- the writer's application_name (an instance knows its own writes already and skips them).
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bulkhead_catalogue', current_schema() || ' ' || current_setting('application_name'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
