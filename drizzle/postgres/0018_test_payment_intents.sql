-- The offline test provider's payment intents, kept in the shop's database so they outlive a
-- restart and several instances share them (README.md, "Running several instances"). An order has
-- at most one live intent (open or succeeded): the partial unique index refuses a second one.
CREATE TABLE "test_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"order_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"state" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "test_payment_intents_state_check" CHECK ("test_payment_intents"."state" IN ('open', 'succeeded', 'canceled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_client_secret_unique" ON "test_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intents_one_live_per_order" ON "test_payment_intents" USING btree ("order_id") WHERE "test_payment_intents"."state" IN ('open', 'succeeded');