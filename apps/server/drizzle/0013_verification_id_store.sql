DROP TABLE "id_verifications" CASCADE;--> statement-breakpoint
DROP INDEX "verification_requests_user_idx";--> statement-breakpoint
ALTER TABLE "user_compliance" ADD COLUMN "age_check_skipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "verification_requests_user_created_idx" ON "verification_requests" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending_idx" ON "verification_requests" USING btree ("user_id","verification_type") WHERE "verification_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "verification_requests_purge_idx" ON "verification_requests" USING btree ("purge_after") WHERE "verification_requests"."id_key" is not null or "verification_requests"."selfie_key" is not null;