-- A member who hides their online status hides when they were last active, and that includes the
-- order of the feed and of browse (both sort by last_active): a hidden member's place between two
-- members whose activity shows told the minute they were last active. Their last_active is therefore
-- kept to the day (UTC): written so by the request path (touch_last_active), truncated here at once
-- when the member turns the setting off (the settings' card-copy trigger, drizzle/0019), and once for
-- everyone already hidden. Nobody is shown a hidden member's activity, so only the order reads it.
CREATE OR REPLACE FUNCTION "copy_card_settings_to_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "profiles" SET "profile_visibility" = DEFAULT, "show_online_status" = DEFAULT, "location_sharing" = DEFAULT
    WHERE "user_id" = OLD."user_id";
  ELSE
    UPDATE "profiles" SET
      "profile_visibility" = NEW."profile_visibility",
      "show_online_status" = NEW."show_online_status",
      "location_sharing" = NEW."location_sharing",
      "last_active" = CASE WHEN NEW."show_online_status" THEN "last_active"
        ELSE date_trunc('day', "last_active", 'UTC') END
    WHERE "user_id" = NEW."user_id"
      AND ("profile_visibility", "show_online_status", "location_sharing")
        IS DISTINCT FROM (NEW."profile_visibility", NEW."show_online_status", NEW."location_sharing");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "profiles" SET "last_active" = date_trunc('day', "last_active", 'UTC')
WHERE NOT "show_online_status" AND "last_active" <> date_trunc('day', "last_active", 'UTC');
