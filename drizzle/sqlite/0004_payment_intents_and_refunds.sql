CREATE TABLE `payments_to_refund` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payments_to_refund_newest_idx` ON `payments_to_refund` (`created_at`,`id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `payment_intent_id` text;