ALTER TYPE "public"."peer_transfer_status" ADD VALUE 'returned';--> statement-breakpoint
DROP INDEX "peer_transfers_pair_idx";--> statement-breakpoint
CREATE INDEX "peer_transfers_pair_idx" ON "peer_transfers" USING btree ("sender_id","receiver_id","created_at");