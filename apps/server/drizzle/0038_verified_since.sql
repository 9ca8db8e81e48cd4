-- "Verified since <month>" on a member's card (issue 33): when the member became verified, kept by the
-- database from `verified` (db/sql/profile_verified_since.sql). Members verified before this column
-- existed take the date their latest approved selfie verification was reviewed, else the day their
-- profile was made (a member verified without a request: an admin's or the demo's).
ALTER TABLE "profiles" ADD COLUMN "verified_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "profiles" p SET "verified_at" = coalesce(
  (SELECT max(v."reviewed_at") FROM "verification_requests" v
   WHERE v."user_id" = p."user_id" AND v."verification_type" = 'selfie' AND v."status" = 'approved'),
  p."created_at")
WHERE p."verified";
