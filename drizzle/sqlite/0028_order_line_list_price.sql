-- Order lines keep the catalogue's list price beside the price paid (docs/companies.md, "Company
-- prices"): a company member's order and invoice show both. Lines placed before it paid the list
-- price as far as anyone can tell now, so they keep the price paid as their list price.
ALTER TABLE `order_lines` ADD `list_unit_price_cents` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `order_lines` SET `list_unit_price_cents` = `unit_price_cents`;
