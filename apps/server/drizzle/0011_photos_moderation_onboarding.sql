DROP INDEX "photos_status_created_idx";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "ai_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "onboarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "birth_date" date;--> statement-breakpoint
CREATE INDEX "photos_unscored_idx" ON "photos" USING btree ("created_at") WHERE "photos"."ai_checked_at" is null;--> statement-breakpoint
CREATE INDEX "photos_appeals_idx" ON "photos" USING btree ("appeal_submitted_at") WHERE "photos"."appeal_status" = 'submitted';--> statement-breakpoint
CREATE INDEX "photos_status_created_idx" ON "photos" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Members who existed before onboarding did: they count as onboarded; their photos as already scored.
UPDATE "profiles" SET "onboarded_at" = "created_at" WHERE "onboarded_at" IS NULL;--> statement-breakpoint
UPDATE "photos" SET "ai_checked_at" = "created_at" WHERE "ai_checked_at" IS NULL;
