-- record_swipe, fourth version: a member's tokens are taken with a plain FOR UPDATE instead of SKIP
-- LOCKED. Two token likes (or super likes past the day's allowance) on different cards run under
-- different pair locks; with SKIP LOCKED the second skipped the pack the first had locked and was
-- refused ('message_token', 'super_like_limit') although the pack still held tokens. Now it waits for
-- the first to commit, and PostgreSQL re-checks `remaining > 0` on the row it waited for, moving on
-- to the member's next pack (or refusing) only when that one is spent. Every swipe of one member takes
-- its tokens in the same order (message token, day counter, super like token; oldest pack first), so
-- the waits cannot deadlock. The rest of the function is unchanged (drizzle/0016).
CREATE OR REPLACE FUNCTION record_swipe(
  p_swiper uuid,
  p_target uuid,
  p_direction swipe_direction,
  p_like_notes jsonb,
  p_match_notes jsonb,
  p_match_expiry interval,
  p_super_likes_per_day integer,
  p_message_token boolean
) RETURNS TABLE (
  swiped_at timestamptz,
  match_id uuid,
  match_expires_at timestamptz,
  match_status match_status,
  match_conversation_started_at timestamptz,
  match_created boolean,
  notification_ids uuid[],
  refusal text
) LANGUAGE plpgsql AS $$
DECLARE
  v_user1 uuid := least(p_swiper, p_target);
  v_user2 uuid := greatest(p_swiper, p_target);
  v_message_token uuid;
  v_super_token uuid;
  v_counted integer;
BEGIN
  match_created := false;
  notification_ids := '{}';
  PERFORM pg_advisory_xact_lock(hashtextextended('swipe-pair:' || v_user1 || ':' || v_user2, 0));

  IF p_direction = 'up' OR p_message_token THEN
    -- A repeat spends nothing (the pair's lock makes this check hold until the insert below).
    IF EXISTS (SELECT 1 FROM swipe_actions s WHERE s.swiper_id = p_swiper AND s.target_id = p_target) THEN
      RETURN NEXT;
      RETURN;
    END IF;
    IF p_message_token THEN
      SELECT b.id INTO v_message_token FROM boosts b
        WHERE b.user_id = p_swiper AND b.boost_type = 'message_tokens' AND b.remaining > 0
          AND (b.active_until IS NULL OR b.active_until > now())
        ORDER BY b.created_at LIMIT 1 FOR UPDATE;
      IF v_message_token IS NULL THEN
        refusal := 'message_token';
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;
    IF p_direction = 'up' THEN
      IF p_super_likes_per_day > 0 THEN
        INSERT INTO super_like_days AS d (user_id, day, used)
          VALUES (p_swiper, (now() AT TIME ZONE 'UTC')::date, 1)
          ON CONFLICT (user_id, day) DO UPDATE SET used = d.used + 1 WHERE d.used < p_super_likes_per_day
          RETURNING d.used INTO v_counted;
      END IF;
      IF v_counted IS NULL THEN
        SELECT b.id INTO v_super_token FROM boosts b
          WHERE b.user_id = p_swiper AND b.boost_type = 'super_likes' AND b.remaining > 0
            AND (b.active_until IS NULL OR b.active_until > now())
          ORDER BY b.created_at LIMIT 1 FOR UPDATE;
        IF v_super_token IS NULL THEN
          refusal := 'super_like_limit';
          RETURN NEXT;
          RETURN;
        END IF;
      END IF;
    END IF;
    IF v_message_token IS NOT NULL OR v_super_token IS NOT NULL THEN
      UPDATE boosts SET remaining = remaining - 1 WHERE id IN (v_message_token, v_super_token);
    END IF;
  END IF;

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
