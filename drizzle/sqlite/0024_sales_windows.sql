-- The sales report's top products from a total kept per report period (docs/reports.md, "Reports";
-- adapters/storage/sqlite/schema.ts, `salesWindows`): per period (30 and 90 days), the first day it
-- holds and, per product and SKU, the sum of the roll-up's rows (sales_day_products) of that day and
-- after. The triggers below add every change of the roll-up to each window it falls in, in the same
-- transaction; the report moves a window's first day when the day changes (adapters/storage/
-- sqlite/reports.ts), taking out the days that left it, so its top five are read along an index
-- rather than grouping every product sold in the period. No window exists until the first report
-- asks for it (it is then summed from the roll-up).
CREATE TABLE `sales_windows` (
	`days` integer PRIMARY KEY NOT NULL,
	`first_day` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sales_window_products` (
	`days` integer NOT NULL,
	`product_id` text NOT NULL,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`units` integer NOT NULL,
	`revenue_cents` integer NOT NULL,
	PRIMARY KEY(`days`, `product_id`, `sku`)
);
--> statement-breakpoint
CREATE INDEX `sales_window_products_top_idx` ON `sales_window_products` (`days`, `revenue_cents` DESC, `sku`);--> statement-breakpoint
CREATE TRIGGER `sales_day_products_window_added` AFTER INSERT ON `sales_day_products` BEGIN
  INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
    SELECT days, new.product_id, new.sku, new.name, new.units, new.revenue_cents FROM sales_windows WHERE new.day >= first_day
    ON CONFLICT (days, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
-- The roll-up's rows only ever change their sums and name (their key never changes): the difference is added.
CREATE TRIGGER `sales_day_products_window_changed` AFTER UPDATE ON `sales_day_products` BEGIN
  INSERT INTO sales_window_products (days, product_id, sku, name, units, revenue_cents)
    SELECT days, new.product_id, new.sku, new.name, new.units - old.units, new.revenue_cents - old.revenue_cents FROM sales_windows WHERE new.day >= first_day
    ON CONFLICT (days, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
-- A deleted product's rows move to '' (migration 0019): taken out here, added back under '' above.
CREATE TRIGGER `sales_day_products_window_removed` AFTER DELETE ON `sales_day_products` BEGIN
  UPDATE sales_window_products SET units = units - old.units, revenue_cents = revenue_cents - old.revenue_cents
    WHERE product_id = old.product_id AND sku = old.sku AND days IN (SELECT days FROM sales_windows WHERE old.day >= first_day);
  DELETE FROM sales_window_products
    WHERE days IN (SELECT days FROM sales_windows) AND product_id = old.product_id AND sku = old.sku AND units = 0 AND revenue_cents = 0;
END;
