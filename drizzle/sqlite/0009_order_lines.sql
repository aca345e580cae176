CREATE TABLE `number_sequences` (
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`last` integer NOT NULL,
	PRIMARY KEY(`kind`, `year`)
);
--> statement-breakpoint
-- Orders lose their one product and gain lines. The new table is filled first and the lines point
-- at it, so dropping the old table cascades to nothing; the rename then carries the lines' foreign
-- key over to `orders`. Existing orders are numbered per year in the order they were placed.
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
	CONSTRAINT "orders_item_count_check" CHECK("item_count" >= 100),
	CONSTRAINT "orders_status_check" CHECK("status" IN ('unpaid', 'pending', 'shipped')),
	CONSTRAINT "orders_amounts_check" CHECK("total_cents" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_orders` (`id`, `number`, `user_id`, `email`, `customer_name`, `item_count`, `total_cents`, `phone`, `address`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`)
SELECT `id`,
	'BH-' || strftime('%Y', `created_at` / 1000, 'unixepoch') || '-' || printf('%06d', row_number() OVER (PARTITION BY strftime('%Y', `created_at` / 1000, 'unixepoch') ORDER BY `created_at`, `id`)),
	`user_id`, `email`, `customer_name`, `quantity`, `total_cents`, `phone`, `address`, `status`, `transaction_id`, `payment_intent_id`, `idempotency_key`, `created_at`, `paid_at`, `shipped_at`
FROM `orders`;
--> statement-breakpoint
CREATE TABLE `order_lines` (
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
INSERT INTO `order_lines` (`order_id`, `position`, `product_id`, `sku`, `product_name`, `product_image_url`, `product_description`, `unit`, `quantity`, `unit_price_cents`, `line_total_cents`)
SELECT o.`id`, 0, o.`product_id`, coalesce(p.`sku`, ''), o.`product_name`, o.`product_image_url`, o.`product_description`, o.`unit`, o.`quantity`, o.`unit_price_cents`, o.`total_cents`
FROM `orders` o LEFT JOIN `products` p ON p.`id` = o.`product_id`;
--> statement-breakpoint
INSERT INTO `number_sequences` (`kind`, `year`, `last`)
SELECT 'order', CAST(strftime('%Y', `created_at` / 1000, 'unixepoch') AS integer), count(*) FROM `orders` GROUP BY 2;
--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
CREATE INDEX `order_lines_product_idx` ON `order_lines` (`product_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_user_idempotency_unique` ON `orders` (`user_id`,`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_newest_idx` ON `orders` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_newest_idx` ON `orders` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_status_newest_idx` ON `orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_email_lower_idx` ON `orders` (lower("email"));--> statement-breakpoint
CREATE INDEX `orders_po_number_idx` ON `orders` (`po_number`);--> statement-breakpoint
-- The status counters' triggers went with the old table (migration 0007).
CREATE TRIGGER `orders_status_count_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_update` AFTER UPDATE OF status ON `orders` WHEN old.status IS NOT new.status BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;
