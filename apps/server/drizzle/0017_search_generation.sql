-- Browse keeps a short-lived snapshot of each filter mix's matches (modules/search/snapshots.ts). This
-- sequence moves whenever something a search filters on may have changed, so every instance notices at
-- its next search and rebuilds: it is read in the same statement as the page. Activity (last_active),
-- view and like counts are left out on purpose: they change constantly and only age the order of the
-- snapshot, which its TTL bounds. Statement-level triggers: one nextval per statement, no row work.
CREATE SEQUENCE "search_generation";
--> statement-breakpoint
-- Called once, so the first bump already moves last_value (before any nextval it reads 1, as after one).
SELECT nextval('search_generation');
--> statement-breakpoint
CREATE FUNCTION "bump_search_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('search_generation');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "profiles_search_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "age", "user_type", "looking_for", "lifestyle_tags", "verified",
    "tier_level", "ghost_mode", "onboarded_at", "geo_lat", "geo_lng"
  ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
--> statement-breakpoint
CREATE TRIGGER "profiles_search_generation_truncate"
  AFTER TRUNCATE ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
--> statement-breakpoint
CREATE TRIGGER "safety_settings_search_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "profile_visibility", "location_sharing", "show_online_status"
  ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
--> statement-breakpoint
CREATE TRIGGER "safety_settings_search_generation_truncate"
  AFTER TRUNCATE ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
