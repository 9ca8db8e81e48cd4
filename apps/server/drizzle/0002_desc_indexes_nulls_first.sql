-- DESC indexes as NULLS FIRST (Postgres' default for DESC), so that a plain ORDER BY col DESC can use them.
DROP INDEX "audit_log_actor_created_idx";--> statement-breakpoint
DROP INDEX "photos_status_created_idx";--> statement-breakpoint
DROP INDEX "profiles_last_active_idx";--> statement-breakpoint
DROP INDEX "profiles_popularity_idx";--> statement-breakpoint
DROP INDEX "safe_locations_lookup_idx";--> statement-breakpoint
DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "profile_views_viewed_idx";--> statement-breakpoint
DROP INDEX "swipe_actions_target_idx";--> statement-breakpoint
DROP INDEX "swipe_actions_swiper_idx";--> statement-breakpoint
DROP INDEX "verification_requests_status_created_idx";--> statement-breakpoint
DROP INDEX "wallet_transactions_user_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "photos_status_created_idx" ON "photos" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_last_active_idx" ON "profiles" USING btree ("last_active" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_popularity_idx" ON "profiles" USING btree ("popularity_score" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "safe_locations_lookup_idx" ON "safe_locations" USING btree ("city","state","verified","safety_rating" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profile_views_viewed_idx" ON "profile_views" USING btree ("viewed_id","viewed_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "swipe_actions_target_idx" ON "swipe_actions" USING btree ("target_id","direction","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "swipe_actions_swiper_idx" ON "swipe_actions" USING btree ("swiper_id","direction","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verification_requests_status_created_idx" ON "verification_requests" USING btree ("status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS FIRST);