-- The approved photo ids of some members, copied to their profiles (`photo_ids`, decision 022), read
-- again whole in the one order of the photo lists. One pass for any number of members, so a bulk
-- insert (an import, the benchmark's seed) costs one pass instead of a lookup per row. The profiles
-- are locked first, in one order: a change to another photo of the same member in a concurrent
-- transaction waits there until that one commits, and the read that follows (a new snapshot: each
-- statement of a volatile SQL function takes its own) sees its photo. Without the lock, two photos
-- approved at once each copied only their own, and the later one won.
CREATE OR REPLACE FUNCTION "copy_photo_ids_to_profiles"(p_users uuid[]) RETURNS void LANGUAGE sql AS $$
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
