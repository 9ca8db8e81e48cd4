CREATE TABLE "realtime_events" (
	"position" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"key_id" text NOT NULL,
	"nonce" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "realtime_events" ADD CONSTRAINT "realtime_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realtime_events_user_idx" ON "realtime_events" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "realtime_events_created_idx" ON "realtime_events" USING brin ("created_at");