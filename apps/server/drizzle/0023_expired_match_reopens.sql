-- A like that meets a like the other way reopens the pair's expired match instead of doing nothing.
-- Until now the pair's one matches row, once expired, kept them from ever matching again: after a
-- Remove (which withdraws the member's own swipe) a new like or super like of the same member spent
-- the allowance or a token, told the other "Someone liked you", and made no match. An expired match
-- is reopened as new (active, a fresh 48 hours and a fresh created_at, which the wallet's new-match
-- guard reads), with its match notices and match.created. It starts with no last message, so the
-- list puts it first (it sorts by the last message, else by when it was made) and the first member
-- to write does not count as the second one of a conversation (last_sender_id). So is a match whose
-- 48 hours have run out but which the expiry job (once a minute) has not closed yet; an open or
-- unmatched one is left as it is. record_swipes (drizzle/0020) and record_swipe (drizzle/0021) are
-- otherwise unchanged.
CREATE OR REPLACE FUNCTION record_swipes(p_batch jsonb, p_match_expiry interval) RETURNS TABLE (
  ord integer,
  swiped_at timestamptz,
  match_id uuid,
  match_expires_at timestamptz,
  match_status match_status,
  match_conversation_started_at timestamptz,
  match_created boolean,
  notification_ids uuid[]
) LANGUAGE plpgsql
-- Its statements read JSON whose size the planner cannot know (it guesses a hundred rows a set, so
-- thousands once joined) and would compile them with JIT on every call: tens of milliseconds, for
-- batches of a few rows.
SET jit = off
AS $$
#variable_conflict use_column
DECLARE
  -- The swipes written: {ord, swiper, target, direction, at}.
  v_written jsonb;
  -- Each like that met a like the other way: {ord, id, expires_at, status, conversation_started_at, created}.
  v_matched jsonb;
  -- The notices written for each swipe: {ord, ids}.
  v_noticed jsonb;
BEGIN
  PERFORM pg_advisory_xact_lock(k) FROM (
    SELECT DISTINCT hashtextextended('swipe-pair:' || least(b.swiper, b.target) || ':' || greatest(b.swiper, b.target), 0) AS k
    FROM jsonb_to_recordset(p_batch) AS b(swiper uuid, target uuid)
    ORDER BY 1
  ) keys;

  WITH batch AS (
    SELECT * FROM jsonb_to_recordset(p_batch) AS b(ord integer, swiper uuid, target uuid, direction swipe_direction)
  ), firsts AS (
    SELECT DISTINCT ON (swiper, target) ord, swiper, target, direction FROM batch ORDER BY swiper, target, ord
  ), written AS (
    -- Each its own moment, in arrival order (a microsecond apart), so lists ordered by time keep it.
    INSERT INTO swipe_actions (swiper_id, target_id, direction, created_at)
    SELECT swiper, target, direction, now() + (row_number() OVER (ORDER BY ord)) * interval '1 microsecond'
    FROM firsts ORDER BY ord
    ON CONFLICT (swiper_id, target_id) DO NOTHING
    RETURNING swiper_id, target_id, created_at
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('ord', f.ord, 'swiper', f.swiper, 'target', f.target,
      'direction', f.direction, 'at', w.created_at)), '[]')
    INTO v_written
    FROM written w JOIN firsts f ON f.swiper = w.swiper_id AND f.target = w.target_id;

  -- The liked profiles are locked first, in one order: an UPDATE … FROM may take them in the order
  -- of its join, and two batches taking two rows each way round would wait on each other.
  PERFORM 1 FROM profiles p
    WHERE p.user_id IN (SELECT target FROM jsonb_to_recordset(v_written) AS s(target uuid, direction swipe_direction)
                        WHERE direction <> 'left')
    ORDER BY p.user_id FOR NO KEY UPDATE;
  UPDATE profiles p SET like_count = p.like_count + liked.n
    FROM (SELECT target, count(*)::integer AS n
          FROM jsonb_to_recordset(v_written) AS s(target uuid, direction swipe_direction)
          WHERE direction <> 'left' GROUP BY target ORDER BY target) liked
    WHERE p.user_id = liked.target;

  WITH likes AS (
    SELECT * FROM jsonb_to_recordset(v_written) AS s(ord integer, swiper uuid, target uuid, direction swipe_direction)
    WHERE direction <> 'left'
  ), met AS (
    -- This batch's own likes are written above, so a like given the other way in it counts.
    SELECT l.ord, least(l.swiper, l.target) AS u1, greatest(l.swiper, l.target) AS u2 FROM likes l
    WHERE EXISTS (SELECT 1 FROM swipe_actions r
                  WHERE r.swiper_id = l.target AND r.target_id = l.swiper AND r.direction IN ('right', 'up'))
  ), makers AS (
    SELECT DISTINCT ON (u1, u2) * FROM met ORDER BY u1, u2, ord DESC
  ), made AS (
    INSERT INTO matches (user1_id, user2_id, status, expires_at)
    SELECT u1, u2, 'active', now() + p_match_expiry FROM makers ORDER BY u1, u2
    ON CONFLICT (user1_id, user2_id) DO UPDATE
      SET status = 'active', expires_at = EXCLUDED.expires_at, created_at = now(),
        last_message_at = NULL, last_sender_id = NULL
      WHERE matches.status = 'expired'
        OR (matches.status = 'active' AND matches.conversation_started_at IS NULL AND matches.expires_at <= now())
    RETURNING id, user1_id, user2_id, expires_at, status, conversation_started_at
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('ord', k.ord,
      'id', coalesce(m.id, e.id), 'expires_at', coalesce(m.expires_at, e.expires_at),
      'status', coalesce(m.status, e.status),
      'conversation_started_at', coalesce(m.conversation_started_at, e.conversation_started_at),
      'created', m.id IS NOT NULL)), '[]')
    INTO v_matched
    FROM makers k
    LEFT JOIN made m ON m.user1_id = k.u1 AND m.user2_id = k.u2
    LEFT JOIN matches e ON m.id IS NULL AND e.user1_id = k.u1 AND e.user2_id = k.u2;

  WITH notes AS MATERIALIZED (
    SELECT gen_random_uuid() AS id, b.ord, x.at, n.user_id, n.type, n.title,
      -- A match notice may name the target (`%s`); the others are plain text.
      CASE WHEN x.is_match THEN format(n.message, b.target_name) ELSE n.message END AS message,
      n.actor_id, n.link, n.dedupe_key
    FROM jsonb_to_recordset(p_batch) AS b(ord integer, like_notes jsonb, match_notes jsonb, target_name text)
    JOIN jsonb_to_recordset(v_written) AS s(ord integer) ON s.ord = b.ord
    LEFT JOIN jsonb_to_recordset(v_matched) AS o(ord integer, created boolean) ON o.ord = b.ord
    CROSS JOIN LATERAL (
      SELECT mn.note, mn.at, true AS is_match FROM jsonb_array_elements(b.match_notes) WITH ORDINALITY AS mn(note, at)
      WHERE coalesce(o.created, false)
      UNION ALL
      SELECT ln.note, 1000 + ln.at, false FROM jsonb_array_elements(b.like_notes) WITH ORDINALITY AS ln(note, at)
      WHERE NOT (coalesce(o.created, false) AND coalesce((ln.note->>'unless_match')::boolean, false))
    ) x
    CROSS JOIN LATERAL jsonb_populate_record(NULL::notifications, x.note) n
    CROSS JOIN LATERAL wants_match_notices(n.user_id) w
    WHERE w.wanted
  ), written AS (
    INSERT INTO notifications (id, user_id, type, title, message, actor_id, link, dedupe_key, created_at)
    SELECT id, user_id, type, title, message, actor_id, link, dedupe_key,
      now() + (row_number() OVER (ORDER BY ord, at)) * interval '1 microsecond'
    FROM notes ORDER BY ord, at
    ON CONFLICT (user_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING
    RETURNING id
  )
  SELECT coalesce(jsonb_agg(jsonb_build_object('ord', g.ord, 'ids', g.ids)), '[]') INTO v_noticed
    FROM (SELECT notes.ord, array_agg(notes.id ORDER BY notes.at) AS ids
          FROM written JOIN notes ON notes.id = written.id GROUP BY notes.ord) g;

  RETURN QUERY
  SELECT b.ord, s.at, m.id, m.expires_at, m.status, m.conversation_started_at, coalesce(m.created, false),
    coalesce(n.ids, '{}')
  FROM jsonb_to_recordset(p_batch) AS b(ord integer)
  LEFT JOIN jsonb_to_recordset(v_written) AS s(ord integer, at timestamptz) ON s.ord = b.ord
  LEFT JOIN jsonb_to_recordset(v_matched) AS m(ord integer, id uuid, expires_at timestamptz, status match_status,
    conversation_started_at timestamptz, created boolean) ON m.ord = b.ord
  LEFT JOIN jsonb_to_recordset(v_noticed) AS n(ord integer, ids uuid[]) ON n.ord = b.ord
  ORDER BY b.ord;
END
$$;
--> statement-breakpoint
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
      ON CONFLICT (user1_id, user2_id) DO UPDATE
        SET status = 'active', expires_at = EXCLUDED.expires_at, created_at = now(),
          last_message_at = NULL, last_sender_id = NULL
        WHERE matches.status = 'expired'
          OR (matches.status = 'active' AND matches.conversation_started_at IS NULL AND matches.expires_at <= now())
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
