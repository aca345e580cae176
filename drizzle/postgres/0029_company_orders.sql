-- Company orders (docs/companies.md, "Approvals"): an order gains its company (`company_id`, set at
-- placing from the buyer's membership, kept when the buyer leaves), the approval record and two
-- states, `awaiting-approval` (before unpaid) and `rejected`. The sales roll-up (0022) now counts
-- only the states that are sales (pending, shipped, cancelled): an order awaiting approval or
-- rejected never was revenue, and approving one (awaiting-approval → unpaid) counts nothing yet.
ALTER TABLE "orders" ADD COLUMN "company_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decided_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('awaiting-approval', 'unpaid', 'pending', 'shipped', 'cancelled', 'rejected'));--> statement-breakpoint
-- A company's orders newest first, all or of one status (the managers' approval queue).
CREATE INDEX "orders_company_newest_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_newest_idx" ON "orders" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
DROP TRIGGER orders_sales_counted ON "orders";--> statement-breakpoint
CREATE TRIGGER orders_sales_counted AFTER UPDATE OF status ON "orders" FOR EACH ROW WHEN (OLD.status IN ('unpaid', 'awaiting-approval') AND NEW.status IN ('pending', 'shipped', 'cancelled')) EXECUTE FUNCTION sales_order_counted();
--> statement-breakpoint
DROP TRIGGER orders_sales_placed_paid ON "orders";--> statement-breakpoint
CREATE TRIGGER orders_sales_placed_paid AFTER INSERT ON "orders" FOR EACH ROW WHEN (NEW.status IN ('pending', 'shipped', 'cancelled')) EXECUTE FUNCTION sales_order_counted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sales_line_counted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  -- Once per statement, over all its lines in (product, SKU) order (see sales_order_counted).
  INSERT INTO sales_day_products (day, product_id, sku, name, units, revenue_cents)
    SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), coalesce(l.product_id, ''), l.sku, max(l.product_name), sum(l.quantity), sum(l.line_total_cents)
    FROM new_lines l JOIN orders o ON o.id = l.order_id WHERE o.status IN ('pending', 'shipped', 'cancelled')
    GROUP BY 1, 2, 3 ORDER BY 2, 3, 1
    ON CONFLICT (day, product_id, sku) DO UPDATE SET units = sales_day_products.units + EXCLUDED.units,
      revenue_cents = sales_day_products.revenue_cents + EXCLUDED.revenue_cents, name = greatest(sales_day_products.name, EXCLUDED.name);
  RETURN NULL;
END $$;
