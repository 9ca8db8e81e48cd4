CREATE TYPE "public"."checkout_purpose" AS ENUM('deposit', 'subscription', 'boost');--> statement-breakpoint
CREATE TYPE "public"."checkout_status" AS ENUM('open', 'paid', 'declined', 'cancelled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."peer_transfer_status" AS ENUM('held', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."withdrawal_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "checkout_purpose" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"tier_level" smallint,
	"boost_type" "boost_type",
	"provider" text NOT NULL,
	"provider_session_id" text,
	"status" "checkout_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "checkouts_amount_positive" CHECK ("checkouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "reconciliation_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reconciliation_flags_kind_reference_key" UNIQUE("kind","reference")
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"sponsored_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sponsorships_not_self" CHECK ("sponsorships"."sponsor_id" <> "sponsorships"."sponsored_id")
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" smallint,
	"reply" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "peer_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transfer_type" "transfer_type" NOT NULL,
	"message" text,
	"status" "peer_transfer_status" NOT NULL,
	"release_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_transfers_amount_positive" CHECK ("peer_transfers"."amount_cents" > 0),
	CONSTRAINT "peer_transfers_not_to_self" CHECK ("peer_transfers"."sender_id" <> "peer_transfers"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" "withdrawal_status" DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"hold_entry_id" uuid NOT NULL,
	"provider_payout_id" text,
	"payout_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "provider_customer_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "escrow_wallets" ADD COLUMN "wallet_account_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "escrow_wallets" ADD COLUMN "hold_account_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_sponsored_id_users_id_fk" FOREIGN KEY ("sponsored_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_hold_entry_id_ledger_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkouts_user_idx" ON "checkouts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_status_idx" ON "checkouts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_live_sponsored_key" ON "sponsorships" USING btree ("sponsored_id") WHERE "sponsorships"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "sponsorships_sponsor_idx" ON "sponsorships" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "peer_transfers_pair_idx" ON "peer_transfers" USING btree ("sender_id","receiver_id");--> statement-breakpoint
CREATE INDEX "peer_transfers_due_idx" ON "peer_transfers" USING btree ("status","release_at");--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_status_idx" ON "withdrawals" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "escrow_wallets" ADD CONSTRAINT "escrow_wallets_wallet_account_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_wallets" ADD CONSTRAINT "escrow_wallets_hold_account_id_ledger_accounts_id_fk" FOREIGN KEY ("hold_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_status_end_idx" ON "subscriptions" USING btree ("status","current_period_end");--> statement-breakpoint
-- Platform ledger accounts under fixed ids (the services also create them on first use, so a database
-- emptied by TRUNCATE works the same).
INSERT INTO "ledger_accounts" ("id", "kind") VALUES
  ('00000000-0000-4000-8000-00000000c001', 'platform_cash'),
  ('00000000-0000-4000-8000-00000000c002', 'platform_revenue'),
  ('00000000-0000-4000-8000-00000000c003', 'provider_clearing')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Members who joined before wallets existed get theirs (new members get them from the one writer).
INSERT INTO "ledger_accounts" ("kind", "user_id")
  SELECT k."kind"::"ledger_account_kind", u."id" FROM "users" u CROSS JOIN (VALUES ('user_wallet'), ('user_hold')) AS k("kind")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "escrow_wallets" ("user_id", "wallet_account_id", "hold_account_id")
  SELECT u."id", w."id", h."id" FROM "users" u
  JOIN "ledger_accounts" w ON w."user_id" = u."id" AND w."kind" = 'user_wallet'
  JOIN "ledger_accounts" h ON h."user_id" = u."id" AND h."kind" = 'user_hold'
ON CONFLICT DO NOTHING;
