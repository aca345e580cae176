-- The sales report's top products from a total kept per report period (docs/reports.md, "Reports";
-- adapters/storage/postgres/schema.ts, `salesWindows`), as SQLite's migration 0024: per period (30
-- and 90 days), the first day it holds and, per product and SKU, the sum of the roll-up's rows
-- (sales_day_products) of that day and after. The trigger below adds every change of the roll-up
-- to each window it falls in, in the same transaction; the report moves a window's first day when
-- the day changes (adapters/storage/postgres/reports.ts), taking out the days that left it. No
-- window exists until the first report asks for it (it is then summed from the roll-up).
CREATE TABLE "sales_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"first_day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_window_products" (
	"days" integer NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "sales_window_products_days_product_id_sku_pk" PRIMARY KEY("days","product_id","sku")
);
--> statement-breakpoint
CREATE INDEX "sales_window_products_top_idx" ON "sales_window_products" USING btree ("days","revenue_cents" DESC,"sku");--> statement-breakpoint
-- A window is moved under this advisory lock, held alone (pg_advisory_xact_lock); every change of
-- the roll-up shares it (pg_advisory_xact_lock_shared), so a payment's trigger never reads a first
-- day a moving window is about to change, and payments never wait on one another for it. The key
-- names the schema: several shops may share a database.
CREATE FUNCTION sales_windows_lock_key() RETURNS bigint LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT hashtext(current_schema() || '.sales_windows')::bigint
$$;
--> statement-breakpoint
CREATE FUNCTION sales_window_counted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(sales_windows_lock_key());
  IF TG_OP = 'DELETE' THEN
    -- A deleted product's rows move to '' (migration 0022): taken out here, added back under ''.
    UPDATE sales_window_products SET units = units - OLD.units, revenue_cents = revenue_cents - OLD.revenue_cents
      WHERE days IN (SELECT days FROM sales_windows WHERE OLD.day >= first_day) AND product_id = OLD.product_id AND sku = OLD.sku;
    DELETE FROM sales_window_products
      WHERE days IN (SELECT days FROM sales_windows) AND product_id = OLD.product_id AND sku = OLD.sku AND units = 0 AND revenue_cents = 0;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The roll-up's rows only ever change their sums and name (their key never changes): the difference is added.
    INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
      SELECT days, NEW.product_id, NEW.sku, NEW.name, NEW.units - OLD.units, NEW.revenue_cents - OLD.revenue_cents FROM sales_windows WHERE NEW.day >= first_day ORDER BY days
      ON CONFLICT (days, product_id, sku) DO UPDATE SET units = sales_window_products.units + EXCLUDED.units,
        revenue_cents = sales_window_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_window_products.name, EXCLUDED.name);
  ELSE
    INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
      SELECT days, NEW.product_id, NEW.sku, NEW.name, NEW.units, NEW.revenue_cents FROM sales_windows WHERE NEW.day >= first_day ORDER BY days
      ON CONFLICT (days, product_id, sku) DO UPDATE SET units = sales_window_products.units + EXCLUDED.units,
        revenue_cents = sales_window_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_window_products.name, EXCLUDED.name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row by row, in the order the roll-up's writers write (product, SKU): two payments sharing
-- products lock their window rows in the same order, as their day rows.
CREATE TRIGGER sales_day_products_window AFTER INSERT OR UPDATE OR DELETE ON "sales_day_products" FOR EACH ROW EXECUTE FUNCTION sales_window_counted();
