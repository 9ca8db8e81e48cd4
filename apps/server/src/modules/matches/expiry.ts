import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { matches, profiles } from '../../db/schema';
import { type NewNotification, notify } from '../notifications';
import { wantsMatchNotices } from './policy';

/** At most this many matches are closed per run, so one run never holds a long transaction. */
const EXPIRY_BATCH = 500;

const user1 = alias(profiles, 'user1');
const user2 = alias(profiles, 'user2');

/**
 * Closes every match whose 48 hours ran out before both members had written: status `expired`, a
 * notification to each member who wants match notices and `match.updated` to both, in one
 * transaction per batch (events after commit). A match where both have written
 * (conversation_started_at) stays open. Returns how many matches it closed. `now` is the clock
 * (tests pass their own).
 */
export async function expireMatches(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await ctx.transact(async (work) => {
      const due = work.tx
        .select({ id: matches.id })
        .from(matches)
        .where(
          and(
            eq(matches.status, 'active'),
            sql`${matches.conversationStartedAt} is null`,
            lte(matches.expiresAt, now),
          ),
        )
        .orderBy(matches.expiresAt)
        .limit(EXPIRY_BATCH)
        .for('update', { skipLocked: true });
      const expired = await work.tx
        .update(matches)
        .set({ status: 'expired' })
        .where(inArray(matches.id, due))
        .returning({
          id: matches.id,
          user1Id: matches.user1Id,
          user2Id: matches.user2Id,
          user1WantsNotice: wantsMatchNotices(matches.user1Id),
          user2WantsNotice: wantsMatchNotices(matches.user2Id),
        });
      if (expired.length === 0) return 0;

      const names = await work.tx
        .select({ id: matches.id, name1: user1.name, name2: user2.name })
        .from(matches)
        .innerJoin(user1, eq(user1.userId, matches.user1Id))
        .innerJoin(user2, eq(user2.userId, matches.user2Id))
        .where(
          inArray(
            matches.id,
            expired.map((m) => m.id),
          ),
        );
      const nameOf = new Map(names.map((n) => [n.id, n]));
      const notes: NewNotification[] = [];
      for (const match of expired) {
        const pair = nameOf.get(match.id);
        for (const [userId, otherId, otherName, wantsNotice] of [
          [match.user1Id, match.user2Id, pair?.name2, match.user1WantsNotice],
          [match.user2Id, match.user1Id, pair?.name1, match.user2WantsNotice],
        ] as const) {
          if (wantsNotice) {
            notes.push({
              userId,
              type: 'match',
              title: 'Match Expired',
              message: `Your match with ${otherName ?? 'a member'} expired before you both said hello`,
              actorId: otherId,
              link: '/messages',
            });
          }
          // The match's state is not a notice: both members' screens follow it whatever the setting.
          work.publish({
            kind: 'deliver',
            userIds: [userId],
            event: { type: 'match.updated', payload: { id: match.id, status: 'expired' } },
          });
        }
      }
      await notify(work, notes);
      return expired.length;
    });
    total += closed;
    if (closed < EXPIRY_BATCH) return total;
  }
}
