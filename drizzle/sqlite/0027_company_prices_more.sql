-- Contract prices (docs/companies.md, "Company prices"): a version per company that every
-- replacement of its contract prices moves, so each instance keeps a company's prices in memory
-- and re-reads them only when the version it reads with the member's company has moved.
ALTER TABLE `companies` ADD `prices_version` integer DEFAULT 0 NOT NULL;
