CREATE TYPE "public"."freakoff_mode" AS ENUM('freakoff', 'regular');--> statement-breakpoint
ALTER TYPE "public"."rsvp_status" ADD VALUE 'waitlisted';--> statement-breakpoint
CREATE TABLE "event_bulk_invite_deliveries" (
	"invite_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_bulk_invite_deliveries_invite_id_user_id_pk" PRIMARY KEY("invite_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_bulk_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"tiers" smallint[] NOT NULL,
	"message" text NOT NULL,
	"created_by" uuid,
	"recipients" integer,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "ticket_nonce" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "freakoff_mode" "freakoff_mode";--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD COLUMN "after_dark_pass_id" uuid;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guests_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_bulk_invite_deliveries" ADD CONSTRAINT "event_bulk_invite_deliveries_invite_id_event_bulk_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."event_bulk_invites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bulk_invite_deliveries" ADD CONSTRAINT "event_bulk_invite_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bulk_invites" ADD CONSTRAINT "event_bulk_invites_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_bulk_invites" ADD CONSTRAINT "event_bulk_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_after_dark_pass_id_boosts_id_fk" FOREIGN KEY ("after_dark_pass_id") REFERENCES "public"."boosts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_rsvps_event_status_queued_idx" ON "event_rsvps" USING btree ("event_id","status","queued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "event_rsvps_ticket_nonce_idx" ON "event_rsvps" USING btree ("ticket_nonce");--> statement-breakpoint
-- Backfill: seeded events named their city alone; an event now carries "Name, ST" and the city's zone.
UPDATE "events" SET "time_zone" = CASE "city"
  WHEN 'Los Angeles' THEN 'America/Los_Angeles'
  WHEN 'Miami' THEN 'America/New_York'
  WHEN 'Dubai' THEN 'Asia/Dubai'
  WHEN 'New York' THEN 'America/New_York'
  WHEN 'Atlanta' THEN 'America/New_York'
  WHEN 'Las Vegas' THEN 'America/Los_Angeles'
  WHEN 'Houston' THEN 'America/Chicago'
  WHEN 'Dallas' THEN 'America/Chicago'
  WHEN 'Washington' THEN 'America/New_York'
  WHEN 'San Diego' THEN 'America/Los_Angeles'
  ELSE "time_zone" END,
  "city" = CASE "city"
  WHEN 'Los Angeles' THEN 'Los Angeles, CA'
  WHEN 'Miami' THEN 'Miami, FL'
  WHEN 'Dubai' THEN 'Dubai, UAE'
  WHEN 'New York' THEN 'New York, NY'
  WHEN 'Atlanta' THEN 'Atlanta, GA'
  WHEN 'Las Vegas' THEN 'Las Vegas, NV'
  WHEN 'Houston' THEN 'Houston, TX'
  WHEN 'Dallas' THEN 'Dallas, TX'
  WHEN 'Washington' THEN 'Washington, DC'
  WHEN 'San Diego' THEN 'San Diego, CA'
  ELSE "city" END;--> statement-breakpoint
UPDATE "events" e SET "guests_count" = (SELECT count(*) FROM "event_rsvps" r WHERE r."event_id" = e."id" AND r."status" IN ('going', 'checked_in'));--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_guests_within_capacity" CHECK ("events"."guests_count" between 0 and "events"."max_guests");