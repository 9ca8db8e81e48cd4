CREATE TYPE "public"."check_in_band" AS ENUM('within_100m', 'within_300m', 'qr');--> statement-breakpoint
CREATE TYPE "public"."date_plan_status" AS ENUM('proposed', 'accepted', 'declined', 'cancelled', 'completed', 'claimed', 'disputed', 'settled');--> statement-breakpoint
CREATE TABLE "date_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"member1_id" uuid NOT NULL,
	"member2_id" uuid NOT NULL,
	"terms_by" uuid NOT NULL,
	"status" date_plan_status DEFAULT 'proposed' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"safe_location_id" uuid,
	"place_name" text NOT NULL,
	"place_address" text DEFAULT '' NOT NULL,
	"place_city" text,
	"place_state" text,
	"place_verified" boolean NOT NULL,
	"place_lat" double precision,
	"place_lng" double precision,
	"member1_deposit_cents" bigint DEFAULT 0 NOT NULL,
	"member2_deposit_cents" bigint DEFAULT 0 NOT NULL,
	"treat" boolean DEFAULT false NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"member1_hold_entry_id" uuid,
	"member2_hold_entry_id" uuid,
	"member1_checked_in_at" timestamp with time zone,
	"member1_check_in_band" "check_in_band",
	"member2_checked_in_at" timestamp with time zone,
	"member2_check_in_band" "check_in_band",
	"accepted_at" timestamp with time zone,
	"claimed_by" uuid,
	"claimed_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"dispute_statement" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "date_plans_deposits_non_negative" CHECK ("date_plans"."member1_deposit_cents" >= 0 and "date_plans"."member2_deposit_cents" >= 0),
	CONSTRAINT "date_plans_terms_by_member" CHECK ("date_plans"."terms_by" in ("date_plans"."member1_id", "date_plans"."member2_id"))
);
--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_member1_id_users_id_fk" FOREIGN KEY ("member1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_member2_id_users_id_fk" FOREIGN KEY ("member2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_plans" ADD CONSTRAINT "date_plans_safe_location_id_safe_locations_id_fk" FOREIGN KEY ("safe_location_id") REFERENCES "public"."safe_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "date_plans_one_open_per_match" ON "date_plans" USING btree ("match_id") WHERE "date_plans"."status" in ('proposed', 'accepted', 'claimed', 'disputed');--> statement-breakpoint
CREATE INDEX "date_plans_match_idx" ON "date_plans" USING btree ("match_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "date_plans_member1_idx" ON "date_plans" USING btree ("member1_id");--> statement-breakpoint
CREATE INDEX "date_plans_member2_idx" ON "date_plans" USING btree ("member2_id");--> statement-breakpoint
CREATE INDEX "date_plans_accepted_idx" ON "date_plans" USING btree ("starts_at") WHERE "date_plans"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "date_plans_claims_idx" ON "date_plans" USING btree ("claimed_at") WHERE "date_plans"."status" = 'claimed';