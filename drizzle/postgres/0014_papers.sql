CREATE TABLE "mail_outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"claimed_until" timestamp (3) with time zone,
	"sent_at" timestamp (3) with time zone,
	"failed_at" timestamp (3) with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"quote_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"requested_quantity" integer NOT NULL,
	"quantity" integer,
	"unit_price_cents" bigint,
	CONSTRAINT "quote_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_lines_quantity_check" CHECK ("quote_lines"."requested_quantity" >= 1 AND ("quote_lines"."quantity" IS NULL OR "quote_lines"."quantity" >= 0))
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"answer" text,
	"holds_stock" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"order_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" IN ('requested', 'quoted', 'accepted', 'declined', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."sent_at" IS NULL AND "mail_outbox"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quote_lines_product_idx" ON "quote_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_number_unique" ON "quotes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "quotes_user_newest_idx" ON "quotes" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_newest_idx" ON "quotes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_expiry_idx" ON "quotes" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_unique" ON "orders" USING btree ("invoice_number");