import { LANDING_STATS_TTL_MS, type LandingStats, landingStatsSchema, WAITLIST_CITIES } from '@royal/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { deleteAccountThroughRoute } from '../../../test/deletion';
import { createMember, type MemberOptions, signedInMember } from '../../../test/factories';
import { events, matches } from '../../db/schema';

// The landing page's figures (issue 35): counted from live members, cached per instance for a window.
// Each test starts from an empty database; the clock moves past the window before each first read, so
// no test sees another's cached count.
const t = useTestApp({}, { isolation: 'test' });

// The app (and its cache) lives for the whole file while each test gets its own fake clock (the
// setup restores real timers after each): the clock only ever moves forward across tests.
let clock = Date.now();
beforeEach(() => {
  clock = Math.max(clock, Date.now());
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
const moveClock = (ms: number) => {
  clock = Date.now() + ms;
  vi.setSystemTime(clock);
};
const pastTheWindow = () => moveClock(LANDING_STATS_TTL_MS + 1);

async function stats(): Promise<LandingStats> {
  const res = await request(t.app, 'GET', '/api/public/stats');
  expect(res.statusCode, res.body).toBe(200);
  return landingStatsSchema.strict().parse(res.json());
}

async function freshStats(): Promise<LandingStats> {
  pastTheWindow();
  return stats();
}

const membersIn = (all: LandingStats, city: string) => all.cities.find((c) => c.city === city)?.members;

const inMiami: MemberOptions = { city: 'Miami', state: 'FL' };

describe('GET /api/public/stats', () => {
  it('answers a signed-out visitor with every launch city, zero where nobody lives yet', async () => {
    const res = await request(t.app, 'GET', '/api/public/stats');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const all = await freshStats();
    expect(all.cities.map((c) => `${c.city}, ${c.state}`)).toEqual(WAITLIST_CITIES);
    expect(all).toMatchObject({ members: 0, verified_members: 0, matches: 0, events_held: 0 });
    expect(all.cities.every((c) => c.members === 0)).toBe(true);
  });

  it('counts live members per city and in total, and verified members', async () => {
    await createMember(t.app, inMiami);
    await createMember(t.app, { ...inMiami, verified: true });
    await createMember(t.app, { city: 'Dubai', state: 'UAE', verified: true });
    // A city outside the launch list counts in the total, not in a city of the list.
    await createMember(t.app, { city: 'Seattle', state: 'WA' });
    const all = await freshStats();
    expect(membersIn(all, 'Miami')).toBe(2);
    expect(membersIn(all, 'Dubai')).toBe(1);
    expect(membersIn(all, 'Los Angeles')).toBe(0);
    expect(all.members).toBe(4);
    expect(all.verified_members).toBe(2);
  });

  it('leaves out members in ghost mode, members not done with onboarding and deleted members', async () => {
    await createMember(t.app, inMiami);
    await createMember(t.app, { ...inMiami, ghostMode: true, verified: true });
    await createMember(t.app, { ...inMiami, onboarded: false });
    const leaving = await signedInMember(t.app, { ...inMiami, verified: true });
    expect(membersIn(await freshStats(), 'Miami')).toBe(2);

    expect((await deleteAccountThroughRoute(t.app, leaving.session)).statusCode).toBe(200);
    const all = await freshStats();
    expect(membersIn(all, 'Miami')).toBe(1);
    expect(all).toMatchObject({ members: 1, verified_members: 0 });
  });

  it('counts matches made and events that have taken place, not upcoming or cancelled ones', async () => {
    const [a, b, c] = await Promise.all([createMember(t.app), createMember(t.app), createMember(t.app)]);
    const pair = (x: string, y: string) => (x < y ? { user1Id: x, user2Id: y } : { user1Id: y, user2Id: x });
    const expiresAt = new Date(Date.now() + 48 * 3_600_000);
    await t.app.ctx.db.insert(matches).values([
      { ...pair(a.id, b.id), expiresAt },
      { ...pair(a.id, c.id), expiresAt, status: 'expired' },
    ]);
    const day = 86_400_000;
    const now = Date.now();
    await t.app.ctx.db.insert(events).values([
      { name: 'Spring Soirée', venue: 'The Grand', dateTime: new Date(now - 30 * day), status: 'ended' },
      { name: 'Winter Gala', venue: 'The Grand', dateTime: new Date(now - 60 * day) },
      { name: 'Rained Off', venue: 'The Pier', dateTime: new Date(now - 10 * day), status: 'cancelled' },
      { name: 'Summer Ball', venue: 'The Grand', dateTime: new Date(now + 10 * day) },
    ]);
    expect(await freshStats()).toMatchObject({ matches: 2, events_held: 2 });
  });

  it('counts once per window: a member who joins within it shows in the next window', async () => {
    await createMember(t.app, inMiami);
    const first = await freshStats();
    expect(membersIn(first, 'Miami')).toBe(1);

    await createMember(t.app, inMiami);
    moveClock(LANDING_STATS_TTL_MS - 1_000);
    const within = await stats();
    expect(membersIn(within, 'Miami')).toBe(1);
    expect(within.counted_at).toBe(first.counted_at);

    moveClock(2_000);
    expect(membersIn(await stats(), 'Miami')).toBe(2);
  });

  it('answers a flood of visitors with one statement', async () => {
    await createMember(t.app, inMiami);
    pastTheWindow();
    const execute = vi.spyOn(t.app.ctx.db, 'execute');
    try {
      const replies = await Promise.all(
        Array.from({ length: 25 }, () => request(t.app, 'GET', '/api/public/stats')),
      );
      expect(replies.every((res) => res.statusCode === 200)).toBe(true);
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
  });

  it('gives away nothing about a member: only counts', async () => {
    const member = await createMember(t.app, { ...inMiami, name: 'Isabella Quint', verified: true });
    pastTheWindow();
    const res = await request(t.app, 'GET', '/api/public/stats');
    expect(res.body).not.toContain('Isabella');
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain(member.id);
    expect(Object.keys(res.json()).sort()).toEqual([
      'cities',
      'counted_at',
      'events_held',
      'matches',
      'members',
      'verified_members',
    ]);
  });
});
