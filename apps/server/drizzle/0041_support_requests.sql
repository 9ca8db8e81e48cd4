CREATE TYPE "public"."support_request_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."support_topic" AS ENUM('account', 'billing', 'verification', 'wallet', 'safety', 'bug', 'other');--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"topic" "support_topic" NOT NULL,
	"message" text NOT NULL,
	"status" "support_request_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_message_length" CHECK (char_length("support_requests"."message") <= 2000)
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_user_status_idx" ON "support_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);