import { AppError, type FreakoffMode, freakoffChoiceReplySchema } from '@royal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { createTestEvent, localEventStart, placeAt } from '../../../test/event-door';
import { actorFor, createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { openCheckoutAs, paySandboxCheckout } from '../../../test/money';
import { boosts, eventRsvps } from '../../db/schema';
import { chooseFreakoffMode } from './freakoff-choice';

// Freakoff (decision 058): from its start in the city's zone (02:00 local by default, across a
// daylight-saving change that night) a checked-in guest chooses Freakoff or Regular; Freakoff needs
// Tier 4 or an After Dark Pass, spent once for the event. The clock is the service's `now`.

const t = useTestApp();
const ZONE = 'America/New_York';
const at = (iso: string) => new Date(iso);

async function guestAt(
  eventId: string,
  options: MemberOptions = {},
  status: 'checked_in' | 'going' = 'checked_in',
) {
  const member = await createMember(t.app, { tier: 2, ...options });
  await placeAt(t.app, eventId, member.id, status);
  return { member, actor: await actorFor(t.app, member) };
}

async function givePass(userId: string, createdAt = new Date()) {
  const [row] = await t.app.ctx.db
    .insert(boosts)
    .values({ userId, boostType: 'after_dark_pass', quantity: 1, remaining: 1, createdAt })
    .returning({ id: boosts.id });
  if (!row) throw new Error('no pass');
  return row.id;
}

const passesOf = (userId: string) =>
  t.app.ctx.db
    .select({ id: boosts.id, remaining: boosts.remaining })
    .from(boosts)
    .where(and(eq(boosts.userId, userId), eq(boosts.boostType, 'after_dark_pass')))
    .orderBy(asc(boosts.createdAt));

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  return 'accepted';
}

type Guest = Awaited<ReturnType<typeof guestAt>>;
const choose = (guest: Guest, eventId: string, mode: FreakoffMode, now: Date) =>
  chooseFreakoffMode(t.app.ctx, { actor: guest.actor, eventId, mode, now });

