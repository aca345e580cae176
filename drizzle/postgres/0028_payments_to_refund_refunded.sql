-- A payment no order could take is refunded from the admin's list, through the payment port, once
-- (docs/api.md, "payments-to-refund"): when, and the provider's refund. Null while it waits.
ALTER TABLE "payments_to_refund" ADD COLUMN "refunded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payments_to_refund" ADD COLUMN "provider_refund_id" text;
