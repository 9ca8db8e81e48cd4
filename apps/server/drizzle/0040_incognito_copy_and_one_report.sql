ALTER TABLE "profiles" ADD COLUMN "incognito_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_unsettled_per_pair" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."status" in ('open', 'reviewing');--> statement-breakpoint
-- Incognito Mode joins the card copies on `profiles` (decision 022): every visibility check reads it
-- in the profile row it already reads (db/sql/copy_card_settings_to_profile.sql keeps it from now on).
UPDATE "profiles" SET "incognito_mode" = true
FROM "safety_settings" WHERE "safety_settings"."user_id" = "profiles"."user_id" AND "safety_settings"."incognito_mode";
