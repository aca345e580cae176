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
--> statement-breakpoint
-- The search's counts with no words (adapters/storage/sqlite/schema.ts, `productCounts`): products
-- per (category, brand, in stock), '' for none, kept by the triggers below on every write of a
-- product; filled here for the products there are.
CREATE TABLE `product_counts` (
	`category_id` text NOT NULL,
	`brand` text NOT NULL,
	`in_stock` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`category_id`, `brand`, `in_stock`)
);
--> statement-breakpoint
INSERT INTO `product_counts` (`category_id`, `brand`, `in_stock`, `count`)
  SELECT coalesce(category_id, ''), coalesce(brand, ''), stock > 0, count(*) FROM `products` GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `products_counts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO product_counts (category_id, brand, in_stock, count) VALUES (coalesce(new.category_id, ''), coalesce(new.brand, ''), new.stock > 0, 1)
    ON CONFLICT (category_id, brand, in_stock) DO UPDATE SET count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `products_counts_delete` AFTER DELETE ON `products` BEGIN
  UPDATE product_counts SET count = count - 1 WHERE category_id = coalesce(old.category_id, '') AND brand = coalesce(old.brand, '') AND in_stock = (old.stock > 0);
END;--> statement-breakpoint
CREATE TRIGGER `products_counts_update` AFTER UPDATE OF category_id, brand, stock ON `products`
WHEN old.category_id IS NOT new.category_id OR old.brand IS NOT new.brand OR (old.stock > 0) <> (new.stock > 0) BEGIN
  UPDATE product_counts SET count = count - 1 WHERE category_id = coalesce(old.category_id, '') AND brand = coalesce(old.brand, '') AND in_stock = (old.stock > 0);
  INSERT INTO product_counts (category_id, brand, in_stock, count) VALUES (coalesce(new.category_id, ''), coalesce(new.brand, ''), new.stock > 0, 1)
    ON CONFLICT (category_id, brand, in_stock) DO UPDATE SET count = count + 1;
END;
