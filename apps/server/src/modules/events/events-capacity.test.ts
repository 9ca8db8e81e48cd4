import { type EventBody, eventCardSchema, instantToLocal } from '@royal/shared';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import { eventRsvps, events } from '../../db/schema';

// Capacity under concurrency (decision 058): seats are taken by one conditional UPDATE of
// guests_count, so 200 members racing for 100 seats get exactly 100, and the rest a waiting-list place
// promoted in order. On PostgreSQL the requests really run at once (a pool of connections); PGlite has
// one connection, so there they take turns, which the same assertions hold for.
const t = useTestApp();

const SEATS = 100;
const RACERS = 200;

async function members(count: number): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, () => signedInMember(t.app, { tier: 2 })),
    );
    sessions.push(...batch.map((m) => m.session));
  }
  return sessions;
}

describe('capacity', () => {
  it(`gives ${RACERS} simultaneous RSVPs for ${SEATS} seats exactly ${SEATS} guests and ${RACERS - SEATS} waiting`, async () => {
    const promoter = await signedInMember(t.app, { tier: 0, roles: ['user', 'promoter'] });
    const { date } = instantToLocal(new Date(Date.now() + 10 * 86_400_000), 'America/Los_Angeles');
    const body: EventBody = {
      name: 'The Race',
      venue: 'Hall',
      city: 'Los Angeles, CA',
      date,
      time: '20:00',
      tiers_required: [2],
      max_guests: SEATS,
    };
    const created = await request(t.app, 'POST', '/api/events', { session: promoter.session, body });
    expect(created.statusCode, created.body).toBe(201);
    const eventId = eventCardSchema.parse(created.json()).id;

    const racers = await members(RACERS);
    const replies = await Promise.all(
      racers.map((session) => request(t.app, 'POST', `/api/events/${eventId}/rsvp`, { session })),
    );
    expect(replies.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const statuses = replies.map((r) => r.json().event.my_rsvp.status as string);
    expect(statuses.filter((s) => s === 'going')).toHaveLength(SEATS);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(RACERS - SEATS);

    const [row] = await t.app.ctx.db
      .select({ guests: events.guestsCount })
      .from(events)
      .where(eq(events.id, eventId));
    expect(row?.guests).toBe(SEATS);
    const going = await t.app.ctx.db
      .select({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')));
    expect(going).toHaveLength(SEATS);
    // Once all have committed, every waiting-list position is held once: 1 … 100 (a reply shows the
    // position as its own transaction saw the queue).
    const waiting = racers.filter((_, i) => statuses[i] === 'waitlisted');
    const positions = await Promise.all(
      waiting.map(async (session) => {
        const res = await request(t.app, 'GET', `/api/events/${eventId}`, { session });
        return eventCardSchema.parse(res.json()).my_rsvp?.waitlist_position;
      }),
    );
    expect(positions.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: RACERS - SEATS }, (_, i) => i + 1),
    );

    // Ten guests cancel at once: the first ten in the queue get their seats.
    const queue = await t.app.ctx.db
      .select({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'waitlisted')))
      .orderBy(asc(eventRsvps.queuedAt), asc(eventRsvps.userId));
    const leaving = racers.filter((_, i) => statuses[i] === 'going').slice(0, 10);
    const cancels = await Promise.all(
      leaving.map((session) => request(t.app, 'DELETE', `/api/events/${eventId}/rsvp`, { session })),
    );
    expect(cancels.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const promoted = await t.app.ctx.db
      .select({ userId: eventRsvps.userId })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.eventId, eventId), eq(eventRsvps.status, 'going')));
    const promotedIds = new Set(promoted.map((p) => p.userId));
    expect(queue.slice(0, 10).every((q) => promotedIds.has(q.userId))).toBe(true);
    expect(queue.slice(10).some((q) => promotedIds.has(q.userId))).toBe(false);
    const [after] = await t.app.ctx.db
      .select({ guests: events.guestsCount })
      .from(events)
      .where(eq(events.id, eventId));
    expect(after?.guests).toBe(SEATS);
  }, 120_000);
});
