import {
  ERROR_MESSAGES,
  lockedProfileMessage,
  MESSAGE_TOKEN_REQUIRED_TEXT,
  PACK_NEEDS_ACTIVE_PLAN_TEXT,
  PROFILE_BOOST_HIDDEN_TEXT,
  SUPER_LIKE_LIMIT_TEXT,
  superLikesPerDay,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { setVisibility } from '../../../test/discovery';
import {
  actorFor,
  createMember,
  type MemberOptions,
  signedInMember,
  type TestMember,
} from '../../../test/factories';
import { moneyPost } from '../../../test/money';
import { boosts, checkouts, notifications, superLikeDays, swipeActions } from '../../db/schema';
import { recordSwipe } from './swipes';

// Boosts in use (decision 013): the day's super like allowance, Super Likes Pack tokens, message
// tokens on locked cards, the After Dark Pass on sale, and a bought profile boost first in feeds.

const t = useTestApp();

type Direction = 'left' | 'right' | 'up';
const swipe = (
  session: Session | null,
  target_id: string,
  direction: Direction,
  use_message_token?: boolean,
) =>
  request(t.app, 'POST', '/api/swipes', {
    session,
    body: { target_id, direction, ...(use_message_token === undefined ? {} : { use_message_token }) },
  });
const allowance = async (session: Session) => {
  const res = await request(t.app, 'GET', '/api/discovery/allowance', { session });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const man = (options: MemberOptions = {}) => signedInMember(t.app, { userType: 'men', ...options });
const woman = (options: MemberOptions = {}) => createMember(t.app, { userType: 'women', ...options });

/** Buys a boost through the sandbox checkout, as a member does. */
async function buy(session: Session, boost_type: string) {
  const res = await moneyPost(t.app, '/api/boosts/checkout', session, { boost_type });
  expect(res.statusCode, res.body).toBe(200);
  const pay = await request(
    t.app,
    'POST',
    `/api/payments/sandbox/checkouts/${res.json().checkout_id}/complete`,
    {
      session,
      body: { outcome: 'pay' },
    },
  );
  expect(pay.statusCode, pay.body).toBe(200);
}

async function grant(userId: string, boostType: 'super_likes' | 'message_tokens', quantity: number) {
  await t.app.ctx.db.insert(boosts).values({ userId, boostType, quantity, remaining: quantity });
}

async function swipeCount(swiperId: string) {
  return (await t.app.ctx.db.select().from(swipeActions).where(eq(swipeActions.swiperId, swiperId))).length;
}

function expectError(res: Awaited<ReturnType<typeof swipe>>, status: number, code: string, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
  if (message) expect(res.json().error.message).toBe(message);
}

describe('super likes: the day’s allowance, then tokens', () => {
  it('refuses a super like beyond the allowance with no token, writing nothing; a plain like still works', async () => {
    const { member, session } = await man({ tier: 1 });
    expect(await allowance(session)).toEqual({
      super_likes_per_day: 1,
      super_likes_left_today: 1,
      super_like_tokens: 0,
      message_tokens: 0,
    });
    const [a, b, c] = [await woman({ tier: 1 }), await woman({ tier: 1 }), await woman({ tier: 1 })];
    expect((await swipe(session, a.id, 'up')).statusCode).toBe(200);
    expect((await allowance(session)).super_likes_left_today).toBe(0);

    const refused = await swipe(session, b.id, 'up');
    expectError(refused, 403, 'SUPER_LIKE_LIMIT', SUPER_LIKE_LIMIT_TEXT);
    expect(SUPER_LIKE_LIMIT_TEXT).toBe(
      "You've used today's super likes. Get a Super Likes Pack for 10 more.",
    );
    expect(await swipeCount(member.id)).toBe(1);
    const told = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, b.id));
    expect(told).toEqual([]);

    expect((await swipe(session, b.id, 'right')).statusCode).toBe(200);
    expect((await swipe(session, c.id, 'left')).statusCode).toBe(200);
  });

  it('spends one Super Likes Pack token per super like beyond the allowance, and a repeat spends nothing', async () => {
    const { member, session } = await man({ tier: 2 });
    await buy(session, 'super_likes');
    expect(await allowance(session)).toMatchObject({ super_likes_left_today: 3, super_like_tokens: 10 });
    const targets = [];
    for (let i = 0; i < 5; i += 1) targets.push(await woman({ tier: 2 }));
    for (const target of targets) expect((await swipe(session, target.id, 'up')).statusCode).toBe(200);
    // Three from the allowance, two tokens.
    expect(await allowance(session)).toMatchObject({ super_likes_left_today: 0, super_like_tokens: 8 });
    expectError(await swipe(session, (targets[0] as { id: string }).id, 'up'), 409, 'ALREADY_SWIPED');
    expect((await allowance(session)).super_like_tokens).toBe(8);
    const [day] = await t.app.ctx.db.select().from(superLikeDays).where(eq(superLikeDays.userId, member.id));
    expect(day?.used).toBe(superLikesPerDay(2));
  });

  it('does not give the allowance back when a super like is removed from My Favorites', async () => {
    const { session } = await man({ tier: 1 });
    const target = await woman({ tier: 1 });
    expect((await swipe(session, target.id, 'up')).statusCode).toBe(200);
    const removed = await request(t.app, 'DELETE', `/api/favorites/${target.id}`, { session });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect((await allowance(session)).super_likes_left_today).toBe(0);
    expectError(await swipe(session, target.id, 'up'), 403, 'SUPER_LIKE_LIMIT');
  });

  it('refuses the allowance to a signed-out caller and super likes to tier 0', async () => {
    expect((await request(t.app, 'GET', '/api/discovery/allowance', { session: null })).statusCode).toBe(401);
    const { session } = await man({ tier: 0 });
    expect((await allowance(session)).super_likes_per_day).toBe(0);
    expectError(await swipe(session, (await woman()).id, 'up'), 403, 'TIER_REQUIRED');
  });

  it('uses another member’s tokens never', async () => {
    const rich = await man({ tier: 1 });
    await grant(rich.member.id, 'super_likes', 5);
    const { session } = await man({ tier: 1 });
    expect((await swipe(session, (await woman({ tier: 1 })).id, 'up')).statusCode).toBe(200);
    expectError(await swipe(session, (await woman({ tier: 1 })).id, 'up'), 403, 'SUPER_LIKE_LIMIT');
    expect((await allowance(rich.session)).super_like_tokens).toBe(5);
  });
});

