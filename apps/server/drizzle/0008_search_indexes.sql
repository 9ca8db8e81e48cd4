-- Trigram matching for the browse name search (bundled with PGlite as the pg_trgm contrib extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "profiles_name_lower_idx";--> statement-breakpoint
CREATE INDEX "profiles_name_trgm_idx" ON "profiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_geo_box_idx" ON "profiles" USING gist (point("geo_lng", "geo_lat")) WHERE "profiles"."ghost_mode" = false;--> statement-breakpoint
CREATE INDEX "profiles_lifestyle_tags_idx" ON "profiles" USING gin ("lifestyle_tags");--> statement-breakpoint
CREATE INDEX "profiles_search_order_idx" ON "profiles" USING btree ("last_active" DESC NULLS FIRST,"user_id" DESC NULLS FIRST) WHERE "profiles"."ghost_mode" = false;