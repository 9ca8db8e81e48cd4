CREATE TABLE "event_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key_large" text NOT NULL,
	"key_small" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"ai_confidence_score" real,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_photos_size_positive" CHECK ("event_photos"."width" > 0 and "event_photos"."height" > 0),
	CONSTRAINT "event_photos_ai_confidence_range" CHECK ("event_photos"."ai_confidence_score" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_photos" ADD CONSTRAINT "event_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_photos_event_position_idx" ON "event_photos" USING btree ("event_id","position");--> statement-breakpoint
ALTER TABLE "events" DROP COLUMN "photos";