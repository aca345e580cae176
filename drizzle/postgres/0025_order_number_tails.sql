-- Finding an order by any tail of its number (docs/orders.md, "Finding an order"): "000001",
-- "2026-000001" and "BH-2026-000001" all find BH-2026-000001. A tail of the number is the start of
-- its reversal, read from this index as a byte-wise range (COLLATE "C": the same order whatever the
-- database's locale). The start of a PO number is a byte-wise range of the second index.
CREATE INDEX "orders_number_reversed_idx" ON "orders" ((reverse("number") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "orders_po_number_c_idx" ON "orders" (("po_number" COLLATE "C"));