describe('swipes that spend, written together (decision 033)', () => {
  type Call = { target: string; direction: Direction; use_message_token?: boolean };
  /** One member's swipes given in one turn of the event loop: they go out as one batch. */
  const together = async (member: TestMember, calls: Call[]) => {
    const actor = await actorFor(t.app, member);
    const outcomes = await Promise.allSettled(
      calls.map(({ target, ...input }) =>
        recordSwipe(t.app.ctx, { actor, input: { target_id: target, ...input } }),
      ),
    );
    return outcomes.map((o) => (o.status === 'rejected' ? (o.reason as { code?: string }).code : 'ok'));
  };

  it('spend in arrival order as one after the other would: the allowance, then tokens; a repeat or a refusal spends nothing', async () => {
    const member = await createMember(t.app, { userType: 'men', tier: 1 });
    await grant(member.id, 'super_likes', 1);
    const [a, b, c, d] = [
      await woman({ tier: 1 }),
      await woman({ tier: 1 }),
      await woman({ tier: 1 }),
      await woman({ tier: 1 }),
    ];
    const locked = await woman({ tier: 4 });
    expect(
      await together(member, [
        { target: a.id, direction: 'up' },
        { target: locked.id, direction: 'right', use_message_token: true },
        { target: b.id, direction: 'up' },
        { target: a.id, direction: 'up' },
        { target: c.id, direction: 'up' },
        // The refused token like wrote nothing, so a pass of the same member is no repeat.
        { target: locked.id, direction: 'left' },
        { target: d.id, direction: 'right' },
      ]),
    ).toEqual(['ok', 'LOCKED_PROFILE', 'ok', 'ALREADY_SWIPED', 'SUPER_LIKE_LIMIT', 'ok', 'ok']);
    const [day] = await t.app.ctx.db.select().from(superLikeDays).where(eq(superLikeDays.userId, member.id));
    expect(day?.used).toBe(1);
    const [pack] = await t.app.ctx.db.select().from(boosts).where(eq(boosts.userId, member.id));
    expect(pack?.remaining).toBe(0);
    const written = await t.app.ctx.db
      .select({ target: swipeActions.targetId, direction: swipeActions.direction })
      .from(swipeActions)
      .where(eq(swipeActions.swiperId, member.id))
      .orderBy(swipeActions.createdAt);
    expect(written).toEqual([
      { target: a.id, direction: 'up' },
      { target: b.id, direction: 'up' },
      { target: locked.id, direction: 'left' },
      { target: d.id, direction: 'right' },
    ]);
  });
});

