-- A sponsorship pauses while its sponsor's plan is not in force, and ends only if the plan does not
-- come back within a day (decision 029): a Stripe renewal is charged about an hour after the period
-- ends (decision 028), and the lapse job must not end sponsorships the renewal then pays for.
ALTER TABLE "sponsorships" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sponsorships_suspended_idx" ON "sponsorships" USING btree ("suspended_at") WHERE "sponsorships"."revoked_at" is null and "sponsorships"."suspended_at" is not null;
