CREATE TABLE "outbox_push" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notification_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" "outbox_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "discreet_notifications" boolean;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "quiet_hours_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "quiet_hours_start" text DEFAULT '22:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "quiet_hours_end" text DEFAULT '07:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "quiet_hours_zone" text DEFAULT 'America/Los_Angeles' NOT NULL;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD COLUMN "blur_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_push_status_created_idx" ON "outbox_push" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_quiet_hours_format" CHECK ("safety_settings"."quiet_hours_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "safety_settings"."quiet_hours_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');