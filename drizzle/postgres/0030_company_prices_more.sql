-- Contract prices (docs/companies.md, "Company prices"): a version per company that every
-- replacement of its contract prices moves, so each instance keeps a company's prices in memory
-- and re-reads them only when the version it reads with the member's company has moved.
CREATE TABLE "company_price_versions" (
	"company_id" text PRIMARY KEY NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"version" integer NOT NULL
);
