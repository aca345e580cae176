-- The sales report's roll-up (docs/reports.md, "Reports"; adapters/storage/sqlite/schema.ts,
-- `salesDays`): per UTC day of placing, the orders that count as sales (every status but unpaid)
-- and, per day and product, their lines. The triggers below keep it in the transaction of the write
-- that makes an order count: its payment (unpaid → another status), or the insert of an order
-- already paid and of its lines. A counted order is never deleted nor made unpaid again
-- (domain/ordering/order.ts, `canDelete`); filled here for the orders there are.
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
	`day` text PRIMARY KEY NOT NULL,
	`orders` integer NOT NULL,
	`revenue_cents` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `sales_days` (`day`, `orders`, `revenue_cents`)
  SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch'), count(*), sum(total_cents) FROM `orders` WHERE status <> 'unpaid' GROUP BY 1;
--> statement-breakpoint
INSERT INTO `sales_day_products` (`day`, `product_id`, `sku`, `name`, `units`, `revenue_cents`)
  SELECT strftime('%Y-%m-%d', o.created_at / 1000, 'unixepoch'), coalesce(l.product_id, ''), l.sku, max(l.product_name), sum(l.quantity), sum(l.line_total_cents)
  FROM `orders` o JOIN `order_lines` l ON l.order_id = o.id WHERE o.status <> 'unpaid' GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `orders_sales_counted` AFTER UPDATE OF status ON `orders` WHEN old.status = 'unpaid' AND new.status <> 'unpaid' BEGIN
  INSERT INTO sales_days (day, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1, new.total_cents)
    ON CONFLICT (day) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), coalesce(product_id, ''), sku, max(product_name), sum(quantity), sum(line_total_cents)
    FROM order_lines WHERE order_id = new.id GROUP BY coalesce(product_id, ''), sku
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
CREATE TRIGGER `orders_sales_placed_paid` AFTER INSERT ON `orders` WHEN new.status <> 'unpaid' BEGIN
  INSERT INTO sales_days (day, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1, new.total_cents)
    ON CONFLICT (day) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
END;--> statement-breakpoint
CREATE TRIGGER `order_lines_sales_counted` AFTER INSERT ON `order_lines` WHEN (SELECT status FROM orders WHERE id = new.order_id) <> 'unpaid' BEGIN
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', o.created_at / 1000, 'unixepoch'), coalesce(new.product_id, ''), new.sku, new.product_name, new.quantity, new.line_total_cents FROM orders o WHERE o.id = new.order_id
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;
