ALTER TABLE "matches" ADD COLUMN "last_sender_id" uuid;--> statement-breakpoint
-- Existing matches learn who wrote last from their messages (decision 014).
UPDATE "matches" SET "last_sender_id" = (
  SELECT "sender_id" FROM "messages" WHERE "messages"."match_id" = "matches"."id"
  ORDER BY "created_at" DESC, "id" DESC LIMIT 1
) WHERE "last_message_at" IS NOT NULL;
