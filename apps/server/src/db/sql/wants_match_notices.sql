-- Whether a member wants match notices (likes and matches; on unless Settings turned them off): one
-- rule, for the swipes (sql/record_swipes.sql) and for every statement that writes such a notice
-- (modules/matches/policy.ts wantsMatchNotices).
-- A one-row table rather than a boolean, so that PostgreSQL inlines it where it is used (in FROM);
-- a scalar SQL function holding a subquery would run as a call of its own for every note.
CREATE OR REPLACE FUNCTION wants_match_notices(p_user uuid) RETURNS TABLE (wanted boolean)
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT coalesce((SELECT match_notifications FROM safety_settings WHERE user_id = p_user), true)
$$;
