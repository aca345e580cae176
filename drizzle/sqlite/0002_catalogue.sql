CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`parent_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `sku` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `category_id` text REFERENCES categories(id);--> statement-breakpoint
ALTER TABLE `products` ADD `brand` text;--> statement-breakpoint
ALTER TABLE `products` ADD `unit` text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `attributes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `min_order_quantity` integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `pack_size` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `price_tiers` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_rest` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `search_id` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing products get part numbers BH-000001, BH-000002, … and search ids in the order they
-- were created; their search words are written by the store when it opens.
UPDATE `products` SET `sku` = 'BH-' || substr('000000' || numbered.n, -6), `search_id` = numbered.n FROM (SELECT `id`, row_number() OVER (ORDER BY `created_at`, `id`) AS n FROM `products`) AS numbered WHERE `products`.`id` = numbered.`id`;--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_search_id_unique` ON `products` (`search_id`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`,`id`);--> statement-breakpoint
CREATE INDEX `products_category_newest_idx` ON `products` (`category_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `products_category_price_idx` ON `products` (`category_id`,`price_cents`,`id`);--> statement-breakpoint
CREATE INDEX `products_category_name_idx` ON `products` (`category_id`,`name`,`id`);--> statement-breakpoint
CREATE INDEX `products_brand_idx` ON `products` (`brand`,`created_at`,`id`);--> statement-breakpoint
-- The catalogue's full-text index: external content (the words live in products.search_name and
-- search_rest), rowid = products.search_id, kept in step by the three triggers below. Prefix
-- indexes for 1–3 characters make "as the buyer types" queries cheap.
CREATE VIRTUAL TABLE `products_fts` USING fts5(search_name, search_rest, content='products', content_rowid='search_id', tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');--> statement-breakpoint
CREATE TRIGGER `products_fts_insert` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, search_name, search_rest) VALUES (new.search_id, new.search_name, new.search_rest);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_delete` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_rest) VALUES ('delete', old.search_id, old.search_name, old.search_rest);
END;--> statement-breakpoint
CREATE TRIGGER `products_fts_update` AFTER UPDATE OF search_name, search_rest, search_id ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_name, search_rest) VALUES ('delete', old.search_id, old.search_name, old.search_rest);
  INSERT INTO products_fts(rowid, search_name, search_rest) VALUES (new.search_id, new.search_name, new.search_rest);
END;--> statement-breakpoint
INSERT INTO `products_fts`(`products_fts`) VALUES ('rebuild');
