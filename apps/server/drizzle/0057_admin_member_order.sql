CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "profiles_name_order_idx" ON "profiles" USING btree (lower("name"),"user_id");--> statement-breakpoint
CREATE INDEX "profiles_tier_name_idx" ON "profiles" USING btree ("tier_level",lower("name"),"user_id");--> statement-breakpoint
CREATE INDEX "profiles_suspended_idx" ON "profiles" USING btree ("suspended_until") WHERE "profiles"."suspended_until" is not null;