-- Closing the books (decision 054): the carried-forward entry's type, the retention job's scan of
-- ledger_entries by time, and indexes for deleting old entries with the rows that point at them.
ALTER TYPE "public"."transaction_type" ADD VALUE 'balance_carried_forward';--> statement-breakpoint
CREATE INDEX "sponsorships_payment_entry_idx" ON "sponsorships" USING btree ("payment_entry_id") WHERE "sponsorships"."payment_entry_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_brin_idx" ON "ledger_entries" USING brin ("created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_entry_idx" ON "wallet_transactions" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_transfer_idx" ON "wallet_transactions" USING btree ("transfer_id") WHERE "wallet_transactions"."transfer_id" is not null;--> statement-breakpoint
CREATE INDEX "withdrawals_hold_entry_idx" ON "withdrawals" USING btree ("hold_entry_id");