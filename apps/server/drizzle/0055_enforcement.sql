CREATE TYPE "public"."enforcement_appeal_outcome" AS ENUM('upheld', 'lifted');--> statement-breakpoint
CREATE TYPE "public"."enforcement_kind" AS ENUM('suspend', 'ban');--> statement-breakpoint
CREATE TYPE "public"."enforcement_reason" AS ENUM('harassment', 'scam_or_solicitation', 'fake_profile', 'underage_suspicion', 'explicit_content', 'hate_speech', 'spam', 'payment_abuse', 'other');--> statement-breakpoint
ALTER TYPE "public"."admin_queue" ADD VALUE 'enforcement-appeals';--> statement-breakpoint
CREATE TABLE "enforcement_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" "enforcement_kind" NOT NULL,
	"reason_code" "enforcement_reason" NOT NULL,
	"note" text NOT NULL,
	"until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_at" timestamp with time zone,
	"lifted_by" uuid,
	"lift_note" text,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decision" "enforcement_appeal_outcome",
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	CONSTRAINT "enforcement_actions_until_by_kind" CHECK (("enforcement_actions"."kind" = 'ban') = ("enforcement_actions"."until" is null)),
	CONSTRAINT "enforcement_actions_note_length" CHECK (char_length("enforcement_actions"."note") <= 1000),
	CONSTRAINT "enforcement_actions_lift_note_length" CHECK (char_length("enforcement_actions"."lift_note") <= 1000),
	CONSTRAINT "enforcement_actions_decision_note_length" CHECK (char_length("enforcement_actions"."decision_note") <= 1000),
	CONSTRAINT "enforcement_actions_appeal_length" CHECK (char_length("enforcement_actions"."appeal_text") <= 2000),
	CONSTRAINT "enforcement_actions_appeal_once" CHECK (("enforcement_actions"."appeal_text" is null) = ("enforcement_actions"."appealed_at" is null)),
	CONSTRAINT "enforcement_actions_decided_after_appeal" CHECK ("enforcement_actions"."appeal_decision" is null or ("enforcement_actions"."appealed_at" is not null and "enforcement_actions"."decided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enforcement_actions" ADD CONSTRAINT "enforcement_actions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enforcement_actions_live_key" ON "enforcement_actions" USING btree ("member_id") WHERE "enforcement_actions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "enforcement_actions_member_idx" ON "enforcement_actions" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "enforcement_actions_open_appeals_idx" ON "enforcement_actions" USING btree ("appealed_at") WHERE "enforcement_actions"."appealed_at" is not null and "enforcement_actions"."appeal_decision" is null and "enforcement_actions"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "enforcement_actions_created_by_idx" ON "enforcement_actions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "enforcement_actions_lifted_by_idx" ON "enforcement_actions" USING btree ("lifted_by") WHERE "enforcement_actions"."lifted_by" is not null;--> statement-breakpoint
CREATE INDEX "enforcement_actions_decided_by_idx" ON "enforcement_actions" USING btree ("decided_by") WHERE "enforcement_actions"."decided_by" is not null;