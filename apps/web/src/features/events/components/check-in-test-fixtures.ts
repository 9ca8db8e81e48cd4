import {
  type CheckInReply,
  capabilitiesOf,
  type EventArrivals,
  type EventCard,
  eventArrivalsSchema,
  eventCardSchema,
  type Me,
} from '@royal/shared';
import { makeMe } from '@test/fixtures';

// Test data for the door and Party Management, checked against the shared schemas.

let sequence = 0;
const nextId = () => `10000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** A promoter: a member whose roles give the create_parties capability. */
export function makeManager(): Me {
  const me = makeMe({ roles: ['user', 'promoter'] });
  return { ...me, capabilities: capabilitiesOf(me) };
}

export function makeDoorEvent(overrides: Partial<EventCard> = {}): EventCard {
  return eventCardSchema.parse({
    id: nextId(),
    name: 'Midnight Masquerade',
    description: 'An evening of masks and music.',
    venue: 'The Velvet Room',
    address: '1 Sunset Blvd',
    city: 'Los Angeles, CA',
    time_zone: 'America/Los_Angeles',
    date_time: '2026-03-08T05:00:00.000Z',
    ends_at: '2026-03-08T14:00:00.000Z',
    freakoff_enabled: true,
    freakoff_start_time: '2026-03-08T10:00:00.000Z',
    tiers_required: [2, 3],
    lowest_tier: 2,
    dress_code: 'cocktail_attire',
    max_guests: 100,
    guests_count: 2,
    waitlist_count: 0,
    status: 'upcoming',
    photos: [],
    locked: false,
    can_manage: true,
    my_rsvp: null,
    ...overrides,
  });
}

export const GUEST_ID = '20000000-0000-4000-8000-000000000001';

export function makeArrivals(arrivedAt: string | null): EventArrivals {
  return eventArrivalsSchema.parse({
    items: [
      { id: GUEST_ID, name: 'Isabella', avatar_url: null, tier: 3, checked_in_at: arrivedAt },
      {
        id: '20000000-0000-4000-8000-000000000002',
        name: 'Sophia',
        avatar_url: null,
        tier: 2,
        checked_in_at: null,
      },
    ],
    guests_count: 2,
    arrived_count: arrivedAt ? 1 : 0,
  });
}

export function makeCheckInReply(checkedInAt: string, already = false): CheckInReply {
  return {
    guest: { id: GUEST_ID, name: 'Isabella', avatar_url: null, tier: 3 },
    checked_in_at: checkedInAt,
    already_checked_in: already,
  };
}
