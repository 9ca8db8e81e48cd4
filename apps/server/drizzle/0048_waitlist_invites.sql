DROP INDEX "waitlist_email_lower_key";--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "waitlist_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_waitlist_id_waitlist_id_fk" FOREIGN KEY ("waitlist_id") REFERENCES "public"."waitlist"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist" ADD CONSTRAINT "waitlist_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_inviter_idx" ON "invites" USING btree ("inviter_id") WHERE "invites"."inviter_id" is not null;--> statement-breakpoint
CREATE INDEX "invites_used_by_idx" ON "invites" USING btree ("used_by") WHERE "invites"."used_by" is not null;--> statement-breakpoint
CREATE INDEX "invites_waitlist_idx" ON "invites" USING btree ("waitlist_id") WHERE "invites"."waitlist_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_pending_email_key" ON "waitlist" USING btree (lower("email")) WHERE "waitlist"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "waitlist_created_idx" ON "waitlist" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waitlist_status_created_idx" ON "waitlist" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "waitlist_decided_by_idx" ON "waitlist" USING btree ("decided_by") WHERE "waitlist"."decided_by" is not null;--> statement-breakpoint
CREATE INDEX "profiles_invited_by_idx" ON "profiles" USING btree ("invited_by","created_at") WHERE "profiles"."invited_by" is not null;