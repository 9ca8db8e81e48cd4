import { randomUUID } from 'node:crypto';
import { checkInReplySchema, eventArrivalsSchema, eventTicketSchema } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { createTestEvent, localEventStart, placeAt } from '../../../test/event-door';
import { signedInMember } from '../../../test/factories';
import { eventRsvps, events, notifications } from '../../db/schema';
import { remindStartingEvents } from './reminders';
import { parseTicketCode, ticketCode } from './ticket-code';

// The door (issue 36, decision 058): a member's signed ticket and calendar file, the managers'
// check-in and door list, and the reminder two hours before the start.

const t = useTestApp();

const member = (options: Parameters<typeof signedInMember>[1] = {}) => signedInMember(t.app, options);
const promoter = () => member({ tier: 1, roles: ['user', 'promoter'] });
const admin = () => member({ tier: 0, roles: ['user', 'admin'] });

const ticket = (session: Session | null, eventId: string) =>
  request(t.app, 'GET', `/api/events/${eventId}/ticket`, { session });
const checkIn = (session: Session | null, eventId: string, code: string) =>
  request(t.app, 'POST', `/api/events/${eventId}/check-in`, { session, body: { code } });
const arrivals = (session: Session | null, eventId: string) =>
  request(t.app, 'GET', `/api/events/${eventId}/arrivals`, { session });

/** A member going to the event, with their ticket's code. */
async function guest(eventId: string, options: Parameters<typeof signedInMember>[1] = {}) {
  const signedIn = await member({ tier: 2, ...options });
  await placeAt(t.app, eventId, signedIn.member.id);
  const res = await ticket(signedIn.session, eventId);
  expect(res.statusCode, res.body).toBe(200);
  return { ...signedIn, code: eventTicketSchema.parse(res.json()).code };
}

function expectError(res: Awaited<ReturnType<typeof ticket>>, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.code).toBe(code);
}

