CREATE INDEX `orders_status_newest_idx` ON `orders` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `orders_email_lower_idx` ON `orders` (lower("email"));