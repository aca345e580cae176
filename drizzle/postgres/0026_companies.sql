-- Companies (docs/companies.md): a company, its members (a user belongs to at most one: the user
-- id is the key), invitations by e-mail, ship-to sites, and the shop's contract prices for it.
CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tax_id" text,
	"approval_threshold_cents" bigint,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "companies_discount_check" CHECK ("companies"."discount_percent" BETWEEN 0 AND 50)
);
--> statement-breakpoint
CREATE INDEX "companies_newest_idx" ON "companies" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "companies_name_lower_idx" ON "companies" USING btree (lower("name"));--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"company_id" text NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"monthly_limit_cents" bigint,
	"joined_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" IN ('manager', 'buyer'))
);
--> statement-breakpoint
CREATE INDEX "company_members_company_idx" ON "company_members" USING btree ("company_id","role");--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"monthly_limit_cents" bigint,
	"invited_by" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"accepted_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_token_unique" ON "company_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE TABLE "company_addresses" (
	"id" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"label" text NOT NULL,
	"recipient" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "company_addresses_company_idx" ON "company_addresses" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE TABLE "company_prices" (
	"company_id" text NOT NULL REFERENCES "companies"("id") ON DELETE cascade,
	"product_id" text NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"unit_price_cents" bigint NOT NULL,
	CONSTRAINT "company_prices_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
CREATE INDEX "company_prices_product_idx" ON "company_prices" USING btree ("product_id");
