ALTER TABLE "messages" DROP CONSTRAINT "messages_content_length";--> statement-breakpoint
DROP INDEX "messages_unread_idx";--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "ciphertext" "bytea";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "nonce" "bytea";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "key_id" text;--> statement-breakpoint
CREATE INDEX "messages_key_idx" ON "messages" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "messages_legacy_idx" ON "messages" USING btree ("id") WHERE "messages"."content" is not null;--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","match_id") WHERE "messages"."read_status" = false;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_nonce_length" CHECK (octet_length("messages"."nonce") = 12);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_encrypted_or_legacy" CHECK (("messages"."ciphertext" is not null and "messages"."nonce" is not null and "messages"."key_id" is not null and "messages"."content" is null)
        or ("messages"."ciphertext" is null and "messages"."nonce" is null and "messages"."key_id" is null and "messages"."content" is not null));