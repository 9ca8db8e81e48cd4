import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { actorFor, createMember, type TestMember } from '../../../test/factories';
import { matches, notifications } from '../../db/schema';
import type { MemberActor } from '../auth';
import { recordSwipe } from './swipes';

const PAIRS = 100;
const PAIRS_AT_ONCE = 25;

// PGlite has a single connection, so only PostgreSQL can interleave two transactions.
describe.skipIf(!onPostgres)('concurrent mutual likes (PostgreSQL)', () => {
  const t = useTestApp();

  it(`creates exactly one match per pair when ${PAIRS} pairs like each other at the same moment`, async () => {
    const pairs: [TestMember, TestMember][] = [];
    const actors = new Map<string, MemberActor>();
    for (let i = 0; i < PAIRS; i += 1) {
      const pair: [TestMember, TestMember] = [
        await createMember(t.app, { userType: 'men' }),
        await createMember(t.app, { userType: 'women' }),
      ];
      for (const m of pair) actors.set(m.id, await actorFor(t.app, m));
      pairs.push(pair);
    }
    const actorOf = (m: TestMember) => actors.get(m.id) as MemberActor;

    const outcomes: PromiseSettledResult<unknown>[] = [];
    for (let i = 0; i < PAIRS; i += PAIRS_AT_ONCE) {
      const batch = pairs
        .slice(i, i + PAIRS_AT_ONCE)
        .map(([a, b]) =>
          Promise.all([
            recordSwipe(t.app.ctx, { actor: actorOf(a), input: { target_id: b.id, direction: 'right' } }),
            recordSwipe(t.app.ctx, { actor: actorOf(b), input: { target_id: a.id, direction: 'right' } }),
          ]),
        );
      outcomes.push(...(await Promise.allSettled(batch)));
    }
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);

    const ids = pairs.flat().map((m) => m.id);
    const perPair = await t.app.ctx.db
      .select({ user1Id: matches.user1Id, user2Id: matches.user2Id, n: sql<number>`count(*)::int` })
      .from(matches)
      .where(inArray(matches.user1Id, ids))
      .groupBy(matches.user1Id, matches.user2Id);
    expect(perPair).toHaveLength(PAIRS);
    expect(perPair.every((row) => row.n === 1)).toBe(true);
    const expected = new Set(pairs.map(([a, b]) => [a.id, b.id].sort().join(':')));
    expect(new Set(perPair.map((r) => `${r.user1Id}:${r.user2Id}`))).toEqual(expected);

    // Exactly one of the two swipes of each pair reported the match it created...
    for (const outcome of outcomes) {
      if (outcome.status !== 'fulfilled') continue;
      const replies = outcome.value as { match: unknown }[];
      expect(replies.filter((r) => r.match !== null)).toHaveLength(1);
    }
    // ...and each member got exactly one match notification.
    const notes = await t.app.ctx.db
      .select({ userId: notifications.userId, n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(inArray(notifications.userId, ids), eq(notifications.type, 'match')))
      .groupBy(notifications.userId);
    expect(notes).toHaveLength(ids.length);
    expect(notes.every((row) => row.n === 1)).toBe(true);
  });
});
