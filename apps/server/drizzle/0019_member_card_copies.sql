-- Copies on `profiles` of what every member card and every visibility check reads from other tables:
-- three safety settings (who may see the member, whether others see them online, whether others see
-- their distance) and the ids of their approved photos in order. The feed read them with two lookups
-- per card (a settings row and a photo list); with the copies a feed page reads only the profile rows
-- it walks (measured on the benchmark's data: 442-532 µs of PostgreSQL per page before, 244-348
-- after). The app never writes these columns: triggers keep them, in the same transaction as the write
-- they copy, so no reader ever sees the copy and its source disagree (src/db/sql: photos_copy_ids,
-- copy_card_settings_to_profile, card_copies_after_truncate; decision 033).
-- No write to the copies' sources may fall between the backfills below and the triggers that take over
-- from them (an instance of the previous version still running during a deploy): held until commit.
-- The migrator applies the triggers after the migrations, in the same transaction.
LOCK TABLE "safety_settings", "photos" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "profile_visibility" "profile_visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_online_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_sharing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
UPDATE "profiles" p SET
  "profile_visibility" = s."profile_visibility",
  "show_online_status" = s."show_online_status",
  "location_sharing" = s."location_sharing"
FROM "safety_settings" s WHERE s."user_id" = p."user_id";
--> statement-breakpoint
UPDATE "profiles" p SET "photo_ids" = fresh."ids"
FROM (
  SELECT "user_id", array_agg("id" ORDER BY "position", "created_at") AS "ids"
  FROM "photos" WHERE "status" = 'approved' GROUP BY "user_id"
) fresh
WHERE p."user_id" = fresh."user_id";
