-- Emptying a source of the card copies on `profiles` (decision 022) empties or resets its copies
-- too: TRUNCATE fires no row or statement triggers of the kinds that keep them.
CREATE OR REPLACE FUNCTION "card_copies_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'photos' THEN
    UPDATE "profiles" SET "photo_ids" = DEFAULT WHERE "photo_ids" <> '{}';
  ELSE
    UPDATE "profiles" SET "profile_visibility" = DEFAULT, "show_online_status" = DEFAULT, "location_sharing" = DEFAULT,
      "incognito_mode" = DEFAULT;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "photos_ids_copy_truncate"
  AFTER TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "card_copies_after_truncate"();

CREATE TRIGGER "safety_settings_card_copy_truncate"
  AFTER TRUNCATE ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "card_copies_after_truncate"();
