ALTER TABLE "matches" ADD COLUMN "conversation_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "profile_views" ADD COLUMN "counted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "matches_awaiting_expiry_idx" ON "matches" USING btree ("expires_at") WHERE "matches"."status" = 'active' and "matches"."conversation_started_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
-- Matches where both members have already written stay open: stamp when the second one first wrote.
UPDATE "matches" m SET "conversation_started_at" = greatest(
  (SELECT min("created_at") FROM "messages" WHERE "match_id" = m."id" AND "sender_id" = m."user1_id"),
  (SELECT min("created_at") FROM "messages" WHERE "match_id" = m."id" AND "sender_id" = m."user2_id"))
WHERE EXISTS (SELECT 1 FROM "messages" WHERE "match_id" = m."id" AND "sender_id" = m."user1_id")
  AND EXISTS (SELECT 1 FROM "messages" WHERE "match_id" = m."id" AND "sender_id" = m."user2_id");
