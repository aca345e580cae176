ALTER TABLE `orders` ADD `unit` text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
-- Orders placed before this column say what their product counts in, when the product still exists.
UPDATE `orders` SET `unit` = (SELECT `unit` FROM `products` WHERE `products`.`id` = `orders`.`product_id`) WHERE `product_id` IN (SELECT `id` FROM `products`);
