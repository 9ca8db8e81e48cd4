import { randomUUID } from 'node:crypto';
import {
  MATCH_EXPIRY_MS,
  type MatchSummary,
  SWIPE_SUBSCRIPTION_INACTIVE_TEXT,
  SWIPE_TIER_REQUIRED_TEXT,
  swipeReplySchema,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { addPhoto, block, profileCounts, setVisibility } from '../../../test/discovery';
import {
  actorFor,
  createMember,
  type MemberOptions,
  signedInMember,
  signInAs,
  type TestMember,
} from '../../../test/factories';
import type { BusMessage } from '../../adapters/bus';
import { matches, notifications, safetySettings, swipeActions } from '../../db/schema';
import { recordSwipe } from './swipes';

const t = useTestApp();

const swipe = (session: Session | null, target_id: string, direction: 'left' | 'right' | 'up') =>
  request(t.app, 'POST', '/api/swipes', { session, body: { target_id, direction } });

const man = (options: MemberOptions = {}) => signedInMember(t.app, { userType: 'men', ...options });
const woman = (options: MemberOptions = {}) => createMember(t.app, { userType: 'women', ...options });

function expectError(res: Awaited<ReturnType<typeof swipe>>, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  if (message) expect(res.json().error.message).toBe(message);
}

function notificationsOf(userId: string) {
  return t.app.ctx.db
    .select({
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      actorId: notifications.actorId,
      link: notifications.link,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

/** The member turns off match notices (likes and matches) in Settings. */
async function turnOffMatchNotices(userId: string) {
  await t.app.ctx.db
    .update(safetySettings)
    .set({ matchNotifications: false })
    .where(eq(safetySettings.userId, userId));
}

describe('swipe permissions', () => {
  it('refuses a signed-out caller', async () => {
    const target = await woman();
    expectError(await swipe(null, target.id, 'right'), 401, 'UNAUTHENTICATED');
  });

  it('refuses tier 0 and an unpaid tier, and lets a sponsored member with an unpaid tier swipe', async () => {
    const target = await woman({ tier: 0 });
    const observer = await man({ tier: 0 });
    expectError(
      await swipe(observer.session, target.id, 'right'),
      403,
      'TIER_REQUIRED',
      SWIPE_TIER_REQUIRED_TEXT,
    );
    const lapsed = await man({ tier: 2, subscriptionActive: false });
    expectError(
      await swipe(lapsed.session, target.id, 'left'),
      403,
      'SUBSCRIPTION_INACTIVE',
      SWIPE_SUBSCRIPTION_INACTIVE_TEXT,
    );
    const sponsored = await man({ tier: 2, subscriptionActive: false, sponsored: true });
    expect((await swipe(sponsored.session, target.id, 'right')).statusCode).toBe(200);
  });

  it('refuses a member whose subscription end date has passed, though the flag is still set', async () => {
    const lapsed = await man({
      tier: 2,
      subscriptionActive: true,
      subscriptionEndsAt: new Date(Date.now() - 60_000),
    });
    const target = await woman({ tier: 1 });
    expectError(
      await swipe(lapsed.session, target.id, 'right'),
      403,
      'SUBSCRIPTION_INACTIVE',
      SWIPE_SUBSCRIPTION_INACTIVE_TEXT,
    );
    const me = (await request(t.app, 'GET', '/api/me', { session: lapsed.session })).json();
    expect(me.capabilities.can_swipe).toBe(false);
    expect(me.capabilities.message_block.code).toBe('SUBSCRIPTION_INACTIVE');
  });

  it('answers 404 for hidden, blocked, unknown and own profiles', async () => {
    const { member, session } = await man({ tier: 2 });
    const ghost = await woman({ ghostMode: true });
    const hidden = await woman();
    await setVisibility(t.app, hidden.id, 'private');
    const blockedByMe = await woman();
    await block(t.app, member.id, blockedByMe.id);
    const blockingMe = await woman();
    await block(t.app, blockingMe.id, member.id);
    const targets = [
      ghost.id,
      hidden.id,
      blockedByMe.id,
      blockingMe.id,
      '00000000-0000-4000-8000-000000000000',
      member.id,
    ];
    for (const id of targets) {
      expectError(await swipe(session, id, 'right'), 404, 'PROFILE_NOT_FOUND', 'Profile not found');
      expectError(await swipe(session, id, 'left'), 404, 'PROFILE_NOT_FOUND');
    }
  });

  it('takes only a pass on a locked higher-tier profile', async () => {
    const { session } = await man({ tier: 1 });
    const vault = await woman({ tier: 3 });
    const message = 'Upgrade to Tier 3 or higher to interact with this profile';
    expectError(await swipe(session, vault.id, 'right'), 403, 'LOCKED_PROFILE', message);
    expectError(await swipe(session, vault.id, 'up'), 403, 'LOCKED_PROFILE', message);
    expect((await profileCounts(t.app, vault.id)).likeCount).toBe(0);
    const pass = await swipe(session, vault.id, 'left');
    expect(pass.statusCode).toBe(200);
    expect(swipeReplySchema.parse(pass.json())).toEqual({
      direction: 'left',
      target_id: vault.id,
      match: null,
    });
  });

  it('refuses same-type pairs', async () => {
    const { session } = await man();
    const other = await createMember(t.app, { userType: 'men' });
    expectError(await swipe(session, other.id, 'right'), 403, 'FORBIDDEN');
    // The refusal wrote nothing: no swipe, no like.
    expect(await t.app.ctx.db.select().from(swipeActions).where(eq(swipeActions.targetId, other.id))).toEqual(
      [],
    );
    expect((await profileCounts(t.app, other.id)).likeCount).toBe(0);
  });

  it('refuses a second swipe on the same member', async () => {
    const { session } = await man();
    const target = await woman();
    expect((await swipe(session, target.id, 'left')).statusCode).toBe(200);
    expectError(await swipe(session, target.id, 'right'), 409, 'ALREADY_SWIPED');
    expectError(await swipe(session, target.id, 'left'), 409, 'ALREADY_SWIPED');
    expect((await profileCounts(t.app, target.id)).likeCount).toBe(0);
  });

  it('refuses a malformed body', async () => {
    const { session } = await man();
    const target = await woman();
    for (const body of [
      {},
      { target_id: 'nope', direction: 'right' },
      { target_id: target.id, direction: 'down' },
    ]) {
      const res = await request(t.app, 'POST', '/api/swipes', { session, body });
      expectError(res, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('likes, matches and Start Over', () => {
  it('matches on the second like: one match expiring in 48 h, notified to both, announced to both', async () => {
    const events: BusMessage[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe((m) => events.push(m));
    try {
      const him = await man({ name: 'Lorenzo' });
      const herMember = await woman({ name: 'Giulia' });
      await addPhoto(t.app, herMember.id);
      const her = { member: herMember, session: await signInAs(t.app, herMember) };

      const first = swipeReplySchema.parse((await swipe(him.session, her.member.id, 'right')).json());
      expect(first.match).toBeNull();
      const before = Date.now();
      const second = await swipe(her.session, him.member.id, 'right');
      expect(second.statusCode).toBe(200);
      const reply = swipeReplySchema.parse(second.json());
      if (!reply.match) throw new Error('expected a match');
      expect(reply.match.member.id).toBe(him.member.id);
      expect(reply.match.member.name).toBe('Lorenzo');
      const expires = new Date(reply.match.expires_at).getTime();
      expect(Math.abs(expires - (before + MATCH_EXPIRY_MS))).toBeLessThan(60_000);

      const rows = await t.app.ctx.db.select().from(matches).where(eq(matches.id, reply.match.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe('active');
      expect([rows[0]?.user1Id, rows[0]?.user2Id].sort()).toEqual([him.member.id, her.member.id].sort());

      expect(await notificationsOf(him.member.id)).toEqual([
        {
          type: 'match',
          title: "It's a Match!",
          message: 'You and Giulia liked each other!',
          actorId: her.member.id,
          link: '/messages',
        },
      ]);
      // Her: his first like (anonymous), then the match. Him: the match alone (her like made it).
      expect(await notificationsOf(her.member.id)).toEqual([
        { type: 'like', title: 'New Like', message: 'Someone liked you', actorId: null, link: '/app' },
        {
          type: 'match',
          title: "It's a Match!",
          message: 'You and Lorenzo liked each other!',
          actorId: him.member.id,
          link: '/messages',
        },
      ]);

      const delivered = events.flatMap((e) => (e.kind === 'deliver' ? [e] : []));
      const matchEvents = delivered.filter((e) => e.event.type === 'match.created');
      expect(matchEvents).toHaveLength(2);
      const toHim = matchEvents.find((e) => e.userIds.includes(him.member.id))?.event.payload as MatchSummary;
      const toHer = matchEvents.find((e) => e.userIds.includes(her.member.id))?.event.payload as MatchSummary;
      expect(toHim.member.name).toBe('Giulia');
      expect(toHim.member.photos).toHaveLength(1);
      expect(toHer.member.name).toBe('Lorenzo');
      expect(toHim.id).toBe(reply.match.id);
      const notified = delivered
        .filter((e) => e.event.type === 'notification.created')
        .flatMap((e) => e.userIds);
      expect(notified.sort()).toEqual([him.member.id, her.member.id, her.member.id].sort());
    } finally {
      unsubscribe();
    }
  });

  it('writes no match notice for a member who turned match notifications off', async () => {
    const him = await man();
    const herMember = await woman();
    const her = { member: herMember, session: await signInAs(t.app, herMember) };
    await turnOffMatchNotices(herMember.id);
    expect((await swipe(him.session, her.member.id, 'right')).statusCode).toBe(200);
    const reply = swipeReplySchema.parse((await swipe(her.session, him.member.id, 'right')).json());
    expect(reply.match).not.toBeNull();
    expect((await notificationsOf(her.member.id)).filter((n) => n.type === 'match')).toEqual([]);
    expect((await notificationsOf(him.member.id)).map((n) => n.type)).toEqual(['match']);
  });

  it('names each member in the other match notice as written, % signs included', async () => {
    const him = await man({ name: 'Max %s 100%' });
    const herMember = await woman({ name: 'Ana %1$s %%' });
    const her = { member: herMember, session: await signInAs(t.app, herMember) };
    expect((await swipe(him.session, her.member.id, 'right')).statusCode).toBe(200);
    expect((await swipe(her.session, him.member.id, 'right')).statusCode).toBe(200);
    expect((await notificationsOf(him.member.id)).map((n) => n.message)).toEqual([
      'You and Ana %1$s %% liked each other!',
    ]);
    expect(
      (await notificationsOf(her.member.id)).filter((n) => n.type === 'match').map((n) => n.message),
    ).toEqual(['You and Max %s 100% liked each other!']);
  });

  it('does not match on a pass, and a super like notifies its target and matches like a like', async () => {
    const him = await man();
    const her = await signedInMember(t.app, { userType: 'women' });
    await swipe(him.session, her.member.id, 'left');
    const after = swipeReplySchema.parse((await swipe(her.session, him.member.id, 'up')).json());
    expect(after.match).toBeNull();
    expect(await notificationsOf(him.member.id)).toEqual([
      {
        type: 'like',
        title: 'Super Like!',
        message: 'Someone super liked you',
        actorId: null,
        link: '/interests',
      },
    ]);

    const other = await woman();
    await swipe(him.session, other.id, 'up');
    const otherSession = await signInAs(t.app, other);
    const back = swipeReplySchema.parse((await swipe(otherSession, him.member.id, 'right')).json());
    expect(back.match?.member.id).toBe(him.member.id);
    const [user1, user2] = [him.member.id, other.id].sort() as [string, string];
    const pair = await t.app.ctx.db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.user1Id, user1), eq(matches.user2Id, user2)));
    expect(pair.map((m) => m.id)).toEqual([back.match?.id]);
  });

  it('notifies a super like at most once per pair per day, however often it is taken back and given again', async () => {
    const { session } = await man({ tier: 2 });
    const target = await woman({ tier: 2 });
    const other = await man({ tier: 2 });
    for (let i = 0; i < 3; i += 1) {
      expect((await swipe(session, target.id, 'up')).statusCode).toBe(200);
      expect((await request(t.app, 'DELETE', `/api/favorites/${target.id}`, { session })).statusCode).toBe(
        204,
      );
    }
    expect((await swipe(other.session, target.id, 'up')).statusCode).toBe(200);
    const superLikes = (await notificationsOf(target.id)).filter((n) => n.title === 'Super Like!');
    expect(superLikes).toHaveLength(2);
  });

  it('reopens an expired match when a like meets a like again (after a Remove), as new', async () => {
    const cases = [
      ['right', 'expired'],
      ['up', 'expired'],
      // Its 48 hours are over, but the expiry job (once a minute) has not closed it yet.
      ['right', 'overdue'],
    ] as const;
    for (const [direction, state] of cases) {
      const him = await man({ tier: 2 });
      const her = await signedInMember(t.app, { userType: 'women', tier: 2 });
      // A super like puts her in his favourites (Remove takes it back).
      await swipe(him.session, her.member.id, 'up');
      const first = (await swipe(her.session, him.member.id, 'right')).json().match;
      expect(first).not.toBeNull();
      // She wrote once; he never answered, and 48 hours passed.
      const sent = await request(t.app, 'POST', `/api/matches/${first.id}/messages`, {
        session: her.session,
        body: { id: randomUUID(), content: 'Hello?' },
      });
      expect(sent.statusCode).toBe(201);
      await t.app.ctx.db
        .update(matches)
        .set(
          state === 'expired'
            ? { status: 'expired' }
            : { expiresAt: new Date(Date.now() - 60_000), createdAt: new Date(Date.now() - 49 * 3_600_000) },
        )
        .where(eq(matches.id, first.id));
      const removed = await request(t.app, 'DELETE', `/api/favorites/${her.member.id}`, {
        session: him.session,
      });
      expect(removed.statusCode).toBe(204);
      const again = await swipe(him.session, her.member.id, direction);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().match).toMatchObject({ id: first.id });
      const [row] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, first.id));
      // New: open for 48 hours, first in the list, and her old message does not count as the first
      // of a conversation (his answer alone does not start one).
      expect(row).toMatchObject({ status: 'active', lastMessageAt: null, lastSenderId: null });
      expect((row?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(47 * 3_600_000);
      await request(t.app, 'POST', `/api/matches/${first.id}/messages`, {
        session: him.session,
        body: { id: randomUUID(), content: 'Sorry, I was away' },
      });
      const [after] = await t.app.ctx.db.select().from(matches).where(eq(matches.id, first.id));
      expect(after?.conversationStartedAt).toBeNull();
      expect((await notificationsOf(her.member.id)).filter((n) => n.type === 'match')).toHaveLength(2);
    }
  });

  it('tells the target of a plain like once, without naming who, unless she turned match notices off', async () => {
    const { session } = await man();
    const target = await woman();
    const other = await man();
    const likes = () => notificationsOf(target.id).then((all) => all.filter((n) => n.title === 'New Like'));
    const events: BusMessage[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe((m) => m.kind === 'deliver' && events.push(m));
    expect((await swipe(session, target.id, 'right')).statusCode).toBe(200);
    unsubscribe();
    // Announced live as written, to her alone.
    const [stored] = await t.app.ctx.db
      .select({ id: notifications.id, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, target.id));
    expect(events).toEqual([
      {
        kind: 'deliver',
        userIds: [target.id],
        event: {
          type: 'notification.created',
          id: expect.stringMatching(/^\d+\.0$/), // its outbox row's, decision 034
          payload: {
            id: stored?.id,
            type: 'like',
            title: 'New Like',
            message: 'Someone liked you',
            link: '/app',
            is_read: false,
            created_at: stored?.createdAt.toISOString(),
            actor: null,
          },
        },
        positions: { [target.id]: expect.any(Number) }, // her stream's, decision 064
      },
    ]);
    expect((await swipe(session, target.id, 'right')).statusCode).toBe(409);
    expect(await likes()).toEqual([
      { type: 'like', title: 'New Like', message: 'Someone liked you', actorId: null, link: '/app' },
    ]);
    expect((await swipe(other.session, target.id, 'right')).statusCode).toBe(200);
    expect(await likes()).toHaveLength(2);

    const quiet = await woman();
    await turnOffMatchNotices(quiet.id);
    expect((await swipe(session, quiet.id, 'right')).statusCode).toBe(200);
    expect(await notificationsOf(quiet.id)).toEqual([]);
    // A super like, which spends the allowance, is held to the same rule.
    const quieter = await woman();
    await turnOffMatchNotices(quieter.id);
    expect((await swipe(session, quieter.id, 'up')).statusCode).toBe(200);
    expect(await notificationsOf(quieter.id)).toEqual([]);
  });

  it("commits a swipe of its own asynchronously, but never changes a caller's transaction", async () => {
    const { member } = await man();
    const actor = await actorFor(t.app, member);
    const [first, second] = [await woman(), await woman()];
    const setting = (db: { execute: typeof t.app.ctx.db.execute }) =>
      db
        .execute<{ synchronous_commit: string }>(sql`show synchronous_commit`)
        .then((r) => r.rows[0]?.synchronous_commit);
    await t.app.ctx.transact(async (work) => {
      await recordSwipe(t.app.ctx, { actor, input: { target_id: first.id, direction: 'right' }, work });
      expect(await setting(work.tx)).toBe('on');
    });
    await t.app.ctx.transact(async (work) => {
      await work.tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
      // The swipe's own statement, run inside a transaction, shows what it sets for its commit.
      await recordSwipe(t.app.ctx, { actor, input: { target_id: second.id, direction: 'right' }, work });
      expect(await setting(work.tx)).toBe('off');
    });
    expect(await setting(t.app.ctx.db)).toBe('on');
  });

  it('keeps like_count true: likes and super likes count, passes do not', async () => {
    const target = await woman();
    const a = await man();
    const b = await man();
    const c = await man();
    await swipe(a.session, target.id, 'right');
    await swipe(b.session, target.id, 'up');
    await swipe(c.session, target.id, 'left');
    expect((await profileCounts(t.app, target.id)).likeCount).toBe(2);
  });
});

describe('likes and passes written together (decision 021)', () => {
  /** Swipes given in one turn of the event loop: they go out as one batch. */
  const together = (...swipes: Array<[TestMember, string, 'left' | 'right']>) =>
    Promise.all(
      swipes.map(async ([member, target_id, direction]) => {
        const actor = await actorFor(t.app, member);
        return { actor, input: { target_id, direction } };
      }),
    ).then((calls) =>
      Promise.allSettled(calls.map(({ actor, input }) => recordSwipe(t.app.ctx, { actor, input }))),
    );
  const codeOf = (outcome: PromiseSettledResult<unknown>) =>
    outcome.status === 'rejected' ? (outcome.reason as { code?: string }).code : 'ok';

  it('two likes of one pair in one batch: the later makes the match, as one after the other would', async () => {
    const events: BusMessage[] = [];
    const unsubscribe = t.app.ctx.bus.subscribe((m) => events.push(m));
    try {
      const him = await createMember(t.app, { userType: 'men', name: 'Matteo' });
      const her = await createMember(t.app, { userType: 'women', name: 'Chiara' });
      const [first, second] = await together([him, her.id, 'right'], [her, him.id, 'right']);
      if (first?.status !== 'fulfilled' || second?.status !== 'fulfilled')
        throw new Error('both should pass');
      expect(first.value.match).toBeNull();
      expect(second.value.match?.member.name).toBe('Matteo');

      const pair = await t.app.ctx.db
        .select()
        .from(matches)
        .where(eq(matches.user1Id, [him.id, her.id].sort()[0] as string));
      expect(pair).toHaveLength(1);
      expect(pair[0]?.id).toBe(second.value.match?.id);
      // His like told her (anonymously); hers made the match, so its own like notice is not written.
      expect((await notificationsOf(her.id)).map((n) => n.type)).toEqual(['like', 'match']);
      expect(await notificationsOf(him.id)).toEqual([
        {
          type: 'match',
          title: "It's a Match!",
          message: 'You and Chiara liked each other!',
          actorId: her.id,
          link: '/messages',
        },
      ]);
      const delivered = events.flatMap((e) => (e.kind === 'deliver' ? [e] : []));
      expect(
        delivered
          .filter((e) => e.event.type === 'match.created')
          .flatMap((e) => e.userIds)
          .sort(),
      ).toEqual([him.id, her.id].sort());
      expect(
        delivered
          .filter((e) => e.event.type === 'notification.created')
          .flatMap((e) => e.userIds)
          .sort(),
      ).toEqual([him.id, her.id, her.id].sort());
      expect((await profileCounts(t.app, him.id)).likeCount).toBe(1);
      expect((await profileCounts(t.app, her.id)).likeCount).toBe(1);
    } finally {
      unsubscribe();
    }
  });

  it('a pair twice in one batch: the second is a repeat; each refusal is its own', async () => {
    const him = await createMember(t.app, { userType: 'men', tier: 2 });
    const target = await createMember(t.app, { userType: 'women' });
    const locked = await createMember(t.app, { userType: 'women', tier: 4 });
    const sameType = await createMember(t.app, { userType: 'men' });
    const hidden = await createMember(t.app, { userType: 'women' });
    await setVisibility(t.app, hidden.id, 'private');
    const passed = await createMember(t.app, { userType: 'women' });

    const outcomes = await together(
      [him, target.id, 'right'],
      [him, locked.id, 'right'],
      [him, target.id, 'right'],
      [him, sameType.id, 'right'],
      [him, hidden.id, 'right'],
      [him, passed.id, 'left'],
    );
    expect(outcomes.map(codeOf)).toEqual([
      'ok',
      'LOCKED_PROFILE',
      'ALREADY_SWIPED',
      'FORBIDDEN',
      'PROFILE_NOT_FOUND',
      'ok',
    ]);
    const written = await t.app.ctx.db
      .select({ target: swipeActions.targetId, direction: swipeActions.direction })
      .from(swipeActions)
      .where(eq(swipeActions.swiperId, him.id))
      .orderBy(swipeActions.createdAt);
    // Each written at its own moment, in arrival order: lists ordered by time keep the batch's order.
    expect(written.map((w) => `${w.target}:${w.direction}`)).toEqual([
      `${target.id}:right`,
      `${passed.id}:left`,
    ]);
    expect((await profileCounts(t.app, target.id)).likeCount).toBe(1);
    expect(await notificationsOf(target.id)).toHaveLength(1);
    expect(await notificationsOf(passed.id)).toEqual([]);
  });

  it('a batch the database refuses is written one swipe at a time: only the swipe at fault fails', async () => {
    const him = await createMember(t.app, { userType: 'men' });
    const [a, poisoned, b] = [
      await createMember(t.app, { userType: 'women' }),
      await createMember(t.app, { userType: 'women' }),
      await createMember(t.app, { userType: 'women' }),
    ];
    await t.app.ctx.db.execute(
      sql.raw(`create function refuse_poisoned() returns trigger language plpgsql as $$
      begin if new.target_id = '${poisoned.id}' then raise exception 'poisoned'; end if; return new; end $$`),
    );
    await t.app.ctx.db.execute(
      sql`create trigger refuse_poisoned before insert on swipe_actions for each row execute function refuse_poisoned()`,
    );
    const warnings: unknown[] = [];
    const warn = t.app.ctx.log.warn;
    t.app.ctx.log.warn = ((...args: unknown[]) => void warnings.push(args)) as typeof warn;
    try {
      const outcomes = await together([him, a.id, 'right'], [him, poisoned.id, 'right'], [him, b.id, 'left']);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(warnings).toHaveLength(1);
    } finally {
      t.app.ctx.log.warn = warn;
      await t.app.ctx.db.execute(sql`drop trigger refuse_poisoned on swipe_actions`);
      await t.app.ctx.db.execute(sql`drop function refuse_poisoned()`);
    }
    const written = await t.app.ctx.db
      .select({ target: swipeActions.targetId })
      .from(swipeActions)
      .where(eq(swipeActions.swiperId, him.id));
    expect(written.map((w) => w.target).sort()).toEqual([a.id, b.id].sort());
    expect((await profileCounts(t.app, a.id)).likeCount).toBe(1);
  });
});
