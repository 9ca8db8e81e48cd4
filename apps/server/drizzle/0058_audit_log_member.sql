DROP INDEX "audit_log_actor_created_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "member_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_member_idx" ON "audit_log" USING btree ("member_id","id" DESC NULLS FIRST) WHERE "audit_log"."member_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","id" DESC NULLS FIRST);--> statement-breakpoint
-- Rows written before member_id existed: the member each one concerns, as the Audit Log names them.
-- The table refuses every update (db/sql/audit_log_is_append_only.sql); its triggers are set aside for
-- this one statement, inside the migration's transaction, and nothing else about a row changes.
ALTER TABLE "audit_log" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "audit_log" AS a SET "member_id" = CASE a."target_type"
    WHEN 'user' THEN (SELECT u."id" FROM "users" u WHERE u."id"::text = a."target_id")
    WHEN 'photo' THEN (SELECT p."user_id" FROM "photos" p WHERE p."id"::text = a."target_id")
    WHEN 'report' THEN (SELECT r."reported_id" FROM "reports" r WHERE r."id"::text = a."target_id")
    WHEN 'verification_request' THEN (SELECT v."user_id" FROM "verification_requests" v WHERE v."id"::text = a."target_id")
    WHEN 'support_request' THEN (SELECT s."user_id" FROM "support_requests" s WHERE s."id"::text = a."target_id")
  END
  WHERE a."target_type" IN ('user', 'photo', 'report', 'verification_request', 'support_request');--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER USER;
