-- Reads that stay flat at a supplier's size (docs/performance.md, "At a supplier's size"). The
-- search words' tsvector is stored in the row (a generated column, so every write path keeps it
-- without the application's help) and indexed there, replacing the expression index: a search
-- sorted by relevance tests each match again (its name, the words as typed), and recomputing the
-- vector for each of thousands of matches was most of a common word's cost. The name's own vector
-- is stored for the same reason. Adding them rewrites the table once.
DROP INDEX "products_search_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name || ' ' || search_rest)) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', search_name)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The sales report's roll-up (docs/reports.md, "Reports"; adapters/storage/postgres/schema.ts,
-- `salesDays`): per UTC day of placing, the orders that count as sales (every status but unpaid)
-- and, per day and product, their lines. The triggers below keep it in the transaction of the write
-- that makes an order count: its payment (unpaid → another status), or the insert of an order
-- already paid and of its lines. A counted order is never deleted nor made unpaid again
-- (domain/ordering/order.ts, `canDelete`); filled here for the orders there are.
CREATE TABLE "sales_day_products" (
	"day" text NOT NULL,
	"product_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"units" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "sales_day_products_day_product_id_sku_pk" PRIMARY KEY("day","product_id","sku")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" text NOT NULL,
	"shard" text NOT NULL,
	"orders" bigint NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "sales_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
INSERT INTO sales_days (day, shard, orders, revenue_cents)
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), right(id, 1), count(*), sum(total_cents) FROM orders WHERE status <> 'unpaid' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
  SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(l.product_id, ''), l.sku, max(l.product_name), sum(l.quantity), sum(l.line_total_cents)
  FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.status <> 'unpaid' GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE FUNCTION sales_order_counted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- One of the day's 16 rows (the order id's last character), so payments at once seldom share it.
  INSERT INTO sales_days (day, shard, orders, revenue_cents) VALUES (to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), right(NEW.id, 1), 1, NEW.total_cents)
    ON CONFLICT (day, shard) DO UPDATE SET orders = sales_days.orders + 1, revenue_cents = sales_days.revenue_cents + EXCLUDED.revenue_cents;
  -- On a payment the lines are there already; an order inserted paid gets them from the trigger on order_lines.
  -- Written in (product, SKU) order, as every writer of these rows does: two payments sharing
  -- products lock them in the same order, so one waits for the other instead of deadlocking.
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
      SELECT to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(product_id, ''), sku, max(product_name), sum(quantity), sum(line_total_cents)
      FROM order_lines WHERE order_id = NEW.id GROUP BY coalesce(product_id, ''), sku ORDER BY coalesce(product_id, ''), sku
      ON CONFLICT (day, product_id, sku) DO UPDATE SET units = sales_day_products.units + EXCLUDED.units,
        revenue_cents = sales_day_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_day_products.name, EXCLUDED.name);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_counted AFTER UPDATE OF status ON "orders" FOR EACH ROW WHEN (OLD.status = 'unpaid' AND NEW.status <> 'unpaid') EXECUTE FUNCTION sales_order_counted();
--> statement-breakpoint
CREATE TRIGGER orders_sales_placed_paid AFTER INSERT ON "orders" FOR EACH ROW WHEN (NEW.status <> 'unpaid') EXECUTE FUNCTION sales_order_counted();
--> statement-breakpoint
CREATE FUNCTION sales_line_counted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- Once per statement, over all its lines in (product, SKU) order (see sales_order_counted).
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(l.product_id, ''), l.sku, max(l.product_name), sum(l.quantity), sum(l.line_total_cents)
    FROM new_lines l JOIN orders o ON o.id = l.order_id WHERE o.status <> 'unpaid'
    GROUP BY 1, 2, 3 ORDER BY 2, 3, 1
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = sales_day_products.units + EXCLUDED.units,
      revenue_cents = sales_day_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_day_products.name, EXCLUDED.name);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER order_lines_sales_counted AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION sales_line_counted();
--> statement-breakpoint
-- A deleted product's sales stay under its SKU with no product (''), as its order lines do, so the
-- report reads the roll-up alone (adapters/storage/postgres/reports.ts).
CREATE INDEX "sales_day_products_product_idx" ON "sales_day_products" USING btree ("product_id");
--> statement-breakpoint
CREATE FUNCTION sales_product_forgotten() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT day, '', sku, name, units, revenue_cents FROM sales_day_products WHERE product_id = OLD.id ORDER BY sku, day
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = sales_day_products.units + EXCLUDED.units,
      revenue_cents = sales_day_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_day_products.name, EXCLUDED.name);
  DELETE FROM sales_day_products WHERE product_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_sales_forget AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION sales_product_forgotten();
