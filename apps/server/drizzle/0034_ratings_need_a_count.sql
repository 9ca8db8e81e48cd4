ALTER TABLE "profiles" ALTER COLUMN "rating_avg" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "rating_avg" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_rating_count_non_negative" CHECK ("profiles"."rating_count" >= 0);--> statement-breakpoint
-- No stored average was backed by ratings (the sign-up default 4.0 and the demo seed's figures had no
-- count): every member starts unrated (decision 039).
UPDATE "profiles" SET "rating_avg" = NULL;