describe('Freakoff opens at 02:00 in the city, across a daylight-saving change', () => {
  it('spring forward (2026-03-08): 02:00 does not exist, so it opens at 03:00 EDT, five hours in', async () => {
    const event = await createTestEvent(t.app, { dateTime: localEventStart('2026-03-07', '21:00', ZONE) });
    expect(event.dateTime.toISOString()).toBe('2026-03-08T02:00:00.000Z');
    expect(event.freakoffStartTime?.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    const guest = await guestAt(event.id);
    // 01:59:59 EST: still closed.
    expect(await refusal(choose(guest, event.id, 'regular', at('2026-03-08T06:59:59Z')))).toBe(
      'FREAKOFF_NOT_OPEN',
    );
    // 03:00 EDT, the instant after 01:59:59 EST.
    expect(await choose(guest, event.id, 'regular', at('2026-03-08T07:00:00Z'))).toEqual({
      mode: 'regular',
      pass_used: false,
    });
    // Open until the event ends, four hours after Freakoff starts (07:00 EDT), then closed.
    expect(await refusal(choose(guest, event.id, 'regular', at('2026-03-08T10:59:59Z')))).toBe('accepted');
    expect(await refusal(choose(guest, event.id, 'regular', at('2026-03-08T11:00:00Z')))).toBe(
      'FREAKOFF_NOT_OPEN',
    );
  });

  it('fall back (2026-11-01): 01:30 happens twice and is closed both times; 02:00 EST opens it', async () => {
    const event = await createTestEvent(t.app, { dateTime: localEventStart('2026-10-31', '21:00', ZONE) });
    expect(event.dateTime.toISOString()).toBe('2026-11-01T01:00:00.000Z');
    expect(event.freakoffStartTime?.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    const guest = await guestAt(event.id);
    for (const closed of [
      '2026-11-01T05:30:00Z',
      '2026-11-01T06:00:00Z',
      '2026-11-01T06:30:00Z',
      '2026-11-01T06:59:59Z',
    ]) {
      expect(await refusal(choose(guest, event.id, 'regular', at(closed)))).toBe('FREAKOFF_NOT_OPEN');
    }
    expect(await refusal(choose(guest, event.id, 'regular', at('2026-11-01T07:00:00Z')))).toBe('accepted');
  });

  it('is for checked-in guests only, and never for an event without Freakoff or cancelled', async () => {
    const start = localEventStart('2026-10-31', '21:00', ZONE);
    const open = at('2026-11-01T08:00:00Z');
    const event = await createTestEvent(t.app, { dateTime: start });
    const going = await guestAt(event.id, {}, 'going');
    expect(await refusal(choose(going, event.id, 'regular', open))).toBe('FREAKOFF_NOT_OPEN');
    const stranger = { member: await createMember(t.app), actor: going.actor };
    stranger.actor = await actorFor(t.app, stranger.member);
    expect(await refusal(choose(stranger, event.id, 'regular', open))).toBe('FREAKOFF_NOT_OPEN');

    const plain = await createTestEvent(t.app, { dateTime: start, freakoffEnabled: false });
    const inside = await guestAt(plain.id);
    expect(await refusal(choose(inside, plain.id, 'regular', open))).toBe('FREAKOFF_NOT_OPEN');

    const cancelled = await createTestEvent(t.app, { dateTime: start, status: 'cancelled' });
    const there = await guestAt(cancelled.id);
    expect(await refusal(choose(there, cancelled.id, 'regular', open))).toBe('FREAKOFF_NOT_OPEN');
  });
});

describe('entering Freakoff', () => {
  const start = () => localEventStart('2026-03-07', '21:00', ZONE);
  const open = at('2026-03-08T08:00:00Z');

  it('needs Tier 4 or an After Dark Pass; the pass is used once, the oldest first, for this event only', async () => {
    const event = await createTestEvent(t.app, { dateTime: start() });
    const guest = await guestAt(event.id, { tier: 2 });
    expect(await refusal(choose(guest, event.id, 'freakoff', open))).toBe('AFTER_DARK_PASS_REQUIRED');
    expect((await choose(guest, event.id, 'regular', open)).pass_used).toBe(false);

    const oldest = await givePass(guest.member.id, new Date(Date.now() - 86_400_000));
    const newer = await givePass(guest.member.id);
    expect(await choose(guest, event.id, 'freakoff', open)).toEqual({ mode: 'freakoff', pass_used: true });
    expect(await passesOf(guest.member.id)).toEqual([
      { id: oldest, remaining: 0 },
      { id: newer, remaining: 1 },
    ]);
    const [rsvp] = await t.app.ctx.db
      .select({ mode: eventRsvps.freakoffMode, pass: eventRsvps.afterDarkPassId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, guest.member.id)));
    expect(rsvp).toEqual({ mode: 'freakoff', pass: oldest });

    // Back to Regular and into Freakoff again: the pass already paid for this night.
    expect(await choose(guest, event.id, 'regular', open)).toEqual({ mode: 'regular', pass_used: false });
    expect(await choose(guest, event.id, 'freakoff', open)).toEqual({ mode: 'freakoff', pass_used: false });
    expect((await passesOf(guest.member.id)).map((p) => p.remaining)).toEqual([0, 1]);

    // Another night takes the next pass; a third finds none left.
    const second = await createTestEvent(t.app, { dateTime: start() });
    await placeAt(t.app, second.id, guest.member.id, 'checked_in');
    expect((await choose(guest, second.id, 'freakoff', open)).pass_used).toBe(true);
    const third = await createTestEvent(t.app, { dateTime: start() });
    await placeAt(t.app, third.id, guest.member.id, 'checked_in');
    expect(await refusal(choose(guest, third.id, 'freakoff', open))).toBe('AFTER_DARK_PASS_REQUIRED');
  });

  it('is included in Tier 4: a pass the member holds stays unused', async () => {
    const event = await createTestEvent(t.app, { dateTime: start() });
    const vault = await guestAt(event.id, { tier: 4 });
    await givePass(vault.member.id);
    expect(await choose(vault, event.id, 'freakoff', open)).toEqual({ mode: 'freakoff', pass_used: false });
    expect((await passesOf(vault.member.id)).map((p) => p.remaining)).toEqual([1]);

    // A Tier 4 plan that has lapsed includes nothing: it takes a pass like any other.
    const lapsed = await guestAt(event.id, { tier: 4, subscriptionActive: false });
    expect(await refusal(choose(lapsed, event.id, 'freakoff', open))).toBe('AFTER_DARK_PASS_REQUIRED');
    await givePass(lapsed.member.id);
    expect((await choose(lapsed, event.id, 'freakoff', open)).pass_used).toBe(true);
  });

  it('spends one pass when the member chooses Freakoff twice at once', async () => {
    const event = await createTestEvent(t.app, { dateTime: start() });
    const guest = await guestAt(event.id, { tier: 3 });
    await givePass(guest.member.id, new Date(Date.now() - 60_000));
    await givePass(guest.member.id);
    const replies = await Promise.all([
      choose(guest, event.id, 'freakoff', open),
      choose(guest, event.id, 'freakoff', open),
      choose(guest, event.id, 'freakoff', open),
    ]);
    expect(replies.filter((r) => r.pass_used)).toHaveLength(1);
    expect((await passesOf(guest.member.id)).map((p) => p.remaining)).toEqual([0, 1]);
  });
});

describe('POST /events/:id/freakoff', () => {
  it('answers with the choice on the real clock, and refuses the signed out', async () => {
    const now = Date.now();
    const event = await createTestEvent(t.app, {
      dateTime: new Date(now - 5 * 3_600_000),
      freakoffStartTime: new Date(now - 3_600_000),
    });
    const { member, session } = await signedInMember(t.app, { tier: 2 });
    await placeAt(t.app, event.id, member.id, 'checked_in');
    const post = (mode: string, s: typeof session | null = session) =>
      request(t.app, 'POST', `/api/events/${event.id}/freakoff`, { session: s, body: { mode } });

    const needsPass = await post('freakoff');
    expect(needsPass.statusCode, needsPass.body).toBe(403);
    expect(needsPass.json().error).toEqual({
      code: 'AFTER_DARK_PASS_REQUIRED',
      message: 'Freakoff Mode needs Tier 4 or an After Dark Pass',
    });
    // The pass bought as members buy it: the boosts checkout, paid on the sandbox's page.
    const checkoutId = await openCheckoutAs(t.app, session, '/api/boosts/checkout', {
      boost_type: 'after_dark_pass',
    });
    await paySandboxCheckout(t.app, session, checkoutId);
    expect((await passesOf(member.id)).map((p) => p.remaining)).toEqual([1]);
    const entered = await post('freakoff');
    expect(entered.statusCode, entered.body).toBe(200);
    expect(freakoffChoiceReplySchema.parse(entered.json())).toEqual({ mode: 'freakoff', pass_used: true });
    expect((await passesOf(member.id)).map((p) => p.remaining)).toEqual([0]);
    expect((await post('sideways')).statusCode).toBe(400);
    expect((await post('regular', null)).statusCode).toBe(401);

    const later = await createTestEvent(t.app, { dateTime: new Date(now + 3_600_000) });
    await placeAt(t.app, later.id, member.id, 'checked_in');
    const early = await request(t.app, 'POST', `/api/events/${later.id}/freakoff`, {
      session,
      body: { mode: 'regular' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('FREAKOFF_NOT_OPEN');
  });
});