describe('message tokens: contacting a higher tier', () => {
  it('refuses a like on a locked card without a token, as before, and with an empty token request', async () => {
    const { session } = await man({ tier: 1 });
    const vault = await woman({ tier: 3 });
    expectError(await swipe(session, vault.id, 'right'), 403, 'LOCKED_PROFILE', lockedProfileMessage(3));
    expectError(
      await swipe(session, vault.id, 'right', true),
      403,
      'LOCKED_PROFILE',
      MESSAGE_TOKEN_REQUIRED_TEXT,
    );
    // A pass is still free.
    expect((await swipe(session, vault.id, 'left')).statusCode).toBe(200);
  });

  it('likes a locked card for one token; the member is told, stays masked, and a like back is a match', async () => {
    const sender = await man({ tier: 1, name: 'Sender' });
    await buy(sender.session, 'message_tokens');
    expect((await allowance(sender.session)).message_tokens).toBe(5);
    const vault = await woman({ tier: 3, name: 'Vault Lady' });

    const liked = await swipe(sender.session, vault.id, 'right', true);
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json()).toEqual({ direction: 'right', target_id: vault.id, match: null });
    expect((await allowance(sender.session)).message_tokens).toBe(4);
    const told = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, vault.id));
    expect(told.map((n) => n.message)).toEqual(['Someone liked you']);

    // Still masked to the sender: the profile page stays restricted.
    const page = await request(t.app, 'GET', `/api/members/${vault.id}`, { session: sender.session });
    expect(page.statusCode).toBe(403);
    expect(page.json().error.code).toBe('PROFILE_RESTRICTED');

    // The higher tier likes back: a normal match.
    const vaultActor = await actorFor(t.app, vault);
    const back = await recordSwipe(t.app.ctx, {
      actor: vaultActor,
      input: { target_id: sender.member.id, direction: 'right' },
    });
    expect(back.match?.member).toMatchObject({ id: sender.member.id, name: 'Sender' });
  });

  it('answers a repeated token like as a repeat, spending nothing, not as a locked card', async () => {
    const { member, session } = await man({ tier: 1 });
    await grant(member.id, 'message_tokens', 5);
    const locked = await woman({ tier: 3 });
    expect((await swipe(session, locked.id, 'left')).statusCode).toBe(200);
    expectError(await swipe(session, locked.id, 'right', true), 409, 'ALREADY_SWIPED');
    const liked = await woman({ tier: 3 });
    expect((await swipe(session, liked.id, 'right', true)).statusCode).toBe(200);
    expectError(await swipe(session, liked.id, 'right', true), 409, 'ALREADY_SWIPED');
    expect((await allowance(session)).message_tokens).toBe(4);
  });

  it('spends nothing on a card the member may see, and a super like on a locked card also needs the allowance', async () => {
    const { member, session } = await man({ tier: 1 });
    await grant(member.id, 'message_tokens', 2);
    expect((await swipe(session, (await woman({ tier: 1 })).id, 'right', true)).statusCode).toBe(200);
    expect((await allowance(session)).message_tokens).toBe(2);
    expect((await swipe(session, (await woman({ tier: 1 })).id, 'up')).statusCode).toBe(200);
    // Allowance used: a super like on a locked card is refused whole, the message token kept.
    const vault = await woman({ tier: 4 });
    expectError(await swipe(session, vault.id, 'up', true), 403, 'SUPER_LIKE_LIMIT');
    expect((await allowance(session)).message_tokens).toBe(2);
    expect(
      await t.app.ctx.db
        .select()
        .from(swipeActions)
        .where(and(eq(swipeActions.swiperId, member.id), eq(swipeActions.targetId, vault.id))),
    ).toEqual([]);
  });
});

