CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`claimed_until` integer,
	`sent_at` integer,
	`failed_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`next_attempt_at`) WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX `mail_outbox_created_idx` ON `mail_outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `quote_lines` (
	`quote_id` text NOT NULL,
	`position` integer NOT NULL,
	`product_id` text,
	`sku` text NOT NULL,
	`name` text NOT NULL,
	`unit` text NOT NULL,
	`requested_quantity` integer NOT NULL,
	`quantity` integer,
	`unit_price_cents` integer,
	PRIMARY KEY(`quote_id`, `position`),
	FOREIGN KEY (`quote_id`) REFERENCES `quotes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "quote_lines_quantity_check" CHECK("quote_lines"."requested_quantity" >= 1 AND ("quote_lines"."quantity" IS NULL OR "quote_lines"."quantity" >= 0))
);
--> statement-breakpoint
CREATE INDEX `quote_lines_product_idx` ON `quote_lines` (`product_id`);--> statement-breakpoint
CREATE TABLE `quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`user_id` text NOT NULL,
	`email` text NOT NULL,
	`customer_name` text NOT NULL,
	`status` text NOT NULL,
	`message` text NOT NULL,
	`answer` text,
	`holds_stock` integer DEFAULT false NOT NULL,
	`expires_at` integer,
	`order_id` text,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	`closed_at` integer,
	CONSTRAINT "quotes_status_check" CHECK("quotes"."status" IN ('requested', 'quoted', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quotes_number_unique` ON `quotes` (`number`);--> statement-breakpoint
CREATE INDEX `quotes_user_newest_idx` ON `quotes` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotes_status_newest_idx` ON `quotes` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `quotes_expiry_idx` ON `quotes` (`status`,`expires_at`);--> statement-breakpoint
ALTER TABLE `orders` ADD `carrier` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `invoice_number` text;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_invoice_number_unique` ON `orders` (`invoice_number`);