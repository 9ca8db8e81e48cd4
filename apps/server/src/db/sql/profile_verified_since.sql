-- Keeps `profiles.verified_at`, the "Verified since" of a member's card: the moment `verified` turned
-- true, kept while it stays true (a second approval does not move it), and cleared when it turns false.
-- In the database rather than in each writer, so every way a member becomes verified (the admin's
-- approval, the demo seed, an admin tool) dates it the same way.
CREATE OR REPLACE FUNCTION "profile_verified_since"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW."verified" THEN
    NEW."verified_at" := NULL;
  ELSIF TG_OP = 'INSERT' OR NOT OLD."verified" THEN
    NEW."verified_at" := coalesce(NEW."verified_at", now());
  ELSE
    NEW."verified_at" := OLD."verified_at";
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER "profiles_verified_since"
  BEFORE INSERT OR UPDATE OF "verified", "verified_at" ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION "profile_verified_since"();