describe('boost purchases', () => {
  it('sells the After Dark Pass (one pass, $12.99, for a Freakoff night), and sells nothing to tier 0', async () => {
    const { member, session } = await man({ tier: 2 });
    await buy(session, 'after_dark_pass');
    const passes = await t.app.ctx.db
      .select({ quantity: boosts.quantity, remaining: boosts.remaining })
      .from(boosts)
      .where(and(eq(boosts.userId, member.id), eq(boosts.boostType, 'after_dark_pass')));
    expect(passes).toEqual([{ quantity: 1, remaining: 1 }]);
    const [checkout] = await t.app.ctx.db
      .select({ amountCents: checkouts.amountCents })
      .from(checkouts)
      .where(and(eq(checkouts.userId, member.id), eq(checkouts.boostType, 'after_dark_pass')));
    expect(checkout?.amountCents).toBe(1299);
    const observer = await man({ tier: 0 });
    const refused = await moneyPost(t.app, '/api/boosts/checkout', observer.session, {
      boost_type: 'super_likes',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('TIER_REQUIRED');
    expect(ERROR_MESSAGES.BOOST_UNAVAILABLE.length).toBeGreaterThan(0);
  });

  it('a bought profile boost puts the member first in others’ feeds for 24 hours', async () => {
    const viewer = await man({ tier: 4, ageRange: [18, 65] });
    const recent = await woman({ tier: 1, lastActive: new Date() });
    const buyer = await signedInMember(t.app, {
      userType: 'women',
      tier: 1,
      lastActive: new Date(Date.now() - 100 * 3_600_000),
    });
    const before = (await request(t.app, 'GET', '/api/discovery/feed', { session: viewer.session })).json();
    const ids = (page: { items: { id: string }[] }) => page.items.map((c) => c.id);
    expect(ids(before)).toContain(recent.id);
    expect(ids(before)[0]).not.toBe(buyer.member.id);
    await buy(buyer.session, 'profile_boost');
    const after = (await request(t.app, 'GET', '/api/discovery/feed', { session: viewer.session })).json();
    expect(ids(after)[0]).toBe(buyer.member.id);
  });

  it('sells no Super Likes Pack or Message Tokens to a member whose plan lapsed, who could not spend them', async () => {
    const { session } = await man({ tier: 2, subscriptionEndsAt: new Date(Date.now() - 60_000) });
    for (const boost_type of ['super_likes', 'message_tokens']) {
      const res = await moneyPost(t.app, '/api/boosts/checkout', session, { boost_type });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        code: 'SUBSCRIPTION_INACTIVE',
        message: PACK_NEEDS_ACTIVE_PLAN_TEXT,
      });
    }
    // A Profile Boost still shows the member in others' feeds: it is for sale.
    const boost = await moneyPost(t.app, '/api/boosts/checkout', session, { boost_type: 'profile_boost' });
    expect(boost.statusCode).toBe(200);
  });

  it('sells no profile boost to a member whose profile is hidden, since it could not show it', async () => {
    const ghost = await signedInMember(t.app, { userType: 'women', tier: 4, ghostMode: true });
    const hidden = await signedInMember(t.app, { userType: 'women', tier: 1 });
    await setVisibility(t.app, hidden.member.id, 'private');
    for (const { session } of [ghost, hidden]) {
      const res = await moneyPost(t.app, '/api/boosts/checkout', session, { boost_type: 'profile_boost' });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({ code: 'BOOST_UNAVAILABLE', message: PROFILE_BOOST_HIDDEN_TEXT });
      // Packs work whatever the visibility.
      const pack = await moneyPost(t.app, '/api/boosts/checkout', session, { boost_type: 'super_likes' });
      expect(pack.statusCode).toBe(200);
    }
  });

  it('a second profile boost bought while the first runs adds its 24 hours after it', async () => {
    const { member, session } = await signedInMember(t.app, { userType: 'women', tier: 1 });
    await buy(session, 'profile_boost');
    await buy(session, 'profile_boost');
    const ends = (
      await t.app.ctx.db
        .select({ until: boosts.activeUntil })
        .from(boosts)
        .where(and(eq(boosts.userId, member.id), eq(boosts.boostType, 'profile_boost')))
    )
      .map((b) => b.until?.getTime() ?? 0)
      .sort();
    const DAY_MS = 24 * 3_600_000;
    expect(ends).toHaveLength(2);
    expect(Math.abs((ends[1] as number) - (ends[0] as number) - DAY_MS)).toBeLessThan(1000);
    expect(Math.abs((ends[1] as number) - Date.now() - 2 * DAY_MS)).toBeLessThan(60_000);
  });
});

