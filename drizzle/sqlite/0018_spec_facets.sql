-- Spec facets (docs/catalogue.md, "Spec facets"): a product's attributes one row each, so the
-- facet counts and the `attr` filters read an index instead of every product's JSON. The triggers
-- keep the rows from `products.attributes` on every insert and update, whoever writes (the
-- repository, an import, a bulk load); the foreign key deletes them with the product.
CREATE TABLE `product_attributes` (
	`product_id` text NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`product_id`, `name`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_attributes_name_value_idx` ON `product_attributes` (`name`,`value`,`product_id`);--> statement-breakpoint
CREATE TRIGGER `products_attributes_insert` AFTER INSERT ON `products` BEGIN
  INSERT OR IGNORE INTO `product_attributes` (`product_id`, `name`, `value`)
    SELECT NEW.`id`, json_extract(a.value, '$.name'), json_extract(a.value, '$.value') FROM json_each(NEW.`attributes`) a;
END;
--> statement-breakpoint
CREATE TRIGGER `products_attributes_update` AFTER UPDATE OF `attributes` ON `products` WHEN OLD.`attributes` IS NOT NEW.`attributes` BEGIN
  DELETE FROM `product_attributes` WHERE `product_id` = OLD.`id`;
  INSERT OR IGNORE INTO `product_attributes` (`product_id`, `name`, `value`)
    SELECT NEW.`id`, json_extract(a.value, '$.name'), json_extract(a.value, '$.value') FROM json_each(NEW.`attributes`) a;
END;
--> statement-breakpoint
-- The products there are (a repeated name, which the rules refuse, keeps its first value).
INSERT OR IGNORE INTO `product_attributes` (`product_id`, `name`, `value`)
  SELECT p.`id`, json_extract(a.value, '$.name'), json_extract(a.value, '$.value') FROM `products` p, json_each(p.`attributes`) a;
