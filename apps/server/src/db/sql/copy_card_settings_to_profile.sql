-- Keeps the copies on `profiles` of the four safety settings every member card and visibility check
-- reads (decision 022): who may see the member (visibility, incognito), whether others see them
-- online, whether others see their distance. Two changes to one member's settings wait for each other on the settings row, and
-- each copies the row as it stands after the other. A deleted settings row reads as the defaults
-- again (the columns' defaults are the shared ones).
-- A member who hides their online status hides when they were last active, including their place in
-- the feed's and browse's order (both sort by last_active): their last_active is kept to the day (UTC,
-- decision 023), truncated here at once when they turn the setting off.
CREATE OR REPLACE FUNCTION "copy_card_settings_to_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "profiles" SET "profile_visibility" = DEFAULT, "show_online_status" = DEFAULT, "location_sharing" = DEFAULT,
      "incognito_mode" = DEFAULT
    WHERE "user_id" = OLD."user_id";
  ELSE
    UPDATE "profiles" SET
      "profile_visibility" = NEW."profile_visibility",
      "show_online_status" = NEW."show_online_status",
      "location_sharing" = NEW."location_sharing",
      "incognito_mode" = NEW."incognito_mode",
      "last_active" = CASE WHEN NEW."show_online_status" THEN "last_active"
        ELSE date_trunc('day', "last_active", 'UTC') END
    WHERE "user_id" = NEW."user_id"
      AND ("profile_visibility", "show_online_status", "location_sharing", "incognito_mode")
        IS DISTINCT FROM (NEW."profile_visibility", NEW."show_online_status", NEW."location_sharing",
          NEW."incognito_mode");
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "safety_settings_card_copy"
  AFTER INSERT OR DELETE OR UPDATE OF "profile_visibility", "show_online_status", "location_sharing", "incognito_mode"
  ON "safety_settings" FOR EACH ROW EXECUTE FUNCTION "copy_card_settings_to_profile"();