describe('the ticket', () => {
  it('gives a member going a signed code and its QR image, and nobody else a ticket', async () => {
    const event = await createTestEvent(t.app);
    const going = await guest(event.id);
    const res = await ticket(going.session, event.id);
    const body = eventTicketSchema.parse(res.json());
    expect(body).toMatchObject({ event_id: event.id, status: 'going', checked_in_at: null });
    expect(body.code).toMatch(/^RC1\.[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$/);
    expect(body.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // The nonce in the code is the RSVP's, never a member id.
    const [rsvp] = await t.app.ctx.db
      .select({ nonce: eventRsvps.ticketNonce })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, going.member.id)));
    expect(parseTicketCode(body.code)?.nonce).toBe(rsvp?.nonce);
    expect(body.code).not.toContain(going.member.id);

    const waiting = await member({ tier: 2 });
    await placeAt(t.app, event.id, waiting.member.id, 'waitlisted');
    expectError(await ticket(waiting.session, event.id), 404, 'NOT_FOUND');
    expectError(await ticket((await member()).session, event.id), 404, 'NOT_FOUND');
    expectError(await ticket(going.session, randomUUID()), 404, 'EVENT_NOT_FOUND');
    expectError(await ticket(null, event.id), 401, 'UNAUTHENTICATED');
  });

  it('downloads the event as an iCalendar file in its own zone', async () => {
    const start = localEventStart('2026-12-05', '21:30', 'America/Los_Angeles');
    const event = await createTestEvent(t.app, {
      name: 'Velvet Night',
      dateTime: start,
      timeZone: 'America/Los_Angeles',
      city: 'Los Angeles, CA',
      address: '9 Sunset Blvd',
      description: 'Black tie, strictly.',
    });
    const going = await guest(event.id);
    const res = await request(t.app, 'GET', `/api/events/${event.id}/calendar.ics`, {
      session: going.session,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="velvet-night.ics"');
    const ics = res.body.replace(/\r\n[ \t]/g, '');
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20261205T213000');
    // Freakoff at 02:00 opens the last part; the event ends four hours later.
    expect(ics).toContain('DTEND;TZID=America/Los_Angeles:20261206T060000');
    expect(ics).toContain('SUMMARY:Velvet Night');
    expect(ics).toContain('LOCATION:The Gilded Room\\, 9 Sunset Blvd');
    expect(ics).toContain(`URL;VALUE=URI:http://localhost:3000/events/${event.id}`);
    expect(ics).toContain('Black tie\\, strictly.');
    expect(ics).toContain(`UID:${event.id}@royal-circle`);
    expect(ics).toMatch(/\r\nDTSTAMP:\d{8}T\d{6}Z\r\n/);

    const outsider = await member({ tier: 2 });
    expectError(
      await request(t.app, 'GET', `/api/events/${event.id}/calendar.ics`, { session: outsider.session }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('check-in', () => {
  it('records the first arrival once; a repeat scan answers with the first time', async () => {
    const event = await createTestEvent(t.app);
    const door = await promoter();
    const arriving = await guest(event.id, { name: 'Valentina' });
    const first = await checkIn(door.session, event.id, arriving.code);
    expect(first.statusCode, first.body).toBe(200);
    const admitted = checkInReplySchema.parse(first.json());
    expect(admitted).toMatchObject({
      guest: { id: arriving.member.id, name: 'Valentina', tier: 2, avatar_url: null },
      already_checked_in: false,
    });

    const again = await checkIn((await admin()).session, event.id, ` ${arriving.code} `);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ already_checked_in: true, checked_in_at: admitted.checked_in_at });

    const mine = eventTicketSchema.parse((await ticket(arriving.session, event.id)).json());
    expect(mine).toMatchObject({ status: 'checked_in', checked_in_at: admitted.checked_in_at });

    const expected = await guest(event.id, { name: 'Zoe' });
    const list = eventArrivalsSchema.parse((await arrivals(door.session, event.id)).json());
    expect(list).toMatchObject({ guests_count: 2, arrived_count: 1 });
    expect(list.items.map((i) => [i.id, i.checked_in_at])).toEqual([
      [arriving.member.id, admitted.checked_in_at],
      [expected.member.id, null],
    ]);
    // The guest count of the event is untouched: a checked-in guest still holds their seat.
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, event.id));
    expect(row?.guestsCount).toBe(2);
  });

  it('records one arrival when two scanners read the same code at once', async () => {
    const event = await createTestEvent(t.app);
    const [a, b] = [await promoter(), await promoter()];
    const arriving = await guest(event.id);
    const replies = await Promise.all([
      checkIn(a.session, event.id, arriving.code),
      checkIn(b.session, event.id, arriving.code),
    ]);
    for (const res of replies) expect(res.statusCode, res.body).toBe(200);
    const bodies = replies.map((r) => checkInReplySchema.parse(r.json()));
    expect(bodies.map((r) => r.already_checked_in).sort()).toEqual([false, true]);
    expect(bodies[0]?.checked_in_at).toBe(bodies[1]?.checked_in_at);
  });

  it('refuses codes for another event, another member, tampered, cancelled or waitlisted', async () => {
    const event = await createTestEvent(t.app);
    const other = await createTestEvent(t.app, { name: 'Another Night' });
    const door = await promoter();
    const ana = await guest(event.id);
    const bea = await guest(event.id);
    await placeAt(t.app, other.id, ana.member.id);
    const refused = async (code: string, eventId = event.id) =>
      expectError(await checkIn(door.session, eventId, code), 422, 'TICKET_INVALID');

    // Ana's code for this event, at the other event (where she also has a seat).
    await refused(ana.code, other.id);
    // Bea's nonce with Ana's signature: the member inside the MAC does not match.
    const anaCode = parseTicketCode(ana.code);
    const beaCode = parseTicketCode(bea.code);
    if (!anaCode || !beaCode) throw new Error('codes should parse');
    await refused(`RC1.${beaCode.nonce}.${anaCode.mac.toString('base64url')}`);
    // A code signed with another key, one character changed, garbage, another version.
    await refused(
      ticketCode(Buffer.alloc(32, 7), { eventId: event.id, userId: ana.member.id, nonce: anaCode.nonce }),
    );
    const last = ana.code.at(-2) === 'A' ? 'B' : 'A';
    await refused(`${ana.code.slice(0, -2)}${last}${ana.code.at(-1)}`);
    await refused('hello');
    await refused(ana.code.replace(/^RC1/, 'RC2'));
    // Nothing was recorded by the refusals.
    expect(eventArrivalsSchema.parse((await arrivals(door.session, event.id)).json()).arrived_count).toBe(0);

    // A cancelled RSVP's code; a new RSVP has a new nonce, so the old code stays refused.
    await t.app.ctx.db
      .update(eventRsvps)
      .set({ status: 'cancelled' })
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, ana.member.id)));
    await refused(ana.code);
    await t.app.ctx.db
      .update(eventRsvps)
      .set({ status: 'going', ticketNonce: sql`replace(gen_random_uuid()::text, '-', '')` })
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, ana.member.id)));
    await refused(ana.code);
    const renewed = eventTicketSchema.parse((await ticket(ana.session, event.id)).json()).code;
    expect((await checkIn(door.session, event.id, renewed)).statusCode).toBe(200);

    // A waitlisted member's code, signed correctly, admits nobody.
    const waiting = await member({ tier: 2 });
    await placeAt(t.app, event.id, waiting.member.id, 'waitlisted');
    const [place] = await t.app.ctx.db
      .select({ nonce: eventRsvps.ticketNonce })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, event.id), eq(eventRsvps.userId, waiting.member.id)));
    await refused(
      ticketCode(t.app.ctx.secrets.eventTickets, {
        eventId: event.id,
        userId: waiting.member.id,
        nonce: place?.nonce ?? '',
      }),
    );
  });

  it('is for admins and promoters only', async () => {
    const event = await createTestEvent(t.app);
    const arriving = await guest(event.id);
    const plain = await member({ tier: 4 });
    for (const res of [
      await checkIn(plain.session, event.id, arriving.code),
      await arrivals(plain.session, event.id),
      await checkIn(arriving.session, event.id, arriving.code),
    ]) {
      expectError(res, 403, 'FORBIDDEN');
    }
    expectError(await checkIn(null, event.id, arriving.code), 401, 'UNAUTHENTICATED');
    expectError(await arrivals(null, event.id), 401, 'UNAUTHENTICATED');
    expectError(
      await checkIn((await promoter()).session, randomUUID(), arriving.code),
      404,
      'EVENT_NOT_FOUND',
    );
    expectError(await checkIn((await promoter()).session, event.id, ''), 400, 'VALIDATION_FAILED');
    expect((await arrivals((await admin()).session, event.id)).statusCode).toBe(200);
  });
});

