-- record_swipe, second version: the like notices (a plain like's 'New Like', a super like's) are
-- written after the match check, so a note marked `unless_match` (the plain like's) is left out when
-- this like made the match: the match notice alone tells the member. Same signature and reply.
CREATE OR REPLACE FUNCTION record_swipe(
  p_swiper uuid,
  p_target uuid,
  p_direction swipe_direction,
  p_like_notes jsonb,
  p_match_notes jsonb,
  p_match_expiry interval
) RETURNS TABLE (
  swiped_at timestamptz,
  match_id uuid,
  match_expires_at timestamptz,
  match_status match_status,
  match_conversation_started_at timestamptz,
  match_created boolean,
  notification_ids uuid[]
) LANGUAGE plpgsql AS $$
DECLARE
  v_user1 uuid := least(p_swiper, p_target);
  v_user2 uuid := greatest(p_swiper, p_target);
BEGIN
  match_created := false;
  notification_ids := '{}';
  PERFORM pg_advisory_xact_lock(hashtextextended('swipe-pair:' || v_user1 || ':' || v_user2, 0));
  INSERT INTO swipe_actions (swiper_id, target_id, direction)
    VALUES (p_swiper, p_target, p_direction)
    ON CONFLICT (swiper_id, target_id) DO NOTHING
    RETURNING swipe_actions.created_at INTO swiped_at;
  IF swiped_at IS NULL OR p_direction = 'left' THEN
    RETURN NEXT;
    RETURN;
  END IF;

  UPDATE profiles SET like_count = like_count + 1 WHERE user_id = p_target;

  IF EXISTS (
    SELECT 1 FROM swipe_actions s
    WHERE s.swiper_id = p_target AND s.target_id = p_swiper AND s.direction IN ('right', 'up')
  ) THEN
    INSERT INTO matches (user1_id, user2_id, status, expires_at)
      VALUES (v_user1, v_user2, 'active', now() + p_match_expiry)
      ON CONFLICT (user1_id, user2_id) DO NOTHING
      RETURNING matches.id, matches.expires_at, matches.status, matches.conversation_started_at
      INTO match_id, match_expires_at, match_status, match_conversation_started_at;
    IF match_id IS NOT NULL THEN
      match_created := true;
      WITH written AS (
        INSERT INTO notifications (user_id, type, title, message, actor_id, link, dedupe_key)
        SELECT n.user_id, n.type, n.title, n.message, n.actor_id, n.link, n.dedupe_key
        FROM jsonb_populate_recordset(NULL::notifications, p_match_notes) n
        RETURNING id
      ) SELECT coalesce(array_agg(written.id), '{}') INTO notification_ids FROM written;
    ELSE
      SELECT m.id, m.expires_at, m.status, m.conversation_started_at
        INTO match_id, match_expires_at, match_status, match_conversation_started_at
        FROM matches m WHERE m.user1_id = v_user1 AND m.user2_id = v_user2;
    END IF;
  END IF;

  WITH written AS (
    INSERT INTO notifications (user_id, type, title, message, actor_id, link, dedupe_key)
    SELECT n.user_id, n.type, n.title, n.message, n.actor_id, n.link, n.dedupe_key
    FROM jsonb_array_elements(p_like_notes) note, jsonb_populate_record(NULL::notifications, note) n
    WHERE NOT (match_created AND coalesce((note->>'unless_match')::boolean, false))
    ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING id
  ) SELECT notification_ids || coalesce(array_agg(written.id), '{}') INTO notification_ids FROM written;
  RETURN NEXT;
END
$$;
