CREATE TYPE "public"."date_alert_reason" AS ENUM('timer', 'sos');--> statement-breakpoint
CREATE TABLE "date_plan_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status_token_hash" text NOT NULL,
	"shared_at" timestamp with time zone,
	"share_window_at" timestamp with time zone,
	"share_count" integer DEFAULT 0 NOT NULL,
	"timer_check_at" timestamp with time zone,
	"timer_code_hash" text,
	"timer_code_failures" integer DEFAULT 0 NOT NULL,
	"timer_asked_at" timestamp with time zone,
	"timer_ended_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"alert_reason" date_alert_reason,
	"location_lat" double precision,
	"location_lng" double precision,
	"location_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_plan_watches_plan_user_key" UNIQUE("plan_id","user_id"),
	CONSTRAINT "date_plan_watches_location_whole" CHECK (("date_plan_watches"."location_lat" is null) = ("date_plan_watches"."location_lng" is null) and ("date_plan_watches"."location_lat" is null) = ("date_plan_watches"."location_at" is null)),
	CONSTRAINT "date_plan_watches_alert_reason" CHECK (("date_plan_watches"."alerted_at" is null) = ("date_plan_watches"."alert_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "outbox_sms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_number" text NOT NULL,
	"body" text NOT NULL,
	"status" "outbox_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "emergency_contact_email" text;--> statement-breakpoint
ALTER TABLE "date_plan_watches" ADD CONSTRAINT "date_plan_watches_plan_id_date_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."date_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plan_watches" ADD CONSTRAINT "date_plan_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_plan_watches_token_key" ON "date_plan_watches" USING btree ("status_token_hash");--> statement-breakpoint
CREATE INDEX "date_plan_watches_user_idx" ON "date_plan_watches" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "date_plan_watches_ask_idx" ON "date_plan_watches" USING btree ("timer_check_at") WHERE "date_plan_watches"."timer_check_at" is not null and "date_plan_watches"."timer_asked_at" is null and "date_plan_watches"."timer_ended_at" is null and "date_plan_watches"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "date_plan_watches_alert_idx" ON "date_plan_watches" USING btree ("timer_asked_at") WHERE "date_plan_watches"."timer_asked_at" is not null and "date_plan_watches"."timer_ended_at" is null and "date_plan_watches"."alerted_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_sms_status_created_idx" ON "outbox_sms" USING btree ("status","created_at");