CREATE TABLE "number_sequences" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "number_sequences_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" text NOT NULL,
	"position" integer NOT NULL,
	"product_id" text,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"product_image_url" text NOT NULL,
	"product_description" text NOT NULL,
	"unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" bigint NOT NULL,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" >= 100),
	CONSTRAINT "order_lines_amounts_check" CHECK ("order_lines"."unit_price_cents" >= 0 AND "order_lines"."line_total_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Each existing order becomes a one-line order, numbered per year in the order it was placed.
INSERT INTO "order_lines" ("order_id", "position", "product_id", "sku", "product_name", "product_image_url", "product_description", "unit", "quantity", "unit_price_cents", "line_total_cents")
SELECT o."id", 0, o."product_id", coalesce(p."sku", ''), o."product_name", o."product_image_url", o."product_description", o."unit", o."quantity", o."unit_price_cents", o."total_cents"
FROM "orders" o LEFT JOIN "products" p ON p."id" = o."product_id";
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_count" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
UPDATE "orders" o SET "item_count" = o."quantity", "number" = numbered."number"
FROM (
	SELECT "id", 'BH-' || extract(year FROM "created_at" AT TIME ZONE 'UTC')::int || '-' ||
		lpad((row_number() OVER (PARTITION BY extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id"))::text, 6, '0') AS "number"
	FROM "orders"
) numbered
WHERE numbered."id" = o."id";
--> statement-breakpoint
INSERT INTO "number_sequences" ("kind", "year", "last")
SELECT 'order', extract(year FROM "created_at" AT TIME ZONE 'UTC')::int, count(*) FROM "orders" GROUP BY 2;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "item_count" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_quantity_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";--> statement-breakpoint
DROP INDEX "orders_product_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_image_url";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_description";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "quantity";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_item_count_check" CHECK ("orders"."item_count" >= 100);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("orders"."total_cents" >= 0);--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_unique" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_po_number_idx" ON "orders" USING btree ("po_number");
