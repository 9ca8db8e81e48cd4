CREATE TYPE "public"."admin_queue" AS ENUM('reports', 'support-requests', 'waitlist', 'photo-appeals');--> statement-breakpoint
CREATE TABLE "admin_claims" (
	"queue" "admin_queue" NOT NULL,
	"item_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_claims_pkey" PRIMARY KEY("queue","item_id")
);
--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "admin_claims" ADD CONSTRAINT "admin_claims_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_claims_admin_idx" ON "admin_claims" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "support_requests_open_idx" ON "support_requests" USING btree ("created_at") WHERE "support_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_decline_note_length" CHECK (char_length("waitlist"."decline_note") <= 500);