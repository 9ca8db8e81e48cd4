-- A verification request nobody decided expires: its images are deleted 30 days after it was
-- submitted (ID_UNDECIDED_RETENTION_DAYS) and it is marked expired. Requests already waiting get
-- their purge date from their submission (the new value is not used here: PostgreSQL refuses a
-- value added in the same transaction).
ALTER TYPE "public"."verification_status" ADD VALUE 'expired';--> statement-breakpoint
UPDATE "verification_requests" SET "purge_after" = "created_at" + interval '30 days' WHERE "status" = 'pending' AND "purge_after" IS NULL;