// PGlite has a single connection, so only PostgreSQL can interleave two transactions.
describe.skipIf(!onPostgres)('racing for the last allowance or token (PostgreSQL)', () => {
  it('two super likes at once with one token left: exactly one succeeds', async () => {
    for (let round = 0; round < 5; round += 1) {
      const member = await createMember(t.app, { userType: 'men', tier: 1 });
      const actor = await actorFor(t.app, member);
      await grant(member.id, 'super_likes', 1);
      // Use the day's allowance first.
      await recordSwipe(t.app.ctx, {
        actor,
        input: { target_id: (await woman({ tier: 1 })).id, direction: 'up' },
      });
      const [a, b] = [await woman({ tier: 1 }), await woman({ tier: 1 })];
      const outcomes = await Promise.allSettled(
        [a, b].map((target) =>
          recordSwipe(t.app.ctx, { actor, input: { target_id: target.id, direction: 'up' } }),
        ),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
      expect(refused.reason.code).toBe('SUPER_LIKE_LIMIT');
      const [left] = await t.app.ctx.db.select().from(boosts).where(eq(boosts.userId, member.id));
      expect(left?.remaining).toBe(0);
      expect(await swipeCount(member.id)).toBe(2);
    }
  });

  it('ten super likes at once at tier 2 without tokens: exactly the day’s three succeed', async () => {
    const member = await createMember(t.app, { userType: 'men', tier: 2 });
    const actor = await actorFor(t.app, member);
    const targets = [];
    for (let i = 0; i < 10; i += 1) targets.push(await woman({ tier: 2 }));
    const outcomes = await Promise.allSettled(
      targets.map((target) =>
        recordSwipe(t.app.ctx, { actor, input: { target_id: target.id, direction: 'up' } }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(await swipeCount(member.id)).toBe(3);
  });

  it('two locked likes at once with one message token: exactly one succeeds', async () => {
    const member = await createMember(t.app, { userType: 'men', tier: 1 });
    const actor = await actorFor(t.app, member);
    await grant(member.id, 'message_tokens', 1);
    const [a, b] = [await woman({ tier: 3 }), await woman({ tier: 4 })];
    const outcomes = await Promise.allSettled(
      [a, b].map((target) =>
        recordSwipe(t.app.ctx, {
          actor,
          input: { target_id: target.id, direction: 'right', use_message_token: true },
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await swipeCount(member.id)).toBe(1);
  });

  it('swipes in their own transactions race as batches of different instances would: each pack token spent once', async () => {
    const member = await createMember(t.app, { userType: 'men', tier: 1 });
    const actor = await actorFor(t.app, member);
    await grant(member.id, 'message_tokens', 3);
    await grant(member.id, 'super_likes', 3);
    await recordSwipe(t.app.ctx, {
      actor,
      input: { target_id: (await woman({ tier: 1 })).id, direction: 'up' },
    });
    const inputs = [];
    for (let i = 0; i < 4; i += 1)
      inputs.push({
        target_id: (await woman({ tier: 4 })).id,
        direction: 'right' as const,
        use_message_token: true,
      });
    for (let i = 0; i < 4; i += 1)
      inputs.push({ target_id: (await woman({ tier: 1 })).id, direction: 'up' as const });
    // Inside a caller's transaction a swipe is a batch of one on it: each on its own connection.
    const outcomes = await Promise.allSettled(
      inputs.map((input) => t.app.ctx.transact((work) => recordSwipe(t.app.ctx, { actor, input, work }))),
    );
    const codes = outcomes.map((o) =>
      o.status === 'rejected' ? (o.reason as { code?: string }).code : 'ok',
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(6);
    expect(codes.filter((code) => code !== 'ok').sort()).toEqual(['LOCKED_PROFILE', 'SUPER_LIKE_LIMIT']);
    const left = await t.app.ctx.db.select().from(boosts).where(eq(boosts.userId, member.id));
    expect(left.map((b) => b.remaining)).toEqual([0, 0]);
    expect(await swipeCount(member.id)).toBe(7);
  });

  it('tokens left in a pack are not refused because another swipe holds the pack at that moment', async () => {
    const member = await createMember(t.app, { userType: 'men', tier: 1 });
    const actor = await actorFor(t.app, member);
    await grant(member.id, 'message_tokens', 5);
    await grant(member.id, 'super_likes', 5);
    // The day's super like allowance first, so the super likes below spend pack tokens.
    await recordSwipe(t.app.ctx, {
      actor,
      input: { target_id: (await woman({ tier: 1 })).id, direction: 'up' },
    });
    const locked = [];
    for (let i = 0; i < 4; i += 1) locked.push(await woman({ tier: 4 }));
    const open = [];
    for (let i = 0; i < 4; i += 1) open.push(await woman({ tier: 1 }));
    const outcomes = await Promise.allSettled([
      ...locked.map((target) =>
        recordSwipe(t.app.ctx, {
          actor,
          input: { target_id: target.id, direction: 'right', use_message_token: true },
        }),
      ),
      ...open.map((target) =>
        recordSwipe(t.app.ctx, { actor, input: { target_id: target.id, direction: 'up' } }),
      ),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    const left = await t.app.ctx.db.select().from(boosts).where(eq(boosts.userId, member.id));
    expect(left.map((b) => [b.boostType, b.remaining]).sort()).toEqual([
      ['message_tokens', 1],
      ['super_likes', 1],
    ]);
    expect(await swipeCount(member.id)).toBe(9);
  });
});
