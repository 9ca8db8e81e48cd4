-- A held transfer that can no longer be delivered when its cool-off ends goes back to its sender
-- (returned); the pair index gains created_at for what one sender sent one member in the last 24
-- hours, the large-amount guard's sum (decision 027).
ALTER TYPE "public"."peer_transfer_status" ADD VALUE 'returned';--> statement-breakpoint
DROP INDEX "peer_transfers_pair_idx";--> statement-breakpoint
CREATE INDEX "peer_transfers_pair_idx" ON "peer_transfers" USING btree ("sender_id","receiver_id","created_at");