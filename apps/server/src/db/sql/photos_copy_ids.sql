-- requires: copy_photo_ids_to_profiles
-- Keeps the copy of each member's approved photo ids on `profiles` (decision 022), in the same
-- transaction as the photo write, so no reader sees the copy and its source disagree. Once per
-- statement on photos, with the rows it changed: the members whose list may differ are those with a
-- photo approved before or after (a new one, an approval, a rejection, a removal, a new position or
-- owner). Other updates (the classifier's score, an appeal) find nobody.
CREATE OR REPLACE FUNCTION "photos_copy_ids"() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER "photos_ids_copy_insert"
  AFTER INSERT ON "photos" REFERENCING NEW TABLE AS "new_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();

CREATE TRIGGER "photos_ids_copy_update"
  AFTER UPDATE ON "photos" REFERENCING OLD TABLE AS "old_photos" NEW TABLE AS "new_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();

CREATE TRIGGER "photos_ids_copy_delete"
  AFTER DELETE ON "photos" REFERENCING OLD TABLE AS "old_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION "photos_copy_ids"();
