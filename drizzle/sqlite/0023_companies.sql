-- Companies (docs/companies.md): a company, its members (a user belongs to at most one: the user
-- id is the key), invitations by e-mail, ship-to sites, and the shop's contract prices for it.
CREATE TABLE `companies` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`tax_id` text,
	`approval_threshold_cents` integer,
	`discount_percent` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "companies_discount_check" CHECK("companies"."discount_percent" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE INDEX `companies_newest_idx` ON `companies` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `companies_name_lower_idx` ON `companies` (lower("name"));--> statement-breakpoint
CREATE TABLE `company_members` (
	`user_id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`role` text NOT NULL,
	`monthly_limit_cents` integer,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "company_members_role_check" CHECK("company_members"."role" IN ('manager', 'buyer'))
);
--> statement-breakpoint
CREATE INDEX `company_members_company_idx` ON `company_members` (`company_id`,`role`);--> statement-breakpoint
CREATE TABLE `company_invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`monthly_limit_cents` integer,
	`invited_by` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `company_invitations_token_unique` ON `company_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `company_invitations_company_idx` ON `company_invitations` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `company_addresses` (
	`id` text PRIMARY KEY NOT NULL,
	`company_id` text NOT NULL,
	`label` text NOT NULL,
	`recipient` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_addresses_company_idx` ON `company_addresses` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `company_prices` (
	`company_id` text NOT NULL,
	`product_id` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	PRIMARY KEY(`company_id`, `product_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_prices_product_idx` ON `company_prices` (`product_id`);
