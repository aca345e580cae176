ALTER TABLE "orders" ADD COLUMN "unit" text DEFAULT 'piece' NOT NULL;--> statement-breakpoint
-- Orders placed before this column say what their product counts in, when the product still exists.
UPDATE "orders" SET "unit" = "products"."unit" FROM "products" WHERE "products"."id" = "orders"."product_id";
