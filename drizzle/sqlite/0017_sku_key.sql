-- Search that forgives (docs/catalogue.md, "Search that forgives"). `sku_key` is the SKU's matching key
-- (domain/catalog/sku.ts, `skuKey`: upper-case letters and digits only), written by the repository
-- on every insert and update and filled here for the products there are; its index serves "the
-- SKU key starts with" however the part number is typed.
ALTER TABLE `products` ADD `sku_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `products` SET `sku_key` = upper(replace(replace(replace(replace(`sku`, '-', ''), '.', ''), '/', ''), ' ', ''));--> statement-breakpoint
CREATE INDEX `products_sku_key_idx` ON `products` (`sku_key`);--> statement-breakpoint
-- The catalogue's words as FTS5 keeps them, one row per word: the vocabulary typos are corrected to
-- (domain/catalog/typo-corrections.ts), read once per catalogue version.
CREATE VIRTUAL TABLE `products_fts_vocab` USING fts5vocab(`products_fts`, 'row');
