-- requires: wants_match_notices
-- record_swipes: what swipes write, for one swipe or many (decisions 013, 021, 033). A single swipe is
-- a batch of one. The caller (modules/discovery/swipes.ts) has already read each target and applied
-- the checks that need the members' rules (visible, tier, type); it passes only the allowed swipes.
-- The result is what the swipes would have written one after the other, in `ord` order:
--   * each pair's lock, all of them taken first in one order, so two batches never wait on each other
--     in a circle; the lock serialises the two sides of a pair (without it, two mutual likes at once
--     could each miss the other's uncommitted swipe and neither would make the match);
--   * a super like beyond the day's allowance spends a Super Likes Pack token, and a like on a locked
--     higher-tier card (`spends_token`) a message token; without one the swipe is refused (`refusal`:
--     'super_like_limit', 'message_token') and writes nothing. A repeat spends nothing. Tokens are
--     locked oldest pack first with a plain FOR UPDATE: a second swipe wanting the same pack waits
--     for the first to commit and PostgreSQL re-checks `remaining > 0` on the row it waited for
--     (SKIP LOCKED refused it although the pack still held tokens). The day's counter row serialises
--     the allowance. Each member's spends are taken in one order (message token, day counter, super
--     like token), the members in id order, so these waits cannot deadlock either;
--   * a pair twice: the later one is a repeat (nothing written, `swiped_at` null);
--   * a like answered by a like the other way makes the match; both likes of a pair in one batch: the
--     later one made it, the earlier one had none at its time; a like that meets an existing match
--     reports it (match_created false); an expired match, or one whose 48 hours ran out before the
--     expiry job closed it, is reopened as new (active, a fresh expiry and created_at, which the
--     wallet's new-match guard reads, and no last message, so the list puts it first);
--   * the notices, kept only for recipients who want them (wants_match_notices): the match's for the
--     like that made it, naming the target (`%s`, `target_name`), then the like's, unless that like
--     made the match and the notice says `unless_match` (a plain like's: the match notice says it all).
--   * each swipe and notice is stamped a microsecond after the one before it, in arrival order, so
--     the lists ordered by time (Interests, notifications) keep the batch's order.
-- Each statement below handles the whole batch at once, so what a statement costs to start (its
-- relations and indexes opened, its foreign-key checks prepared) is paid once per batch.
-- Input: a JSON array of {ord, swiper, target, direction, spends_token, super_likes_per_day,
-- like_notes, match_notes, target_name}; the notes are notification rows (the table's columns, and
-- `unless_match`). One row out per swipe in.
CREATE OR REPLACE FUNCTION record_swipes(p_swipes jsonb, p_match_expiry interval) RETURNS TABLE (
  ord integer,
  swiped_at timestamptz,
  match_id uuid,
  match_expires_at timestamptz,
  match_status match_status,
  match_conversation_started_at timestamptz,
  match_created boolean,
  notification_ids uuid[],
  refusal text
) LANGUAGE plpgsql
-- Its statements read JSON whose size the planner cannot know (it guesses a hundred rows a set, so
-- thousands once joined) and would compile them with JIT on every call: tens of milliseconds, for
-- batches of a few rows.
SET jit = off
AS $$
#variable_conflict use_column
DECLARE
  -- Why a swipe that would spend wrote nothing: {"<ord>": refusal}.
  v_refused jsonb := '{}';
  -- The swipes written: {ord, swiper, target, direction, at}.
  v_written jsonb;
  -- Each like that met a like the other way: {ord, id, expires_at, status, conversation_started_at, created}.
  v_matched jsonb;
  -- The notices written for each swipe: {ord, ids}.
  v_noticed jsonb;
  v_spend record;
  v_message_token uuid;
  v_super_token uuid;
  v_counted integer;
BEGIN
  PERFORM pg_advisory_xact_lock(k) FROM (
    SELECT DISTINCT hashtextextended('swipe-pair:' || least(b.swiper, b.target) || ':' || greatest(b.swiper, b.target), 0) AS k
    FROM jsonb_to_recordset(p_swipes) AS b(swiper uuid, target uuid)
    ORDER BY 1
  ) keys;

  -- The swipes that spend, one at a time, each member's in arrival order (plain likes and passes,
  -- most batches, skip this).
  IF p_swipes @> '[{"direction": "up"}]' OR p_swipes @> '[{"spends_token": true}]' THEN
    FOR v_spend IN
      SELECT b.ord, b.swiper, b.target, b.direction, b.spends_token, b.super_likes_per_day
      FROM jsonb_to_recordset(p_swipes) AS b(ord integer, swiper uuid, target uuid, direction swipe_direction,
        spends_token boolean, super_likes_per_day integer)
      WHERE b.direction = 'up' OR b.spends_token
      ORDER BY b.swiper, b.ord
    LOOP
      -- A repeat spends nothing: the pair's swipe exists, or comes earlier in this batch and was not
      -- refused (the pair's lock makes this hold until the insert below).
      CONTINUE WHEN EXISTS (SELECT 1 FROM swipe_actions s
                            WHERE s.swiper_id = v_spend.swiper AND s.target_id = v_spend.target)
        OR EXISTS (SELECT 1 FROM jsonb_to_recordset(p_swipes) AS e(ord integer, swiper uuid, target uuid)
                   WHERE e.swiper = v_spend.swiper AND e.target = v_spend.target AND e.ord < v_spend.ord
                     AND NOT v_refused ? e.ord::text);
      v_message_token := NULL;
      v_super_token := NULL;
      v_counted := NULL;
      IF v_spend.spends_token THEN
        SELECT b.id INTO v_message_token FROM boosts b
          WHERE b.user_id = v_spend.swiper AND b.boost_type = 'message_tokens' AND b.remaining > 0
            AND (b.active_until IS NULL OR b.active_until > now())
          ORDER BY b.created_at LIMIT 1 FOR UPDATE;
        IF v_message_token IS NULL THEN
          v_refused := v_refused || jsonb_build_object(v_spend.ord::text, 'message_token');
          CONTINUE;
        END IF;
      END IF;
      IF v_spend.direction = 'up' THEN
        IF v_spend.super_likes_per_day > 0 THEN
          INSERT INTO super_like_days AS d (user_id, day, used)
            VALUES (v_spend.swiper, (now() AT TIME ZONE 'UTC')::date, 1)
            ON CONFLICT (user_id, day) DO UPDATE SET used = d.used + 1 WHERE d.used < v_spend.super_likes_per_day
            RETURNING d.used INTO v_counted;
        END IF;
        IF v_counted IS NULL THEN
          SELECT b.id INTO v_super_token FROM boosts b
            WHERE b.user_id = v_spend.swiper AND b.boost_type = 'super_likes' AND b.remaining > 0
              AND (b.active_until IS NULL OR b.active_until > now())
            ORDER BY b.created_at LIMIT 1 FOR UPDATE;
          IF v_super_token IS NULL THEN
            v_refused := v_refused || jsonb_build_object(v_spend.ord::text, 'super_like_limit');
            CONTINUE;
          END IF;
        END IF;
      END IF;
      IF v_message_token IS NOT NULL OR v_super_token IS NOT NULL THEN
        UPDATE boosts SET remaining = remaining - 1 WHERE id IN (v_message_token, v_super_token);
      END IF;
    END LOOP;
  END IF;

  WITH batch AS (
    SELECT * FROM jsonb_to_recordset(p_swipes) AS b(ord integer, swiper uuid, target uuid, direction swipe_direction)
    WHERE NOT v_refused ? b.ord::text
  ), firsts AS (
    SELECT DISTINCT ON (swiper, target) ord, swiper, target, direction FROM batch ORDER BY swiper, target, ord
  ), written AS (
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

  -- Passes write nothing more: no like count, no match, no notice.
  IF v_written @> '[{"direction": "right"}]' OR v_written @> '[{"direction": "up"}]' THEN
    -- The liked profiles are locked first, in one order: an UPDATE … FROM may take them in the order
    -- of its join, and two batches taking two rows each way round would wait on each other. (One swipe
    -- likes one profile: no order to keep.)
    IF jsonb_array_length(v_written) > 1 THEN
      PERFORM 1 FROM profiles p
      WHERE p.user_id IN (SELECT target FROM jsonb_to_recordset(v_written) AS s(target uuid, direction swipe_direction)
                            WHERE direction <> 'left')
        ORDER BY p.user_id FOR NO KEY UPDATE;
    END IF;
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
      FROM jsonb_to_recordset(p_swipes) AS b(ord integer, like_notes jsonb, match_notes jsonb, target_name text)
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
  ELSE
    v_matched := '[]';
    v_noticed := '[]';
  END IF;

  RETURN QUERY
  SELECT b.ord, s.at, m.id, m.expires_at, m.status, m.conversation_started_at, coalesce(m.created, false),
    coalesce(n.ids, '{}'), v_refused ->> b.ord::text
  FROM jsonb_to_recordset(p_swipes) AS b(ord integer)
  LEFT JOIN jsonb_to_recordset(v_written) AS s(ord integer, at timestamptz) ON s.ord = b.ord
  LEFT JOIN jsonb_to_recordset(v_matched) AS m(ord integer, id uuid, expires_at timestamptz, status match_status,
    conversation_started_at timestamptz, created boolean) ON m.ord = b.ord
  LEFT JOIN jsonb_to_recordset(v_noticed) AS n(ord integer, ids uuid[]) ON n.ord = b.ord
  ORDER BY b.ord;
END
$$;
