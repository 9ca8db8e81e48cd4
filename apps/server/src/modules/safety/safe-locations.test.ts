import { safeLocationsSchema } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { actorFor, createMember, signedInMember } from '../../../test/factories';
import { safeLocations } from '../../db/schema';
import { safeLocationsFor } from './safe-locations';

// The Safety Center's Safe Locations: the member's city only, verified and rated 4 or more, best
// first, six at most, each open or closed by its city's clock.
const t = useTestApp({}, { isolation: 'test' });

const place = (name: string, overrides: Partial<typeof safeLocations.$inferInsert> = {}) => ({
  name,
  address: '1 Ocean Dr',
  city: 'Miami',
  state: 'FL',
  verified: true,
  safetyRating: 4.5,
  locationType: 'cafe' as const,
  openHours: { wednesday: '7:00 AM - 9:00 PM' },
  amenities: ['Wi-Fi', 'Valet parking', 'Well lit', 'Security staff'],
  ...overrides,
});

describe('safe locations', () => {
  it('lists verified places in the member’s city rated 4 or more, best first, at most six', async () => {
    await t.app.ctx.db
      .insert(safeLocations)
      .values([
        place('Rated 4.0', { safetyRating: 4 }),
        place('Rated 4.9', { safetyRating: 4.9 }),
        place('Rated 3.9', { safetyRating: 3.9 }),
        place('Unverified', { verified: false, safetyRating: 5 }),
        place('In Dallas', { city: 'Dallas', state: 'TX', safetyRating: 5 }),
        ...['A', 'B', 'C', 'D', 'E'].map((letter) => place(`Rated 4.5 ${letter}`)),
      ]);
    const { session } = await signedInMember(t.app, { city: 'Miami', state: 'FL' });
    const res = await request(t.app, 'GET', '/api/safe-locations', { session });
    expect(res.statusCode, res.body).toBe(200);
    const reply = safeLocationsSchema.parse(res.json());
    expect(reply.city).toBe('Miami, FL');
    expect(reply.items.map((p) => p.name)).toEqual([
      'Rated 4.9',
      'Rated 4.5 A',
      'Rated 4.5 B',
      'Rated 4.5 C',
      'Rated 4.5 D',
      'Rated 4.5 E',
    ]);
    expect(reply.items[0]?.maps_url).toBe(
      'https://www.google.com/maps/search/?api=1&query=Rated%204.9%2C%201%20Ocean%20Dr%2C%20Miami%2C%20FL',
    );
    expect((await request(t.app, 'GET', '/api/safe-locations', { session: null })).statusCode).toBe(401);
  });

  it('is open or closed by the city’s own clock', async () => {
    await t.app.ctx.db.insert(safeLocations).values(place('Café'));
    const member = await createMember(t.app, { city: 'Miami', state: 'FL' });
    const actor = await actorFor(t.app, member);
    // Wednesday 14:30 UTC is 9:30 AM in Miami; 02:30 UTC is 9:30 PM on Tuesday there.
    const morning = await safeLocationsFor(t.app.ctx, { actor, now: new Date('2026-11-25T14:30:00Z') });
    expect(morning.items[0]).toMatchObject({ open_now: true, hours_today: '7:00 AM - 9:00 PM' });
    const tuesdayNight = await safeLocationsFor(t.app.ctx, { actor, now: new Date('2026-11-25T02:30:00Z') });
    expect(tuesdayNight.items[0]).toMatchObject({ open_now: null, hours_today: null });
  });
});
