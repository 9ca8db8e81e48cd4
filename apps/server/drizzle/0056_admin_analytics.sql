CREATE TABLE "analytics_daily" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "analytics_daily_pkey" PRIMARY KEY("metric","day","dimension")
);
--> statement-breakpoint
CREATE TABLE "analytics_rollup_days" (
	"day" date PRIMARY KEY NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "matches_created_idx" ON "matches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "profiles_onboarded_tier_idx" ON "profiles" USING btree ("tier_level") WHERE "profiles"."onboarded_at" is not null;--> statement-breakpoint
CREATE INDEX "swipe_actions_created_idx" ON "swipe_actions" USING btree ("created_at");