describe('the reminder two hours before', () => {
  it('tells each member with a ticket once, whatever the number of runs', async () => {
    const now = new Date();
    const soon = await createTestEvent(t.app, { dateTime: new Date(now.getTime() + 90 * 60_000) });
    const later = await createTestEvent(t.app, { dateTime: new Date(now.getTime() + 3 * 3_600_000) });
    const going = [await member({ tier: 2 }), await member({ tier: 3 })];
    for (const g of going) {
      await placeAt(t.app, soon.id, g.member.id);
      await placeAt(t.app, later.id, g.member.id);
    }
    const waiting = await member({ tier: 2 });
    await placeAt(t.app, soon.id, waiting.member.id, 'waitlisted');

    await Promise.all([remindStartingEvents(t.app.ctx, now), remindStartingEvents(t.app.ctx, now)]);
    await remindStartingEvents(t.app.ctx, new Date(now.getTime() + 60_000));
    for (const g of going) {
      const notes = await t.app.ctx.db
        .select({ title: notifications.title, message: notifications.message, link: notifications.link })
        .from(notifications)
        .where(and(eq(notifications.userId, g.member.id), eq(notifications.type, 'event')));
      expect(notes).toEqual([
        {
          title: 'Event Starting Soon',
          message: expect.stringMatching(/^Midnight Masquerade is starting in 2 hours \(/),
          link: `/events/${soon.id}`,
        },
      ]);
    }
    const [waitingNotes] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.userId, waiting.member.id));
    expect(waitingNotes?.n).toBe(0);
    const rows = await t.app.ctx.db.select({ id: events.id, remindedAt: events.remindedAt }).from(events);
    expect(rows.find((r) => r.id === soon.id)?.remindedAt).toEqual(now);
    expect(rows.find((r) => r.id === later.id)?.remindedAt).toBeNull();
  });
});
