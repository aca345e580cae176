CREATE TABLE "refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"number" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"answer" text,
	"refund_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"answered_at" timestamp (3) with time zone,
	"received_at" timestamp (3) with time zone,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" IN ('requested', 'approved', 'rejected', 'received'))
);
--> statement-breakpoint
CREATE TABLE "test_payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_number_unique" ON "refunds" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_number_unique" ON "returns" USING btree ("number");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_newest_idx" ON "returns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "returns_status_newest_idx" ON "returns" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_refunds_key_unique" ON "test_payment_refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "test_payment_refunds_intent_idx" ON "test_payment_refunds" USING btree ("intent_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_check" CHECK ("orders"."refunded_cents" >= 0 AND "orders"."refunded_cents" <= "orders"."total_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('unpaid', 'pending', 'shipped', 'cancelled'));--> statement-breakpoint
-- Refunds count in the sales roll-up (migration 0022) on the day the order was placed, like its
-- revenue, in the same transaction as the refund, on the order's own shard row (docs/reports.md, "Reports").
ALTER TABLE "sales_days" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION sales_order_refunded() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO sales_days (day, shard, orders, revenue_cents, refunded_cents)
    VALUES (to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), right(NEW.id, 1), 0, 0, NEW.refunded_cents - OLD.refunded_cents)
    ON CONFLICT (day, shard) DO UPDATE SET refunded_cents = sales_days.refunded_cents + EXCLUDED.refunded_cents;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_sales_refunded AFTER UPDATE OF refunded_cents ON "orders" FOR EACH ROW WHEN (NEW.refunded_cents <> OLD.refunded_cents) EXECUTE FUNCTION sales_order_refunded();
