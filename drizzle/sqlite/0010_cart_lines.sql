CREATE TABLE `cart_lines` (
	`user_id` text NOT NULL,
	`product_id` text NOT NULL,
	`position` integer NOT NULL,
	`quantity` integer NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_lines_quantity_check" CHECK("cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE INDEX `cart_lines_product_idx` ON `cart_lines` (`product_id`);