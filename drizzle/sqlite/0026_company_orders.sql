-- Company orders (docs/companies.md, "Approvals"): an order gains its company (`company_id`, set
-- at placing from the buyer's membership, kept when the buyer leaves), the approval record
-- (`approval_reason`, `approval_decided_by`, `approval_decided_at`, `rejection_reason`) and two
-- states, `awaiting-approval` (before unpaid) and `rejected`. SQLite changes a CHECK only by
-- rebuilding the table, and the migrator runs in one transaction where foreign keys stay on:
-- dropping `orders` would cascade to every table pointing at it. So, as 0020 did, the tables
-- pointing at orders (order_lines, refunds, returns) are rebuilt too and dropped first, and
-- everything the old tables carried is made again below: their indexes, the status counters'
-- triggers (0007), the sales roll-up's triggers (0019, 0020) and the number tails' column and
-- trigger (0022). The roll-up now counts only the states that are sales (pending, shipped,
-- cancelled): an order awaiting approval or rejected never was revenue.
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
	`number_reversed` text,
	`company_id` text,
	`approval_reason` text,
	`approval_decided_by` text,
	`approval_decided_at` integer,
	`rejection_reason` text,
	CONSTRAINT "orders_item_count_check" CHECK("item_count" >= 100),
	CONSTRAINT "orders_status_check" CHECK("status" IN ('awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected')),
	CONSTRAINT "orders_amounts_check" CHECK("total_cents" >= 0),
	CONSTRAINT "orders_refunded_check" CHECK("refunded_cents" >= 0 AND "refunded_cents" <= "total_cents")
);
--> statement-breakpoint
INSERT INTO `__new_orders` (`id`, `number`, `user_id`, `email`, `customer_name`, `item_count`, `total_cents`, `phone`, `address`, `po_number`, `note`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`, `carrier`, `tracking_number`, `invoice_number`, `refunded_cents`, `number_reversed`) SELECT `id`, `number`, `user_id`, `email`, `customer_name`, `item_count`, `total_cents`, `phone`, `address`, `po_number`, `note`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`, `carrier`, `tracking_number`, `invoice_number`, `refunded_cents`, `number_reversed` FROM `orders`;--> statement-breakpoint
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
CREATE TABLE `__new_refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`number` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`lines` text NOT NULL,
	`reason` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `__new_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "refunds_amount_check" CHECK("amount_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_refunds` (`id`, `order_id`, `number`, `amount_cents`, `lines`, `reason`, `provider_refund_id`, `source`, `created_at`) SELECT `id`, `order_id`, `number`, `amount_cents`, `lines`, `reason`, `provider_refund_id`, `source`, `created_at` FROM `refunds`;--> statement-breakpoint
CREATE TABLE `__new_returns` (
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
	FOREIGN KEY (`order_id`) REFERENCES `__new_orders`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "returns_status_check" CHECK("status" IN ('requested', 'approved', 'rejected', 'received'))
);
--> statement-breakpoint
INSERT INTO `__new_returns` (`id`, `number`, `order_id`, `user_id`, `status`, `lines`, `reason`, `answer`, `refund_id`, `created_at`, `answered_at`, `received_at`) SELECT `id`, `number`, `order_id`, `user_id`, `status`, `lines`, `reason`, `answer`, `refund_id`, `created_at`, `answered_at`, `received_at` FROM `returns`;--> statement-breakpoint
DROP TABLE `returns`;--> statement-breakpoint
DROP TABLE `refunds`;--> statement-breakpoint
DROP TABLE `order_lines`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
ALTER TABLE `__new_order_lines` RENAME TO `order_lines`;--> statement-breakpoint
ALTER TABLE `__new_refunds` RENAME TO `refunds`;--> statement-breakpoint
ALTER TABLE `__new_returns` RENAME TO `returns`;--> statement-breakpoint
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
CREATE INDEX `orders_number_reversed_idx` ON `orders` (`number_reversed`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_number_unique` ON `refunds` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `refunds_created_idx` ON `refunds` (`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `returns_number_unique` ON `returns` (`number`);--> statement-breakpoint
CREATE INDEX `returns_order_idx` ON `returns` (`order_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_newest_idx` ON `returns` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `returns_status_newest_idx` ON `returns` (`status`,`created_at`,`id`);--> statement-breakpoint
-- A company's orders newest first, all or of one status (the managers' approval queue).
CREATE INDEX `orders_company_newest_idx` ON `orders` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_company_status_newest_idx` ON `orders` (`company_id`,`status`,`created_at`,`id`);--> statement-breakpoint
-- The triggers went with the old tables: made again as they were (0007, 0022), the roll-up's counting only sales.
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
CREATE TRIGGER `orders_number_reversed_insert` AFTER INSERT ON `orders` BEGIN
  UPDATE `orders` SET `number_reversed` = CASE WHEN length(NEW.`number`) >= 1 THEN substr(NEW.`number`, length(NEW.`number`) - 0, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 2 THEN substr(NEW.`number`, length(NEW.`number`) - 1, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 3 THEN substr(NEW.`number`, length(NEW.`number`) - 2, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 4 THEN substr(NEW.`number`, length(NEW.`number`) - 3, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 5 THEN substr(NEW.`number`, length(NEW.`number`) - 4, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 6 THEN substr(NEW.`number`, length(NEW.`number`) - 5, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 7 THEN substr(NEW.`number`, length(NEW.`number`) - 6, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 8 THEN substr(NEW.`number`, length(NEW.`number`) - 7, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 9 THEN substr(NEW.`number`, length(NEW.`number`) - 8, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 10 THEN substr(NEW.`number`, length(NEW.`number`) - 9, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 11 THEN substr(NEW.`number`, length(NEW.`number`) - 10, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 12 THEN substr(NEW.`number`, length(NEW.`number`) - 11, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 13 THEN substr(NEW.`number`, length(NEW.`number`) - 12, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 14 THEN substr(NEW.`number`, length(NEW.`number`) - 13, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 15 THEN substr(NEW.`number`, length(NEW.`number`) - 14, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 16 THEN substr(NEW.`number`, length(NEW.`number`) - 15, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 17 THEN substr(NEW.`number`, length(NEW.`number`) - 16, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 18 THEN substr(NEW.`number`, length(NEW.`number`) - 17, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 19 THEN substr(NEW.`number`, length(NEW.`number`) - 18, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 20 THEN substr(NEW.`number`, length(NEW.`number`) - 19, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 21 THEN substr(NEW.`number`, length(NEW.`number`) - 20, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 22 THEN substr(NEW.`number`, length(NEW.`number`) - 21, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 23 THEN substr(NEW.`number`, length(NEW.`number`) - 22, 1) ELSE '' END || CASE WHEN length(NEW.`number`) >= 24 THEN substr(NEW.`number`, length(NEW.`number`) - 23, 1) ELSE '' END WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `orders_sales_refunded` AFTER UPDATE OF refunded_cents ON `orders` WHEN new.refunded_cents <> old.refunded_cents BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents, refunded_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 0, 0, new.refunded_cents - old.refunded_cents)
    ON CONFLICT (day, shard) DO UPDATE SET refunded_cents = refunded_cents + excluded.refunded_cents;
END;--> statement-breakpoint
CREATE TRIGGER `orders_sales_counted` AFTER UPDATE OF status ON `orders` WHEN old.status IN ('unpaid', 'awaiting-approval') AND new.status IN ('pending', 'shipped', 'cancelled') BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 1, new.total_cents)
    ON CONFLICT (day, shard) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), coalesce(product_id, ''), sku, max(product_name), sum(quantity), sum(line_total_cents)
    FROM order_lines WHERE order_id = new.id GROUP BY coalesce(product_id, ''), sku
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;--> statement-breakpoint
CREATE TRIGGER `orders_sales_placed_paid` AFTER INSERT ON `orders` WHEN new.status IN ('pending', 'shipped', 'cancelled') BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents) VALUES (strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), substr(new.id, -1), 1, new.total_cents)
    ON CONFLICT (day, shard) DO UPDATE SET orders = orders + 1, revenue_cents = revenue_cents + excluded.revenue_cents;
END;--> statement-breakpoint
CREATE TRIGGER `order_lines_sales_counted` AFTER INSERT ON `order_lines` WHEN (SELECT status FROM orders WHERE id = new.order_id) IN ('pending', 'shipped', 'cancelled') BEGIN
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT strftime('%Y-%m-%d', o.created_at / 1000, 'unixepoch'), coalesce(new.product_id, ''), new.sku, new.product_name, new.quantity, new.line_total_cents FROM orders o WHERE o.id = new.order_id
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = units + excluded.units, revenue_cents = revenue_cents + excluded.revenue_cents, name = max(name, excluded.name);
END;
