-- The sales report's roll-up (docs/reports.md, "Reports"; adapters/storage/sqlite/schema.ts,
-- `salesDays`): per UTC day of placing, the orders that count as sales (every status but unpaid)
-- and, per day and product, their lines. The triggers below keep it in the transaction of the write
-- that makes an order count: its payment (unpaid → another status), or the insert of an order
-- already paid and of its lines. A counted order is never deleted nor made unpaid again
-- (domain/ordering/order.ts, `canDelete`); filled here for the orders there are. A day's order
-- totals are split over 16 rows by the order id's last character, as on PostgreSQL (migration
-- 0022), where payments at once must not all wait on one row.
CREATE TABLE `sales_day_products` (
	`day` text NOT NULL,
	`product_id` text NOT NULL,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`units` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`day`, `product_id`, `sku`)
);
--> statement-breakpoint
CREATE TABLE `sales_days` (
	`day` text NOT NULL,
	`shard` text NOT NULL,
	`orders` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`day`, `shard`)
);
--> statement-breakpoint
INSERT INTO `sales_days` (`day`, `shard`, `orders`, `revenue_cents`)
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), substr(id, -1), count(*), sum(total_cents) FROM `orders` WHERE status <> 'unpaid' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `sales_day_products` (`day`, `product_id`, `sku`, `name`, `units`, `revenue_cents`)
  SELECT strftime('%Y-%m-%d', o.created_at / 1000, 'unixepoch'), coalesce(l.product_id, ''), l.sku, max(l.product_name), sum(l.quantity), sum(l.line_total_cents)
  FROM `orders` o JOIN `order_lines` l ON l.order_id = o.id WHERE o.status <> 'unpaid' GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `orders_sales_counted` AFTER UPDATE OF status ON `orders` WHEN old.status = 'unpaid' AND new.status <> 'unpaid' BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 1, new.total_cents)
    ON CONFLICT (day, shard) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), coalesce(product_id, ''), sku, max(product_name), sum(quantity), sum(line_total_cents)
    FROM order_lines WHERE order_id = new.id GROUP BY coalesce(product_id, ''), sku
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
CREATE TRIGGER `orders_sales_placed_paid` AFTER INSERT ON `orders` WHEN new.status <> 'unpaid' BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 1, new.total_cents)
    ON CONFLICT (day, shard) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
END;--> statement-breakpoint
CREATE TRIGGER `order_lines_sales_counted` AFTER INSERT ON `order_lines` WHEN (SELECT status FROM orders WHERE id = new.order_id) <> 'unpaid' BEGIN
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', o.created_at / 1000, 'unixepoch'), coalesce(new.product_id, ''), new.sku, new.product_name, new.quantity, new.line_total_cents FROM orders o WHERE o.id = new.order_id
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
-- A deleted product's sales stay under its SKU with no product (''), as its order lines do, so the
-- report reads the roll-up alone (adapters/storage/sqlite/reports.ts).
CREATE INDEX `sales_day_products_product_idx` ON `sales_day_products` (`product_id`);--> statement-breakpoint
CREATE TRIGGER `products_sales_forget` AFTER DELETE ON `products` BEGIN
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT day, '', sku, name, units, revenue_cents FROM sales_day_products WHERE product_id = old.id
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
  DELETE FROM sales_day_products WHERE product_id = old.id;
END;
