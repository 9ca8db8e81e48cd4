ALTER TABLE "profiles" ADD COLUMN "feed_rank" smallint GENERATED ALWAYS AS (case when is_sponsored or popularity_score >= 90 then 1 else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_feed_idx" ON "profiles" USING btree ("user_type","feed_rank" DESC NULLS FIRST,"last_active" DESC NULLS FIRST,"user_id" DESC NULLS FIRST) WHERE "profiles"."ghost_mode" = false;--> statement-breakpoint
-- The swipe's function, first defined here as record_swipe, is src/db/sql/record_swipes.sql (decision 033).
