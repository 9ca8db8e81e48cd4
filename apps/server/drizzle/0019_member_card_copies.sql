-- Copies on `profiles` of what every member card and every visibility check reads from other tables:
-- three safety settings (who may see the member, whether others see them online, whether others see
-- their distance) and the ids of their approved photos in order. The feed read them with two lookups
-- per card (a settings row and a photo list); with the copies a feed page reads only the profile rows
-- it walks (measured on the benchmark's data: 442-532 µs of PostgreSQL per page before, 244-348
-- after). The app never writes these columns: the triggers below keep them, in the same transaction
-- as the write they copy, so no reader ever sees the copy and its source disagree.
-- No write to the copies' sources may fall between the backfills below and the triggers that take over
-- from them (an instance of the previous version still running during a deploy): held until commit.
LOCK TABLE "safety_settings", "photos" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "profile_visibility" "profile_visibility" DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_online_status" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "location_sharing" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
UPDATE "profiles" p SET
  "profile_visibility" = s."profile_visibility",
  "show_online_status" = s."show_online_status",
  "location_sharing" = s."location_sharing"
FROM "safety_settings" s WHERE s."user_id" = p."user_id";
--> statement-breakpoint
-- The approved photo ids of some members, read again whole in the one order of the photo lists. One
-- pass for any number of members, so a bulk insert (an import, the benchmark's seed) costs one pass
-- instead of a lookup per row. The profiles are locked first, in one order: a change to another photo
-- of the same member in a concurrent transaction waits there until that one commits, and the read that
-- follows (a new snapshot: each statement of a volatile SQL function takes its own) sees its photo.
-- Without the lock, two photos approved at once each copied only their own, and the later one won.
CREATE FUNCTION "copy_photo_ids_to_profiles"(p_users uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT 1 FROM "profiles" WHERE "user_id" = ANY (p_users) ORDER BY "user_id" FOR NO KEY UPDATE;
  UPDATE "profiles" p SET "photo_ids" = fresh."ids"
  FROM (
    SELECT u."user_id", coalesce(array_agg(ph."id" ORDER BY ph."position", ph."created_at")
      FILTER (WHERE ph."id" IS NOT NULL), '{}') AS "ids"
    FROM unnest(p_users) AS u("user_id")
    LEFT JOIN "photos" ph ON ph."user_id" = u."user_id" AND ph."status" = 'approved'
    GROUP BY u."user_id"
  ) fresh
  WHERE p."user_id" = fresh."user_id" AND p."photo_ids" IS DISTINCT FROM fresh."ids"
$$;
--> statement-breakpoint
UPDATE "profiles" p SET "photo_ids" = fresh."ids"
FROM (
  SELECT "user_id", array_agg("id" ORDER BY "position", "created_at") AS "ids"
  FROM "photos" WHERE "status" = 'approved' GROUP BY "user_id"
) fresh
WHERE p."user_id" = fresh."user_id";
--> statement-breakpoint
-- A deleted settings row reads as the defaults again (the columns' defaults are the shared ones).
CREATE FUNCTION "copy_card_settings_to_profile"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "profiles" SET "profile_visibility" = DEFAULT, "show_online_status" = DEFAULT, "location_sharing" = DEFAULT
    WHERE "user_id" = OLD."user_id";
  ELSE
    UPDATE "profiles" SET
      "profile_visibility" = NEW."profile_visibility",
      "show_online_status" = NEW."show_online_status",
      "location_sharing" = NEW."location_sharing"
    WHERE "user_id" = NEW."user_id"
      AND ("profile_visibility", "show_online_status", "location_sharing")
        IS DISTINCT FROM (NEW."profile_visibility", NEW."show_online_status", NEW."location_sharing");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "safety_settings_card_copy"
  AFTER INSERT OR DELETE OR UPDATE OF "profile_visibility", "show_online_status", "location_sharing"
  ON "safety_settings" FOR EACH ROW EXECUTE FUNCTION "copy_card_settings_to_profile"();
--> statement-breakpoint
-- Once per statement on photos, with the rows it changed: the members whose list may differ are
-- those with a photo approved before or after (a new one, an approval, a rejection, a removal, a
-- new position or owner). Other updates (the classifier's score, an appeal) find nobody.
CREATE FUNCTION "photos_copy_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "copy_photo_ids_to_profiles"(array(SELECT DISTINCT "user_id" FROM "new_photos" WHERE "status" = 'approved'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "copy_photo_ids_to_profiles"(array(SELECT DISTINCT "user_id" FROM "old_photos" WHERE "status" = 'approved'));
  ELSE
    PERFORM "copy_photo_ids_to_profiles"(array(
      SELECT DISTINCT u."user_id"
      FROM "old_photos" o JOIN "new_photos" n ON n."id" = o."id"
      CROSS JOIN LATERAL (VALUES (o."user_id"), (n."user_id")) AS u("user_id")
      WHERE (o."status" = 'approved' OR n."status" = 'approved')
        AND (o."status", o."position", o."user_id") IS DISTINCT FROM (n."status", n."position", n."user_id")));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photos_ids_copy_insert"
  AFTER INSERT ON "photos" REFERENCING NEW TABLE AS "new_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();
--> statement-breakpoint
CREATE TRIGGER "photos_ids_copy_update"
  AFTER UPDATE ON "photos" REFERENCING OLD TABLE AS "old_photos" NEW TABLE AS "new_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();
--> statement-breakpoint
CREATE TRIGGER "photos_ids_copy_delete"
  AFTER DELETE ON "photos" REFERENCING OLD TABLE AS "old_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();
--> statement-breakpoint
-- Emptying a source table (TRUNCATE fires no row or statement triggers of the kinds above) empties
-- or resets its copies too.
CREATE FUNCTION "card_copies_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'photos' THEN
    UPDATE "profiles" SET "photo_ids" = DEFAULT WHERE "photo_ids" <> '{}';
  ELSE
    UPDATE "profiles" SET "profile_visibility" = DEFAULT, "show_online_status" = DEFAULT, "location_sharing" = DEFAULT;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "photos_ids_copy_truncate"
  AFTER TRUNCATE ON "photos" FOR EACH STATEMENT EXECUTE FUNCTION "card_copies_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "safety_settings_card_copy_truncate"
  AFTER TRUNCATE ON "safety_settings" FOR EACH STATEMENT EXECUTE FUNCTION "card_copies_after_truncate"();
--> statement-breakpoint
-- Browse's snapshots filter on the copies now (0017): they move its generation as the settings did.
DROP TRIGGER "profiles_search_generation" ON "profiles";
--> statement-breakpoint
CREATE TRIGGER "profiles_search_generation"
  AFTER INSERT OR DELETE OR UPDATE OF "name", "age", "user_type", "looking_for", "lifestyle_tags", "verified",
    "tier_level", "ghost_mode", "onboarded_at", "geo_lat", "geo_lng",
    "profile_visibility", "show_online_status", "location_sharing"
  ON "profiles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_generation"();
