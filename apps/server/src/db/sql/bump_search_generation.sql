-- Browse keeps a short-lived snapshot of each filter mix's matches (modules/search/snapshots.ts). The
-- `search_generation` sequence (drizzle/0017) moves whenever something a search filters on may have
-- changed, so every instance notices at its next search and rebuilds: it is read in the same
-- statement as the page. Activity (last_active), view and like counts are left out on purpose: they
-- change constantly and only age the order of the snapshot, which its TTL bounds. Browse filters on
-- the card copies on `profiles` (sql/copy_card_settings_to_profile.sql), so they move it too; and a
-- suspension's copy (suspended_until, decision 060). A suspension running out moves nothing: the TTL
-- bounds how long a snapshot still leaves that member out.
-- Statement-level triggers: one nextval per statement, no row work.
CREATE OR REPLACE FUNCTION "bump_search_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_generation');
  RETURN NULL;
END
$$;

CREATE TRIGGER "profiles_search_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "age", "user_type", "looking_for", "lifestyle_tags", "verified",
    "tier_level", "ghost_mode", "onboarded_at", "geo_lat", "geo_lng",
    "profile_visibility", "show_online_status", "location_sharing", "incognito_mode", "suspended_until"
  ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();

CREATE TRIGGER "profiles_search_generation_truncate"
  AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();

CREATE TRIGGER "safety_settings_search_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "profile_visibility", "location_sharing", "show_online_status", "incognito_mode"
  ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();

CREATE TRIGGER "safety_settings_search_generation_truncate"
  AFTER TRUNCATE ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
