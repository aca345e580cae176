CREATE TABLE "payments_to_refund" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
CREATE INDEX "payments_to_refund_newest_idx" ON "payments_to_refund" USING btree ("created_at","id");