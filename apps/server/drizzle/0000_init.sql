CREATE TYPE "public"."outbox_status" AS ENUM('queued', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('user', 'admin', 'promoter');--> statement-breakpoint
CREATE TYPE "public"."boost_type" AS ENUM('profile_boost', 'super_likes', 'message_tokens', 'after_dark_pass');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('incomplete', 'active', 'past_due', 'canceled', 'expired');--> statement-breakpoint
CREATE TYPE "public"."dress_code" AS ENUM('casual_elegant', 'cocktail_attire', 'black_tie_optional', 'black_tie', 'white_tie', 'elegant');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('upcoming', 'active', 'freakoff', 'ended', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."rsvp_status" AS ENUM('going', 'cancelled', 'checked_in');--> statement-breakpoint
CREATE TYPE "public"."waitlist_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."message_type" AS ENUM('text');--> statement-breakpoint
CREATE TYPE "public"."appeal_status" AS ENUM('none', 'submitted', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."photo_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."body_type" AS ENUM('slim', 'athletic', 'average', 'curvy', 'plus_size', 'muscular');--> statement-breakpoint
CREATE TYPE "public"."compensation_preference" AS ENUM('allowances', 'pay_per_meet', 'treat_me_right', 'custom');--> statement-breakpoint
CREATE TYPE "public"."ethnicity" AS ENUM('asian', 'black', 'hispanic', 'white', 'mixed', 'other', 'prefer_not_to_say');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female', 'other');--> statement-breakpoint
CREATE TYPE "public"."looking_for" AS ENUM('short_term', 'long_term', 'uncomplicated', 'luxury_experiences');--> statement-breakpoint
CREATE TYPE "public"."user_type" AS ENUM('men', 'women');--> statement-breakpoint
CREATE TYPE "public"."profile_visibility" AS ENUM('public', 'tier_only', 'private');--> statement-breakpoint
CREATE TYPE "public"."report_reason" AS ENUM('harassment', 'fake_profile', 'scam', 'inappropriate_content', 'underage', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_status" AS ENUM('open', 'reviewing', 'resolved', 'dismissed');--> statement-breakpoint
CREATE TYPE "public"."safe_location_type" AS ENUM('restaurant', 'cafe', 'hotel_lobby', 'mall', 'library');--> statement-breakpoint
CREATE TYPE "public"."match_status" AS ENUM('active', 'expired', 'unmatched');--> statement-breakpoint
CREATE TYPE "public"."notification_type" AS ENUM('match', 'message', 'like', 'event', 'system');--> statement-breakpoint
CREATE TYPE "public"."swipe_direction" AS ENUM('left', 'right', 'up');--> statement-breakpoint
CREATE TYPE "public"."id_type" AS ENUM('drivers_license', 'passport', 'state_id');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."verification_type" AS ENUM('selfie', 'id', 'background_check');--> statement-breakpoint
CREATE TYPE "public"."ledger_account_kind" AS ENUM('user_wallet', 'user_hold', 'platform_cash', 'platform_revenue', 'provider_clearing');--> statement-breakpoint
CREATE TYPE "public"."transaction_type" AS ENUM('deposit', 'withdrawal_hold', 'withdrawal', 'withdrawal_void', 'transfer', 'subscription', 'boost', 'escrow_hold', 'escrow_release', 'refund');--> statement-breakpoint
CREATE TYPE "public"."transfer_type" AS ENUM('general', 'gift', 'sponsorship');--> statement-breakpoint
CREATE TYPE "public"."wallet_transaction_status" AS ENUM('pending', 'completed', 'failed', 'voided');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"data" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" "outbox_status" DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" "user_role" NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"boost_type" "boost_type" NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"remaining" integer DEFAULT 1 NOT NULL,
	"active_until" timestamp with time zone,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boosts_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "boosts_quantity_positive" CHECK ("boosts"."quantity" > 0),
	CONSTRAINT "boosts_remaining_range" CHECK ("boosts"."remaining" between 0 and "boosts"."quantity")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider_event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tier_level" smallint NOT NULL,
	"status" "subscription_status" DEFAULT 'incomplete' NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id"),
	CONSTRAINT "subscriptions_tier_range" CHECK ("subscriptions"."tier_level" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" "rsvp_status" DEFAULT 'going' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	CONSTRAINT "event_rsvps_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"venue" text NOT NULL,
	"address" text,
	"city" text,
	"lat" double precision,
	"lng" double precision,
	"date_time" timestamp with time zone NOT NULL,
	"tier_required" smallint[] DEFAULT '{1,2,3,4}'::smallint[] NOT NULL,
	"dress_code" "dress_code" DEFAULT 'elegant' NOT NULL,
	"freakoff_enabled" boolean DEFAULT true NOT NULL,
	"freakoff_start_time" timestamp with time zone,
	"max_guests" integer DEFAULT 100 NOT NULL,
	"qr_checkin_code" text,
	"created_by" uuid,
	"status" "event_status" DEFAULT 'upcoming' NOT NULL,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_qr_checkin_code_unique" UNIQUE("qr_checkin_code"),
	CONSTRAINT "events_tier_required_valid" CHECK (cardinality("events"."tier_required") >= 1 and "events"."tier_required" <@ ARRAY[1,2,3,4]::smallint[]),
	CONSTRAINT "events_max_guests_positive" CHECK ("events"."max_guests" > 0)
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"inviter_id" uuid,
	"tier_level" smallint DEFAULT 0 NOT NULL,
	"email" text,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_code_unique" UNIQUE("code"),
	CONSTRAINT "invites_tier_range" CHECK ("invites"."tier_level" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"city" text NOT NULL,
	"reason" text NOT NULL,
	"referral_code" text,
	"status" "waitlist_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"receiver_id" uuid NOT NULL,
	"content" text NOT NULL,
	"message_type" "message_type" DEFAULT 'text' NOT NULL,
	"read_status" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") between 1 and 2000),
	CONSTRAINT "messages_not_self" CHECK ("messages"."sender_id" <> "messages"."receiver_id")
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"key_large" text NOT NULL,
	"key_small" text NOT NULL,
	"key_blur" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" "photo_status" DEFAULT 'pending' NOT NULL,
	"ai_confidence_score" real,
	"rejection_reason" text,
	"moderated_at" timestamp with time zone,
	"moderated_by" uuid,
	"appeal_status" "appeal_status" DEFAULT 'none' NOT NULL,
	"appeal_reason" text,
	"appeal_submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photos_position_range" CHECK ("photos"."position" between 0 and 5),
	CONSTRAINT "photos_size_positive" CHECK ("photos"."width" > 0 and "photos"."height" > 0),
	CONSTRAINT "photos_ai_confidence_range" CHECK ("photos"."ai_confidence_score" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"age" smallint DEFAULT 25 NOT NULL,
	"bio" text,
	"city" text DEFAULT 'Los Angeles' NOT NULL,
	"state" text DEFAULT 'CA' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"geo_lat" double precision,
	"geo_lng" double precision,
	"body_type" "body_type",
	"height" text,
	"ethnicity" "ethnicity",
	"looking_for" "looking_for" DEFAULT 'uncomplicated' NOT NULL,
	"compensation_preference" "compensation_preference" DEFAULT 'treat_me_right' NOT NULL,
	"age_range_min" smallint DEFAULT 21 NOT NULL,
	"age_range_max" smallint DEFAULT 35 NOT NULL,
	"distance_preference" smallint DEFAULT 25 NOT NULL,
	"travel_willing" boolean DEFAULT false NOT NULL,
	"discretion_required" boolean DEFAULT true NOT NULL,
	"open_to_companions_only" boolean DEFAULT false NOT NULL,
	"lifestyle_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"tier_level" smallint DEFAULT 0 NOT NULL,
	"tier_subscription_active" boolean DEFAULT false NOT NULL,
	"tier_subscription_ends_at" timestamp with time zone,
	"is_sponsored" boolean DEFAULT false NOT NULL,
	"popularity_score" smallint DEFAULT 50 NOT NULL,
	"rating_avg" numeric(2, 1) DEFAULT 4 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"ghost_mode" boolean DEFAULT false NOT NULL,
	"can_sponsor" boolean DEFAULT false NOT NULL,
	"gender" "gender" DEFAULT 'other' NOT NULL,
	"user_type" "user_type" DEFAULT 'men' NOT NULL,
	"invite_code" text,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "profiles_name_length" CHECK (char_length("profiles"."name") between 1 and 60),
	CONSTRAINT "profiles_age_range" CHECK ("profiles"."age" between 18 and 120),
	CONSTRAINT "profiles_bio_length" CHECK (char_length("profiles"."bio") <= 500),
	CONSTRAINT "profiles_lat_range" CHECK ("profiles"."lat" between -90 and 90),
	CONSTRAINT "profiles_lng_range" CHECK ("profiles"."lng" between -180 and 180),
	CONSTRAINT "profiles_geo_lat_range" CHECK ("profiles"."geo_lat" between -90 and 90),
	CONSTRAINT "profiles_geo_lng_range" CHECK ("profiles"."geo_lng" between -180 and 180),
	CONSTRAINT "profiles_age_pref_range" CHECK ("profiles"."age_range_min" between 18 and 65 and "profiles"."age_range_max" between 18 and 65 and "profiles"."age_range_min" <= "profiles"."age_range_max"),
	CONSTRAINT "profiles_distance_pref_range" CHECK ("profiles"."distance_preference" between 5 and 100),
	CONSTRAINT "profiles_lifestyle_tags_known" CHECK ("profiles"."lifestyle_tags" <@ ARRAY['fine_dining', 'travel', 'luxury_shopping', 'wine_tasting', 'art_galleries', 'theater', 'sporting_events', 'beach', 'mountains', 'city_life', 'nightlife', 'fitness', 'yoga', 'spa_days', 'private_jets', 'yachts', 'exclusive_clubs', 'charity_events', 'business_networking', 'overnight_ok', 'discretion_required', 'same_day_available', 'weekends_only', 'international_travel']::text[]),
	CONSTRAINT "profiles_tier_level_range" CHECK ("profiles"."tier_level" between 0 and 4),
	CONSTRAINT "profiles_popularity_range" CHECK ("profiles"."popularity_score" between 0 and 100),
	CONSTRAINT "profiles_rating_range" CHECK ("profiles"."rating_avg" between 0 and 5),
	CONSTRAINT "profiles_counts_non_negative" CHECK ("profiles"."view_count" >= 0 and "profiles"."like_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reporter_id" uuid,
	"reported_id" uuid NOT NULL,
	"reason" "report_reason" NOT NULL,
	"details" text,
	"status" "report_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_details_length" CHECK (char_length("reports"."details") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "safe_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"safety_rating" real NOT NULL,
	"location_type" "safe_location_type" NOT NULL,
	"open_hours" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safe_locations_rating_range" CHECK ("safe_locations"."safety_rating" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "safety_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"profile_visibility" "profile_visibility" DEFAULT 'public' NOT NULL,
	"incognito_mode" boolean DEFAULT false NOT NULL,
	"location_sharing" boolean DEFAULT true NOT NULL,
	"read_receipts" boolean DEFAULT true NOT NULL,
	"safe_meeting_notifications" boolean DEFAULT true NOT NULL,
	"auto_block_suspicious" boolean DEFAULT false NOT NULL,
	"push_notifications" boolean DEFAULT true NOT NULL,
	"match_notifications" boolean DEFAULT true NOT NULL,
	"message_notifications" boolean DEFAULT true NOT NULL,
	"party_invites" boolean DEFAULT true NOT NULL,
	"show_online_status" boolean DEFAULT true NOT NULL,
	"dark_mode" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_pair_key" UNIQUE("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user1_id" uuid NOT NULL,
	"user2_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_message_at" timestamp with time zone,
	"status" "match_status" DEFAULT 'active' NOT NULL,
	CONSTRAINT "matches_pair_key" UNIQUE("user1_id","user2_id"),
	CONSTRAINT "matches_ordered_pair" CHECK ("matches"."user1_id" < "matches"."user2_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "notification_type" NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"actor_id" uuid,
	"link" text,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"viewer_id" uuid NOT NULL,
	"viewed_id" uuid NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_views_viewer_id_viewed_id_pk" PRIMARY KEY("viewer_id","viewed_id"),
	CONSTRAINT "profile_views_not_self" CHECK ("profile_views"."viewer_id" <> "profile_views"."viewed_id")
);
--> statement-breakpoint
CREATE TABLE "swipe_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"swiper_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	"direction" "swipe_direction" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_actions_pair_key" UNIQUE("swiper_id","target_id"),
	CONSTRAINT "swipe_actions_not_self" CHECK ("swipe_actions"."swiper_id" <> "swipe_actions"."target_id")
);
--> statement-breakpoint
CREATE TABLE "id_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"id_document_key" text,
	"id_type" "id_type" NOT NULL,
	"verification_status" "verification_status" DEFAULT 'pending' NOT NULL,
	"decided_at" timestamp with time zone,
	"purge_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_compliance" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"terms_accepted_at" timestamp with time zone,
	"terms_version" text,
	"privacy_accepted_at" timestamp with time zone,
	"privacy_version" text,
	"age_verified" boolean DEFAULT false NOT NULL,
	"age_verification_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"verification_type" "verification_type" NOT NULL,
	"status" "verification_status" DEFAULT 'pending' NOT NULL,
	"selfie_key" text,
	"id_key" text,
	"id_type" "id_type",
	"rejection_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escrow_wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"current_balance_cents" bigint DEFAULT 0 NOT NULL,
	"held_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "escrow_wallets_balance_non_negative" CHECK ("escrow_wallets"."current_balance_cents" >= 0),
	CONSTRAINT "escrow_wallets_held_non_negative" CHECK ("escrow_wallets"."held_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_kind_user_key" UNIQUE NULLS NOT DISTINCT("kind","user_id"),
	CONSTRAINT "ledger_accounts_owner_matches_kind" CHECK (("ledger_accounts"."kind" in ('user_wallet', 'user_hold')) = ("ledger_accounts"."user_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_type" "transaction_type" NOT NULL,
	"description" text,
	"idempotency_key" text,
	"provider_event_id" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_provider_event_id_unique" UNIQUE("provider_event_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_lines_amount_non_zero" CHECK ("ledger_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"transaction_type" "transaction_type" NOT NULL,
	"counterparty_id" uuid,
	"transfer_type" "transfer_type",
	"message" text,
	"status" "wallet_transaction_status" DEFAULT 'completed' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boosts" ADD CONSTRAINT "boosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_moderated_by_users_id_fk" FOREIGN KEY ("moderated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reported_id_users_id_fk" FOREIGN KEY ("reported_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "safety_settings" ADD CONSTRAINT "safety_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user1_id_users_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user2_id_users_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewed_id_users_id_fk" FOREIGN KEY ("viewed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_actions" ADD CONSTRAINT "swipe_actions_swiper_id_users_id_fk" FOREIGN KEY ("swiper_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_actions" ADD CONSTRAINT "swipe_actions_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_compliance" ADD CONSTRAINT "user_compliance_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escrow_wallets" ADD CONSTRAINT "escrow_wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_emails_status_created_idx" ON "outbox_emails" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "accounts_user_id_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "boosts_user_type_idx" ON "boosts" USING btree ("user_id","boost_type");--> statement-breakpoint
CREATE INDEX "boosts_active_until_idx" ON "boosts" USING btree ("active_until");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_date_time_idx" ON "events" USING btree ("date_time");--> statement-breakpoint
CREATE INDEX "events_status_idx" ON "events" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_lower_key" ON "waitlist" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "messages_match_created_idx" ON "messages" USING btree ("match_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id") WHERE "messages"."read_status" = false;--> statement-breakpoint
CREATE INDEX "photos_user_position_idx" ON "photos" USING btree ("user_id","position");--> statement-breakpoint
CREATE INDEX "photos_status_created_idx" ON "photos" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_last_active_idx" ON "profiles" USING btree ("last_active" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_discovery_idx" ON "profiles" USING btree ("user_type","tier_level","age") WHERE "profiles"."ghost_mode" = false;--> statement-breakpoint
CREATE INDEX "profiles_popularity_idx" ON "profiles" USING btree ("popularity_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_name_lower_idx" ON "profiles" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_city_state_idx" ON "profiles" USING btree ("city","state");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "safe_locations_lookup_idx" ON "safe_locations" USING btree ("city","state","verified","safety_rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "matches_user1_last_message_idx" ON "matches" USING btree ("user1_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "matches_user2_last_message_idx" ON "matches" USING btree ("user2_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE INDEX "profile_views_viewed_idx" ON "profile_views" USING btree ("viewed_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "swipe_actions_target_idx" ON "swipe_actions" USING btree ("target_id","direction","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "swipe_actions_swiper_idx" ON "swipe_actions" USING btree ("swiper_id","direction","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "id_verifications_purge_after_idx" ON "id_verifications" USING btree ("purge_after");--> statement-breakpoint
CREATE INDEX "id_verifications_user_idx" ON "id_verifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_requests_status_created_idx" ON "verification_requests" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_requests_user_idx" ON "verification_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_account_idx" ON "ledger_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_transactions_type_idx" ON "wallet_transactions" USING btree ("transaction_type");