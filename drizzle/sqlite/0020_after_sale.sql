-- Orders gain `cancelled` and `refunded_cents` (docs/orders.md, "After the sale: cancel, refund,
-- return"). SQLite changes a CHECK only by rebuilding the table, and the migrator runs in one
-- transaction where foreign keys stay on: dropping `orders` would cascade to its lines. So the
-- lines are rebuilt too, pointing at the new table, and the old ones are dropped first (as 0009
-- did); renaming `__new_orders` carries the lines' foreign key over to `orders`.
CREATE TABLE `__new_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`customer_name` text NOT NULL,
	`item_count` integer NOT NULL,
	`total_cents` integer NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`po_number` text,
	`note` text,
	`status` text NOT NULL,
	`transaction_id` text,
	`payment_intent_id` text,
	`idempotency_key` text,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	`shipped_at` integer,
	`carrier` text,
	`tracking_number` text,
	`invoice_number` text,
	`refunded_cents` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "orders_item_count_check" CHECK("item_count" >= 100),
	CONSTRAINT "orders_status_check" CHECK("status" IN ('unpaid', 'pending', 'shipped', 'cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK("total_cents" >= 0),
	CONSTRAINT "orders_refunded_check" CHECK("refunded_cents" >= 0 AND "refunded_cents" <= "total_cents")
);
--> statement-breakpoint
INSERT INTO `__new_orders` (`id`, `number`, `user_id`, `email`, `customer_name`, `item_count`, `total_cents`, `phone`, `address`, `po_number`, `note`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`, `carrier`, `tracking_number`, `invoice_number`) SELECT `id`, `number`, `user_id`, `email`, `customer_name`, `item_count`, `total_cents`, `phone`, `address`, `po_number`, `note`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`, `carrier`, `tracking_number`, `invoice_number` FROM `orders`;--> statement-breakpoint
CREATE TABLE `__new_order_lines` (
	`order_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`sku` text NOT NULL,
	`product_name` text NOT NULL,
	`product_image_url` text NOT NULL,
	`product_description` text NOT NULL,
	`unit` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`line_total_cents` integer NOT NULL,
	PRIMARY KEY(`order_id`, `position`),
	FOREIGN KEY (`order_id`) REFERENCES `__new_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_lines_quantity_check" CHECK("quantity" >= 100),
	CONSTRAINT "order_lines_amounts_check" CHECK("unit_price_cents" >= 0 AND "line_total_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_order_lines` (`order_id`, `position`, `product_id`, `sku`, `product_name`, `product_image_url`, `product_description`, `unit`, `quantity`, `unit_price_cents`, `line_total_cents`) SELECT `order_id`, `position`, `product_id`, `sku`, `product_name`, `product_image_url`, `product_description`, `unit`, `quantity`, `unit_price_cents`, `line_total_cents` FROM `order_lines`;--> statement-breakpoint
DROP TABLE `order_lines`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
ALTER TABLE `__new_order_lines` RENAME TO `order_lines`;--> statement-breakpoint
CREATE INDEX `order_lines_product_idx` ON `order_lines` (`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_unique` ON `orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_newest_idx` ON `orders` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_user_status_idx` ON `orders` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `orders_newest_idx` ON `orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_newest_idx` ON `orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_email_lower_idx` ON `orders` (lower("email"));--> statement-breakpoint
CREATE INDEX `orders_po_number_idx` ON `orders` (`po_number`);--> statement-breakpoint
-- The status counters' triggers went with the old table (migration 0007); the rows kept their statuses.
CREATE TRIGGER `orders_status_count_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_update` AFTER UPDATE OF status ON `orders` WHEN old.status IS NOT new.status BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`number` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`lines` text NOT NULL,
	`reason` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_number_unique` ON `refunds` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
CREATE TABLE `returns` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`order_id` text NOT NULL,
	`user_id` text NOT NULL,
	`status` text NOT NULL,
	`lines` text NOT NULL,
	`reason` text NOT NULL,
	`answer` text,
	`refund_id` text,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	`received_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "returns_status_check" CHECK("returns"."status" IN ('requested', 'approved', 'rejected', 'received'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `returns_number_unique` ON `returns` (`number`);--> statement-breakpoint
CREATE INDEX `returns_order_idx` ON `returns` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_newest_idx` ON `returns` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `returns_status_newest_idx` ON `returns` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `test_payment_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `test_payment_refunds_key_unique` ON `test_payment_refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `test_payment_refunds_intent_idx` ON `test_payment_refunds` (`intent_id`);
--> statement-breakpoint
-- Rebuilding `orders` and `order_lines` above dropped the sales roll-up's triggers of migration
-- 0019: made again as they were. Refunds count in the roll-up too, on the day the order was placed
-- like its revenue, in the same transaction as the refund (docs/reports.md, "Reports").
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
ALTER TABLE `sales_days` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `orders_sales_refunded` AFTER UPDATE OF refunded_cents ON `orders` WHEN new.refunded_cents <> old.refunded_cents BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents, refunded_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 0, 0, new.refunded_cents - old.refunded_cents)
    ON CONFLICT (day, shard) DO UPDATE SET refunded_cents = refunded_cents + excluded.refunded_cents;
END;
