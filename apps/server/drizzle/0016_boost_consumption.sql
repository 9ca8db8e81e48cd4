CREATE TABLE "super_like_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "super_like_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "super_like_days_used_positive" CHECK ("super_like_days"."used" >= 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "replaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_cancel_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "super_like_days" ADD CONSTRAINT "super_like_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The super like allowance and the tokens a swipe spends (decision 013) are written by the swipe's
-- function, src/db/sql/record_swipes.sql (decision 033).
