import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, startTestApp, useTestApp } from '../../../test/app';
import { matchedPair as matchedPairOf } from '../../../test/discovery';
import { signedInMember } from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import { matches, messages, notifications, safetySettings } from '../../db/schema';
import { sealedMessageValues } from '../messaging';
import { expireMatches } from './expiry';

const t = useTestApp();
const HOUR = 3_600_000;

const matchedPair = () => matchedPairOf(t.app);

const statusOf = async (id: string) =>
  (await t.app.ctx.db.select({ status: matches.status }).from(matches).where(eq(matches.id, id)))[0]?.status;

describe('match expiry', () => {
  it('closes a match whose 48 hours passed before both wrote, and tells both', async () => {
    const { him, her, matchId, expiresAt } = await matchedPair();
    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));

    // A minute before the deadline nothing happens; at the deadline the match closes.
    await expireMatches(t.app.ctx, new Date(expiresAt.getTime() - 60_000));
    expect(await statusOf(matchId)).toBe('active');
    await expireMatches(t.app.ctx, new Date(expiresAt.getTime() + 1));
    stop();
    expect(await statusOf(matchId)).toBe('expired');

    for (const [member, other] of [
      [him.member, 'Sofia'],
      [her.member, 'Matteo'],
    ] as const) {
      const notes = await t.app.ctx.db
        .select({ title: notifications.title, message: notifications.message })
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.title, 'Match Expired')));
      expect(notes).toEqual([
        { title: 'Match Expired', message: `Your match with ${other} expired before you both said hello` },
      ]);
    }
    const updates = events.flatMap((e) =>
      e.kind === 'deliver' && e.event.type === 'match.updated' ? [[e.userIds[0], e.event.payload]] : [],
    );
    expect(updates).toEqual(
      expect.arrayContaining([
        [him.member.id, { id: matchId, status: 'expired' }],
        [her.member.id, { id: matchId, status: 'expired' }],
      ]),
    );
    // The profile page no longer reports it.
    expect(
      (await request(t.app, 'GET', `/api/members/${her.member.id}`, { session: him.session })).json()
        .match_id,
    ).toBeNull();
    // Running again changes nothing and tells nobody twice.
    expect(await expireMatches(t.app.ctx, new Date(expiresAt.getTime() + HOUR))).toBe(0);
  });

  it('tells a member who turned match notifications off nothing but the match’s new state', async () => {
    const { him, her, matchId, expiresAt } = await matchedPair();
    await t.app.ctx.db
      .update(safetySettings)
      .set({ matchNotifications: false })
      .where(eq(safetySettings.userId, her.member.id));
    const events: BusMessage[] = [];
    const stop = t.app.ctx.bus.subscribe((m) => events.push(m));
    await expireMatches(t.app.ctx, new Date(expiresAt.getTime() + 1));
    stop();

    const expiredNoticeTo = async (userId: string) =>
      t.app.ctx.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.title, 'Match Expired')));
    expect(await expiredNoticeTo(her.member.id)).toEqual([]);
    expect(await expiredNoticeTo(him.member.id)).toHaveLength(1);
    const delivered = (type: string) =>
      events.flatMap((e) => (e.kind === 'deliver' && e.event.type === type ? e.userIds : []));
    expect(delivered('notification.created')).toEqual([him.member.id]);
    expect(delivered('match.updated').sort()).toEqual([him.member.id, her.member.id].sort());
    expect(await statusOf(matchId)).toBe('expired');
  });

  it('keeps a match open where both members have written, and one where only one has until its deadline', async () => {
    const both = await matchedPair();
    const one = await matchedPair();
    const keys = t.app.ctx.messageKeys;
    await t.app.ctx.db.insert(messages).values([
      sealedMessageValues(keys, {
        matchId: both.matchId,
        senderId: both.him.member.id,
        receiverId: both.her.member.id,
        content: 'Hello',
      }),
      sealedMessageValues(keys, {
        matchId: both.matchId,
        senderId: both.her.member.id,
        receiverId: both.him.member.id,
        content: 'Hi!',
      }),
      sealedMessageValues(keys, {
        matchId: one.matchId,
        senderId: one.him.member.id,
        receiverId: one.her.member.id,
        content: 'Hello?',
      }),
    ]);
    // Stamped by the messaging service when the second member first writes.
    await t.app.ctx.db
      .update(matches)
      .set({ conversationStartedAt: new Date() })
      .where(eq(matches.id, both.matchId));
    await expireMatches(t.app.ctx, new Date(Date.now() + 49 * HOUR));
    expect(await statusOf(both.matchId)).toBe('active');
    expect(await statusOf(one.matchId)).toBe('expired');
  });
});

describe('the job queue', () => {
  it('runs on pg-boss in the app database: scheduled every minute, and a queued run closes due matches', async () => {
    const started = await startTestApp({}, { jobs: true });
    try {
      const { db } = started.app.ctx;
      // pg-boss keeps its queue and schedules in its own schema of the same database.
      const schedules = await db.execute<{ name: string; cron: string }>(
        sql`select name, cron from pgboss.schedule where name = 'match-expiry'`,
      );
      expect(schedules.rows).toContainEqual({ name: 'match-expiry', cron: '* * * * *' });

      const him = await signedInMember(started.app, { userType: 'men' });
      const her = await signedInMember(started.app, { userType: 'women' });
      const [user1Id, user2Id] = [him.member.id, her.member.id].sort() as [string, string];
      const [due] = await db
        .insert(matches)
        .values({ user1Id, user2Id, expiresAt: new Date(Date.now() - 60_000) })
        .returning({ id: matches.id });
      await started.app.ctx.jobs.send('match-expiry');
      await expect
        .poll(
          async () =>
            (
              await db
                .select({ s: matches.status })
                .from(matches)
                .where(eq(matches.id, due?.id ?? ''))
            )[0]?.s,
          {
            timeout: 15_000,
            interval: 250,
          },
        )
        .toBe('expired');
    } finally {
      await started.dispose();
    }
  });
});
