-- Whether a member wants match notices (likes and matches; on unless Settings turned them off): one
-- rule, for record_swipes below and for the single swipe statement (modules/discovery/swipes.ts).
-- A one-row table rather than a boolean, so that PostgreSQL inlines it where it is used (in FROM);
-- a scalar SQL function holding a subquery would run as a call of its own for every note.
CREATE FUNCTION wants_match_notices(p_user uuid) RETURNS TABLE (wanted boolean)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT coalesce((SELECT match_notifications FROM safety_settings WHERE user_id = p_user), true)
$$;
--> statement-breakpoint
-- record_swipes as in 0018, but the batch's notes come in as written, each swipe with its target's
-- name (`target_name`): the notices are kept for recipients who want them, and the match notices
-- name the target, here, for the notes actually written. Before, the batch statement did both for
-- every swipe before this function ran: two settings lookups and a formatted copy of two match
-- notices for each like, though few likes make a match.
-- Input: a JSON array of {ord, swiper, target, direction, like_notes, match_notes, target_name}.
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
    ON CONFLICT (user1_id, user2_id) DO NOTHING
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
