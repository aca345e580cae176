DROP INDEX "contact_messages_newest_idx";--> statement-breakpoint
DROP INDEX "orders_user_newest_idx";--> statement-breakpoint
DROP INDEX "orders_newest_idx";--> statement-breakpoint
DROP INDEX "products_newest_idx";--> statement-breakpoint
DROP INDEX "reviews_newest_idx";--> statement-breakpoint
DROP INDEX "subscribers_newest_idx";--> statement-breakpoint
CREATE INDEX "orders_status_newest_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_email_lower_idx" ON "orders" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contact_messages_newest_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_newest_idx" ON "orders" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_newest_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_newest_idx" ON "reviews" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscribers_newest_idx" ON "subscribers" USING btree ("created_at","email");