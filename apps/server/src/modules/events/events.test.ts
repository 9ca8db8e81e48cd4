import {
  EVENT_CITY_REQUIRED_TEXT,
  EVENT_MAX_GUESTS_TEXT,
  EVENT_NAME_REQUIRED_TEXT,
  EVENT_TIERS_REQUIRED_TEXT,
  type EventBody,
  eventCardSchema,
  eventGuestsSchema,
  eventsPageSchema,
  freakoffStartAfter,
  instantToLocal,
  localToInstant,
  rsvpReplySchema,
  type TierLevel,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { eventPhotos, eventRsvps, events, notifications, profiles, userBlocks } from '../../db/schema';

// Events (issue 36, decision 058): the list and details, the managers' form, RSVP with capacity and
// the waiting list, the guest list, and the notifications they send.
const t = useTestApp();

const DAY_MS = 86_400_000;
const MIAMI = 'America/New_York';

/** A valid form for Miami, `days` from now at 21:00 local time. */
function form(overrides: Partial<EventBody> = {}, days = 7): EventBody {
  const { date } = instantToLocal(new Date(Date.now() + days * DAY_MS), MIAMI);
  return {
    name: 'Velvet Night',
    description: 'Champagne and a string quartet',
    venue: 'The Aurelian Rooftop',
    address: '901 Brickell Ave',
    city: 'Miami, FL',
    date,
    time: '21:00',
    tiers_required: [1, 2, 3, 4],
    max_guests: 100,
    ...overrides,
  };
}

const manager = () => signedInMember(t.app, { tier: 0, roles: ['user', 'promoter'] });
const create = (session: Session | null, body: unknown) =>
  request(t.app, 'POST', '/api/events', { session, body });
const update = (session: Session | null, id: string, body: unknown) =>
  request(t.app, 'PATCH', `/api/events/${id}`, { session, body });
const rsvp = (session: Session | null, id: string) =>
  request(t.app, 'POST', `/api/events/${id}/rsvp`, { session });
const unrsvp = (session: Session | null, id: string) =>
  request(t.app, 'DELETE', `/api/events/${id}/rsvp`, { session });
const guests = (session: Session | null, id: string) =>
  request(t.app, 'GET', `/api/events/${id}/guests`, { session });
const getOne = (session: Session | null, id: string) =>
  request(t.app, 'GET', `/api/events/${id}`, { session });

async function newEvent(overrides: Partial<EventBody> = {}, days = 7) {
  const { session } = await manager();
  const res = await create(session, form(overrides, days));
  expect(res.statusCode, res.body).toBe(201);
  return { card: eventCardSchema.parse(res.json()), managerSession: session };
}

async function eventNotices(userId: string) {
  return t.app.ctx.db
    .select({ title: notifications.title, link: notifications.link, type: notifications.type })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

describe('the managers’ form', () => {
  it('stores the city as "Name, ST" with its zone, the time read in it, and the Freakoff start after it', async () => {
    const { card } = await newEvent({ freakoff_time: '02:00' });
    const body = form();
    const start = localToInstant(body.date, '21:00', MIAMI);
    expect(card).toMatchObject({
      city: 'Miami, FL',
      time_zone: MIAMI,
      date_time: start.toISOString(),
      freakoff_start_time: freakoffStartAfter(start, MIAMI).toISOString(),
      guests_count: 0,
      waitlist_count: 0,
      status: 'upcoming',
      locked: false,
      can_manage: true,
      my_rsvp: null,
    });
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, card.id));
    expect(row).toMatchObject({ city: 'Miami, FL', timeZone: MIAMI, status: 'upcoming' });
  });

  it('refuses signed-out callers (401) and members who are neither admins nor promoters (403)', async () => {
    const { card } = await newEvent();
    const member = await signedInMember(t.app, { tier: 4 });
    expect((await create(null, form())).statusCode).toBe(401);
    expect((await create(member.session, form())).statusCode).toBe(403);
    expect((await update(member.session, card.id, form())).statusCode).toBe(403);
    const del = await request(t.app, 'DELETE', `/api/events/${card.id}`, { session: member.session });
    expect(del.statusCode).toBe(403);
    expect((await request(t.app, 'GET', '/api/events')).statusCode).toBe(401);
    expect((await rsvp(null, card.id)).statusCode).toBe(401);
    expect((await unrsvp(null, card.id)).statusCode).toBe(401);
    expect((await guests(null, card.id)).statusCode).toBe(401);
    expect((await getOne(null, card.id)).statusCode).toBe(401);
    const admin = await signedInMember(t.app, { tier: 0, roles: ['user', 'admin'] });
    expect((await create(admin.session, form())).statusCode).toBe(201);
  });

  it('refuses bad input with the form’s own words', async () => {
    const { session } = await manager();
    for (const [body, message] of [
      [form({ name: '  ' }), EVENT_NAME_REQUIRED_TEXT],
      [form({ city: 'Paris, FR' }), EVENT_CITY_REQUIRED_TEXT],
      [form({ tiers_required: [] }), EVENT_TIERS_REQUIRED_TEXT],
      [form({ max_guests: 0 }), EVENT_MAX_GUESTS_TEXT],
    ] as const) {
      const res = await create(session, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
  });

  it('answers 404 Event Not Found for an unknown event, on every route', async () => {
    const { session } = await manager();
    const member = await signedInMember(t.app);
    for (const res of [
      await getOne(member.session, MISSING_ID),
      await update(session, MISSING_ID, form()),
      await request(t.app, 'DELETE', `/api/events/${MISSING_ID}`, { session }),
      await rsvp(member.session, MISSING_ID),
      await unrsvp(member.session, MISSING_ID),
      await guests(member.session, MISSING_ID),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'EVENT_NOT_FOUND', message: 'Event Not Found' });
    }
  });

  it('refuses lowering max guests below those going, and tells guests of a new time', async () => {
    const { card, managerSession } = await newEvent({ max_guests: 3 });
    const members = await Promise.all([1, 2].map(() => signedInMember(t.app)));
    for (const m of members) expect((await rsvp(m.session, card.id)).statusCode).toBe(200);

    const lower = await update(managerSession, card.id, form({ max_guests: 1 }));
    expect(lower.statusCode).toBe(409);
    expect(lower.json().error.code).toBe('EVENT_OVER_CAPACITY');

    const moved = await update(managerSession, card.id, form({ max_guests: 2, time: '22:30' }));
    expect(moved.statusCode, moved.body).toBe(200);
    for (const m of members) {
      expect(await eventNotices(m.member.id)).toContainEqual({
        title: 'Event Updated',
        link: `/events/${card.id}`,
        type: 'event',
      });
    }
  });

  it('cancelling through the form notifies guests and the waiting list, and closes RSVPs', async () => {
    const { card, managerSession } = await newEvent({ max_guests: 1 });
    const going = await signedInMember(t.app);
    const waiting = await signedInMember(t.app);
    await rsvp(going.session, card.id);
    await rsvp(waiting.session, card.id);

    const res = await update(managerSession, card.id, form({ max_guests: 1, cancelled: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(eventCardSchema.parse(res.json()).status).toBe('cancelled');
    for (const m of [going, waiting]) {
      expect((await eventNotices(m.member.id)).map((n) => n.title)).toContain('Event Cancelled');
    }
    const late = await rsvp((await signedInMember(t.app)).session, card.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('EVENT_CLOSED');
  });

  it('deletes an event (204) and tells its guests it is cancelled', async () => {
    const { card, managerSession } = await newEvent();
    const guest = await signedInMember(t.app);
    await rsvp(guest.session, card.id);
    const res = await request(t.app, 'DELETE', `/api/events/${card.id}`, { session: managerSession });
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.app.ctx.db.select().from(events).where(eq(events.id, card.id))).toEqual([]);
    expect((await eventNotices(guest.member.id)).map((n) => n.title)).toContain('Event Cancelled');
    expect((await getOne(guest.session, card.id)).statusCode).toBe(404);
  });
});

describe('tier gating', () => {
  const requiredSets: TierLevel[][] = [[1], [2], [3], [4], [1, 2], [2, 3, 4], [3, 4], [1, 2, 3, 4], [1, 4]];

  it('opens and RSVPs only for members whose tier is required, for every tier 0–4', async () => {
    const created = [];
    for (const tiers of requiredSets) {
      created.push({
        tiers,
        card: (await newEvent({ tiers_required: tiers as EventBody['tiers_required'] })).card,
      });
    }
    for (const tier of [0, 1, 2, 3, 4] as TierLevel[]) {
      const me = await signedInMember(t.app, { tier });
      const page = eventsPageSchema.parse(
        (await request(t.app, 'GET', '/api/events?limit=50', { session: me.session })).json(),
      );
      for (const { tiers, card } of created) {
        const allowed = tier > 0 && tiers.includes(tier);
        const label = `tier ${tier} at [${tiers.join(',')}]`;
        const listed = page.items.find((c) => c.id === card.id);
        expect(listed?.locked, label).toBe(!allowed);
        const details = await getOne(me.session, card.id);
        const reply = await rsvp(me.session, card.id);
        if (allowed) {
          expect(details.statusCode, label).toBe(200);
          expect(reply.statusCode, label).toBe(200);
          expect(rsvpReplySchema.parse(reply.json()).event.my_rsvp?.status, label).toBe('going');
        } else {
          const message = `Tier ${Math.min(...tiers)}+ Required`;
          expect(details.statusCode, label).toBe(403);
          expect(details.json().error, label).toMatchObject({ code: 'TIER_REQUIRED', message });
          expect(reply.statusCode, label).toBe(403);
          expect(reply.json().error, label).toMatchObject({ code: 'TIER_REQUIRED', message });
        }
      }
    }
  });

  it('shows a locked card without its description, address or photos', async () => {
    const { card } = await newEvent({ tiers_required: [4] });
    const [photo] = await t.app.ctx.db
      .insert(eventPhotos)
      .values({ eventId: card.id, position: 0, keyLarge: 'l.webp', keySmall: 's.webp', width: 8, height: 8 })
      .returning({ id: eventPhotos.id });
    const me = await signedInMember(t.app, { tier: 2 });
    const page = eventsPageSchema.parse(
      (await request(t.app, 'GET', '/api/events?limit=50', { session: me.session })).json(),
    );
    expect(page.items.find((c) => c.id === card.id)).toMatchObject({
      locked: true,
      lowest_tier: 4,
      description: null,
      address: null,
      photos: [],
      name: 'Velvet Night',
      venue: 'The Aurelian Rooftop',
    });
    const vip = await signedInMember(t.app, { tier: 4 });
    expect(eventCardSchema.parse((await getOne(vip.session, card.id)).json())).toMatchObject({
      locked: false,
      photos: [`/api/events/${card.id}/photos/${photo?.id}?size=large`],
      address: '901 Brickell Ave',
    });
  });

  it('lets managers open any event, but RSVP only where their own tier allows', async () => {
    const { card, managerSession } = await newEvent({ tiers_required: [3] });
    expect((await getOne(managerSession, card.id)).statusCode).toBe(200);
    expect((await rsvp(managerSession, card.id)).statusCode).toBe(403);
  });
});

describe('RSVP and the waiting list', () => {
  it('seats members while there is room, then queues them; cancelling promotes the queue in order', async () => {
    const { card } = await newEvent({ max_guests: 2 });
    const members: Awaited<ReturnType<typeof signedInMember>>[] = [];
    for (let i = 0; i < 5; i++) members.push(await signedInMember(t.app));
    const replies = [];
    const m = (i: number) => {
      const member = members[i];
      if (!member) throw new Error(`no member ${i}`);
      return member;
    };
    for (const member of members)
      replies.push(rsvpReplySchema.parse((await rsvp(member.session, card.id)).json()).event);
    expect(replies.map((r) => r.my_rsvp?.status)).toEqual([
      'going',
      'going',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    expect(replies.map((r) => r.my_rsvp?.waitlist_position)).toEqual([null, null, 1, 2, 3]);
    expect(replies[4]).toMatchObject({ guests_count: 2, waitlist_count: 3 });

    // Asking again changes nothing.
    const again = rsvpReplySchema.parse((await rsvp(m(3).session, card.id)).json()).event;
    expect(again.my_rsvp).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });

    const cancelled = rsvpReplySchema.parse((await unrsvp(m(0).session, card.id)).json()).event;
    expect(cancelled).toMatchObject({ my_rsvp: null, guests_count: 2, waitlist_count: 2 });
    await unrsvp(m(1).session, card.id);

    const statuses = await t.app.ctx.db
      .select({ userId: eventRsvps.userId, status: eventRsvps.status })
      .from(eventRsvps)
      .where(eq(eventRsvps.eventId, card.id));
    const statusOf = (i: number) => statuses.find((s) => s.userId === m(i).member.id)?.status;
    expect([0, 1, 2, 3, 4].map(statusOf)).toEqual(['cancelled', 'cancelled', 'going', 'going', 'waitlisted']);
    expect((await eventNotices(m(2).member.id)).map((n) => n.title)).toEqual(['A Seat Opened Up']);
    expect((await eventNotices(m(0).member.id)).map((n) => n.title)).toEqual(['RSVP Confirmed']);

    // A new RSVP after a cancel is a new place at the back of the queue, with a new ticket nonce.
    const [before] = await t.app.ctx.db
      .select({ nonce: eventRsvps.ticketNonce })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, card.id), eq(eventRsvps.userId, m(0).member.id)));
    const back = rsvpReplySchema.parse((await rsvp(m(0).session, card.id)).json()).event;
    expect(back.my_rsvp).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    const [after] = await t.app.ctx.db
      .select({ nonce: eventRsvps.ticketNonce })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, card.id), eq(eventRsvps.userId, m(0).member.id)));
    expect(after?.nonce).not.toBe(before?.nonce);
  });

  it('refuses members checked in from cancelling (409) and members blocked with the host', async () => {
    const { card, managerSession } = await newEvent();
    const arrived = await signedInMember(t.app);
    await rsvp(arrived.session, card.id);
    await t.app.ctx.db
      .update(eventRsvps)
      .set({ status: 'checked_in', checkedInAt: new Date() })
      .where(eq(eventRsvps.userId, arrived.member.id));
    const res = await unrsvp(arrived.session, card.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CONFLICT');

    const blocked = await signedInMember(t.app);
    await t.app.ctx.db
      .insert(userBlocks)
      .values({ blockerId: managerSession.userId, blockedId: blocked.member.id });
    expect((await rsvp(blocked.session, card.id)).statusCode).toBe(403);
  });

  it('lets members with an unconfirmed e-mail RSVP (it costs nothing)', async () => {
    const { card } = await newEvent();
    const me = await signedInMember(t.app, { emailConfirmed: false });
    expect((await rsvp(me.session, card.id)).statusCode).toBe(200);
  });

  it('lists events soonest first, a page at a time, each once', async () => {
    await newEvent({}, 3);
    await newEvent({}, 9);
    const me = await signedInMember(t.app);
    const seen: string[] = [];
    const times: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : 'limit=2';
      const res = await request(t.app, 'GET', `/api/events?${query}`, { session: me.session });
      expect(res.statusCode, res.body).toBe(200);
      const page = eventsPageSchema.parse(res.json());
      seen.push(...page.items.map((c) => c.id));
      times.push(...page.items.map((c) => c.date_time));
      cursor = page.next_cursor;
    } while (cursor);
    const all = eventsPageSchema.parse(
      (await request(t.app, 'GET', '/api/events?limit=50', { session: me.session })).json(),
    );
    expect(seen).toEqual(all.items.map((c) => c.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect([...times].sort()).toEqual(times);
    const bad = await request(t.app, 'GET', '/api/events?cursor=nonsense', { session: me.session });
    expect(bad.statusCode).toBe(400);
  });

  it('does not list ended events', async () => {
    const { card } = await newEvent();
    await t.app.ctx.db
      .update(events)
      .set({ dateTime: new Date(Date.now() - 2 * DAY_MS), freakoffStartTime: null })
      .where(eq(events.id, card.id));
    const me = await signedInMember(t.app);
    const page = eventsPageSchema.parse(
      (await request(t.app, 'GET', '/api/events?limit=50', { session: me.session })).json(),
    );
    expect(page.items.map((c) => c.id)).not.toContain(card.id);
    expect((await rsvp(me.session, card.id)).json().error?.code).toBe('EVENT_CLOSED');
  });
});

