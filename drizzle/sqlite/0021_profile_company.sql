-- A contractor's company, job title and tax/VAT number (docs/orders.md, "Invoices and packing slips"): optional,
-- empty until given; the invoice prints the company and the tax number when they are there.
ALTER TABLE `profiles` ADD `company_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `job_title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `tax_number` text DEFAULT '' NOT NULL;
