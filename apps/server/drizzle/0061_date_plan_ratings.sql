CREATE TYPE "public"."date_rating_flag" AS ENUM('felt_unsafe', 'not_as_pictured', 'asked_for_money');--> statement-breakpoint
CREATE TABLE "date_plan_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date_plan_id" uuid NOT NULL,
	"rater_id" uuid NOT NULL,
	"rated_id" uuid NOT NULL,
	"stars" smallint NOT NULL,
	"flags" date_rating_flag[] DEFAULT '{}' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_plan_ratings_once" UNIQUE("date_plan_id","rater_id"),
	CONSTRAINT "date_plan_ratings_stars_range" CHECK ("date_plan_ratings"."stars" between 1 and 5),
	CONSTRAINT "date_plan_ratings_not_self" CHECK ("date_plan_ratings"."rater_id" <> "date_plan_ratings"."rated_id"),
	CONSTRAINT "date_plan_ratings_comment_length" CHECK (char_length("date_plan_ratings"."comment") <= 500)
);
--> statement-breakpoint
DROP INDEX "reports_one_unsettled_per_pair";--> statement-breakpoint
ALTER TABLE "date_plans" ADD COLUMN "member1_rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_plans" ADD COLUMN "member2_rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "date_plans" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "date_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "date_plan_ratings" ADD CONSTRAINT "date_plan_ratings_date_plan_id_date_plans_id_fk" FOREIGN KEY ("date_plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plan_ratings" ADD CONSTRAINT "date_plan_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plan_ratings" ADD CONSTRAINT "date_plan_ratings_rated_id_users_id_fk" FOREIGN KEY ("rated_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "date_plan_ratings_rater_idx" ON "date_plan_ratings" USING btree ("rater_id");--> statement-breakpoint
CREATE INDEX "date_plan_ratings_rated_idx" ON "date_plan_ratings" USING btree ("rated_id");--> statement-breakpoint
CREATE INDEX "date_plans_reminder_idx" ON "date_plans" USING btree ("starts_at") WHERE "date_plans"."status" = 'accepted' and "date_plans"."reminded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_date_plan_flag_key" ON "reports" USING btree ("date_plan_id","reporter_id","reason") WHERE "reports"."date_plan_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_unsettled_per_pair" ON "reports" USING btree ("reporter_id","reported_id") WHERE "reports"."status" in ('open', 'reviewing') and "reports"."date_plan_id" is null;--> statement-breakpoint
-- The stars behind averages written before this column (the demo seed's): the nearest whole sum.
UPDATE "profiles" SET "rating_sum" = round("rating_avg" * "rating_count") WHERE "rating_avg" IS NOT NULL;

