import { type Column, type SQL, sql } from 'drizzle-orm';
import { matches } from '../../db/schema';

/**
 * A match is open — it takes messages and counts as "matched" — while its status is active and
 * either its 48 hours have not run out or both members have written (conversation_started_at).
 * The expiry job turns the others into `expired`; this predicate already treats them as closed in
 * the minute before it runs.
 */
export const matchIsOpen: SQL = sql`(${matches.status} = 'active' and (${matches.conversationStartedAt} is not null or ${matches.expiresAt} > now()))`;

/** The same rule for a match row already read (keep the two side by side). */
export function isMatchOpen(
  match: { status: string; expiresAt: Date; conversationStartedAt: Date | null },
  now: number = Date.now(),
): boolean {
  return (
    match.status === 'active' && (match.conversationStartedAt !== null || match.expiresAt.getTime() > now)
  );
}

/**
 * Whether a member wants match notices (likes, matches, expiries; default on): the SQL function
 * wants_match_notices (db/sql/wants_match_notices.sql) is the rule, also applied by record_swipes to
 * a batch. For any statement that writes such a notice.
 */
export const wantsMatchNotices = (userId: SQL | Column) =>
  sql<boolean>`(select wanted from wants_match_notices(${userId}))`;