describe('the guest list', () => {
  it('is for ticket holders and managers; blocked members left out, ghost and incognito counted only', async () => {
    const { card, managerSession } = await newEvent();
    const viewer = await signedInMember(t.app, { name: 'Viewer' });
    const shown = await signedInMember(t.app, { name: 'Shown' });
    const ghost = await signedInMember(t.app, { name: 'Ghost', tier: 4, ghostMode: true });
    const incognito = await signedInMember(t.app, { name: 'Incognito' });
    const blocker = await signedInMember(t.app, { name: 'Blocker' });
    const blockedByMe = await signedInMember(t.app, { name: 'Blocked' });
    await t.app.ctx.db
      .update(profiles)
      .set({ incognitoMode: true })
      .where(eq(profiles.userId, incognito.member.id));
    await t.app.ctx.db.insert(userBlocks).values([
      { blockerId: blocker.member.id, blockedId: viewer.member.id },
      { blockerId: viewer.member.id, blockedId: blockedByMe.member.id },
    ]);

    // Without a ticket, no list.
    expect((await guests(viewer.session, card.id)).statusCode).toBe(403);
    for (const m of [viewer, shown, ghost, incognito, blocker, blockedByMe]) await rsvp(m.session, card.id);

    const list = eventGuestsSchema.parse((await guests(viewer.session, card.id)).json());
    expect(list.items.map((g) => g.name)).toEqual(['Shown']);
    expect(list.hidden_count).toBe(2);
    expect(JSON.stringify(list)).not.toContain('@');

    const forManager = eventGuestsSchema.parse((await guests(managerSession, card.id)).json());
    expect(forManager.items.map((g) => g.name).sort()).toEqual(['Blocked', 'Blocker', 'Shown', 'Viewer']);
  });
});
