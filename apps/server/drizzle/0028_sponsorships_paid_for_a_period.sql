-- Sponsorships are paid for a period and end with the sponsor's plan (decision 029). A sponsorship
-- now has the end of its paid period, its price and payment, and why it ended.
CREATE TYPE "public"."sponsorship_end_reason" AS ENUM('revoked', 'expired', 'sponsor_plan_ended');--> statement-breakpoint
DROP INDEX "sponsorships_sponsor_idx";--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "price_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sponsorships" ALTER COLUMN "price_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "payment_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "end_reason" "sponsorship_end_reason";--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_payment_entry_id_ledger_entries_id_fk" FOREIGN KEY ("payment_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Sponsorships given before were never paid for (price 0, nothing to refund). One already over was
-- revoked by its sponsor, and was paid until then.
UPDATE "sponsorships" SET "end_reason" = 'revoked', "paid_until" = "revoked_at" WHERE "revoked_at" IS NOT NULL;--> statement-breakpoint
-- A live one whose sponsor still holds a paid Vault Verified plan runs until that plan's current end
-- (at most one period), as if paid through it; the job then ends it with a notice to both. The
-- limit on how many one sponsor gives applies to new ones: those running stay until then.
UPDATE "sponsorships" s SET "paid_until" = least(p."tier_subscription_ends_at", now() + interval '30 days')
FROM "profiles" p
WHERE p."user_id" = s."sponsor_id" AND s."revoked_at" IS NULL
  AND p."tier_level" = 4 AND p."tier_subscription_active" AND p."tier_subscription_ends_at" > now();--> statement-breakpoint
-- Any other live one outlived its sponsor's plan: it ends now. The member loses the access it gave
-- (and Ghost Mode, unless their own paid Vault Verified plan grants it), and both are told, as the
-- server would (sponsorship-end.ts; no realtime event from here, the notices are in their lists).
WITH ended AS (
  UPDATE "sponsorships" SET "revoked_at" = now(), "end_reason" = 'sponsor_plan_ended', "paid_until" = now()
  WHERE "revoked_at" IS NULL AND "paid_until" IS NULL
  RETURNING "id", "sponsor_id", "sponsored_id"
), unsponsored AS (
  UPDATE "profiles" p SET "is_sponsored" = false,
    "ghost_mode" = p."ghost_mode" AND p."tier_level" = 4 AND p."tier_subscription_active"
      AND coalesce(p."tier_subscription_ends_at" > now(), false)
  FROM ended e WHERE p."user_id" = e."sponsored_id"
  RETURNING p."user_id"
)
INSERT INTO "notifications" ("user_id", "type", "title", "message", "actor_id", "link", "dedupe_key")
SELECT e."sponsored_id", 'system'::"notification_type", 'Sponsorship Ended',
  sp."name" || '''s sponsorship ended with their Vault Verified plan', e."sponsor_id", '/subscription',
  'sponsorship-ended:' || e."id"
FROM ended e JOIN "profiles" sp ON sp."user_id" = e."sponsor_id"
UNION ALL
SELECT e."sponsor_id", 'system'::"notification_type", 'Sponsorship Ended',
  'Your sponsorship of ' || sd."name" || ' ended with your Vault Verified plan', e."sponsored_id",
  '/more?tab=tiers', 'sponsorship-ended:' || e."id"
FROM ended e JOIN "profiles" sd ON sd."user_id" = e."sponsored_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "sponsorships" ALTER COLUMN "paid_until" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sponsorships_live_sponsor_idx" ON "sponsorships" USING btree ("sponsor_id") WHERE "sponsorships"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "sponsorships_live_paid_until_idx" ON "sponsorships" USING btree ("paid_until") WHERE "sponsorships"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_price_not_negative" CHECK ("sponsorships"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_ended_with_reason" CHECK (("sponsorships"."revoked_at" is null) = ("sponsorships"."end_reason" is null));
