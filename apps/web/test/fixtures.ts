import {
  capabilitiesOf,
  DEFAULT_MEMBER_SETTINGS,
  type EventCard,
  eventCardSchema,
  type InterestRow,
  type Interests,
  interestRowSchema,
  interestsSchema,
  type LandingStats,
  type LockedCard,
  lockedCardSchema,
  type MatchListItem,
  type MatchSummary,
  type Me,
  type MemberCard,
  type MemberProfile,
  type MemberSettings,
  matchSummarySchema,
  memberCardSchema,
  memberProfileSchema,
  meSchema,
  type Notification,
  notificationSchema,
  type TierLevel,
} from '@royal/shared';

let sequence = 0;
const nextId = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

/** A valid `Me` (checked against the shared schema), unique per call. */
export function makeMe(overrides: Partial<Me> & { tier_level?: TierLevel } = {}): Me {
  const id = nextId();
  const base = {
    tier_level: overrides.tier_level ?? 1,
    tier_subscription_active: true,
    // A subscription counts only until its end date (shared isSubscriptionActive).
    tier_subscription_ends_at:
      overrides.tier_subscription_ends_at !== undefined
        ? overrides.tier_subscription_ends_at
        : new Date(Date.now() + 30 * 86_400_000).toISOString(),
    is_sponsored: false,
    verified: true,
    email_confirmed: overrides.email_confirmed ?? true,
    roles: ['user' as const],
  };
  const me: Me = {
    id,
    email: `member-${sequence}@example.com`,
    name: 'Victoria',
    age: 29,
    photos: [],
    avatar: null,
    bio: 'Slow dinners, gallery openings and long walks by the sea.',
    body_type: null,
    height: null,
    ethnicity: null,
    ...base,
    popularity_score: 50,
    rating_avg: null,
    location: { city: 'Los Angeles', state: 'CA', coordinates: null },
    preferences: {
      age_range: [21, 35],
      distance_preference: 25,
      looking_for: 'uncomplicated',
      compensation_preference: 'treat_me_right',
      travel_willing: false,
      discretion_required: true,
    },
    lifestyle_tags: [],
    prompts: [],
    view_count: 0,
    like_count: 0,
    ghost_mode: false,
    can_sponsor: false,
    gender: 'female',
    user_type: 'women',
    invite_code: null,
    open_to_companions_only: false,
    last_active: new Date().toISOString(),
    created_at: new Date().toISOString(),
    capabilities: capabilitiesOf(base),
    compliance: {
      terms_accepted: true,
      privacy_accepted: true,
      age_verified: true,
      id_check: 'approved',
      next_step: 'done',
    },
    onboarded: true,
    next_step: null,
    ...overrides,
  };
  return meSchema.parse(me);
}

export function makeNotification(overrides: Partial<Notification> = {}): Notification {
  return notificationSchema.parse({
    id: nextId(),
    type: 'match',
    title: "It's a Match!",
    message: 'You and Alexander liked each other!',
    created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    link: null,
    is_read: false,
    actor: null,
    ...overrides,
  });
}

export function makeSettings(overrides: Partial<MemberSettings> = {}): MemberSettings {
  return { ...DEFAULT_MEMBER_SETTINGS, ...overrides };
}

/** Another member as lists show them (checked against the shared schema), unique per call. */
export function makeMemberCard(overrides: Partial<MemberCard> = {}): MemberCard {
  const id = overrides.id ?? nextId();
  return memberCardSchema.parse({
    locked: false,
    id,
    name: 'Ava',
    age: 27,
    city: 'Miami',
    state: 'FL',
    bio: 'Sunset sails and gallery openings.',
    photos: [
      { id: `${id}-1`, url: `/api/photos/${id}-1` },
      { id: `${id}-2`, url: `/api/photos/${id}-2` },
    ],
    avatar: `/api/photos/${id}-1?size=face`,
    tier_level: 1,
    verified: true,
    verified_since: '2026-03',
    is_sponsored: false,
    user_type: 'women',
    looking_for: 'long_term',
    lifestyle_tags: ['travel', 'fine_dining'],
    prompts: [],
    rating_avg: 4.6,
    distance_miles: 5,
    online: false,
    last_active: new Date(Date.now() - 2 * 3_600_000).toISOString(),
    ...overrides,
  });
}

/** A higher-tier teaser card as the server masks it. */
export function makeLockedCard(overrides: Partial<LockedCard> = {}): LockedCard {
  const id = overrides.id ?? nextId();
  const tier = overrides.tier_level ?? 3;
  return lockedCardSchema.parse({
    locked: true,
    id,
    tier_level: tier,
    age: 31,
    blurred_photo: `/api/photos/${id}-blur`,
    required_tier: tier,
    ...overrides,
  });
}

export function makeMemberProfile(overrides: Partial<MemberProfile> = {}): MemberProfile {
  const card = makeMemberCard(overrides.id ? { id: overrides.id } : {});
  return memberProfileSchema.parse({
    ...card,
    body_type: 'athletic',
    height: `5'7"`,
    ethnicity: null,
    compensation_preference: 'treat_me_right',
    travel_willing: true,
    discretion_required: false,
    open_to_companions_only: false,
    my_swipe: null,
    match_id: null,
    ...overrides,
  });
}

export function makeMatch(member: MemberCard, overrides: Partial<MatchSummary> = {}): MatchSummary {
  return matchSummarySchema.parse({
    id: nextId(),
    expires_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    member,
    ...overrides,
  });
}

/** A row of the Messages list: an active match with no messages yet. */
export function makeMatchListItem(overrides: Partial<MatchListItem> = {}): MatchListItem {
  return {
    id: nextId(),
    member: makeMemberCard(),
    status: 'active',
    expires_at: null,
    created_at: new Date().toISOString(),
    last_message: null,
    unread_count: 0,
    premium_user: false,
    ...overrides,
  };
}

export function makeInterestRow(overrides: Partial<InterestRow> = {}): InterestRow {
  return interestRowSchema.parse({
    member: makeMemberCard(),
    action: 'viewed',
    at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    match_id: null,
    ...overrides,
  });
}

export function makeInterests(overrides: Partial<Interests> = {}): Interests {
  return interestsSchema.parse({
    stats: { profile_views: 0, super_likes: 0, favorites: 0 },
    viewed_me: [],
    favorited_me: [],
    my_favorites: [],
    ...overrides,
  });
}

/** The landing page's figures (GET /api/public/stats), as the server counts them. */
export function makeLandingStats(overrides: Partial<LandingStats> = {}): LandingStats {
  return {
    cities: [
      { city: 'Los Angeles', state: 'CA', members: 1284 },
      { city: 'Miami', state: 'FL', members: 312 },
      { city: 'Dubai', state: 'UAE', members: 97 },
      { city: 'New York', state: 'NY', members: 0 },
      { city: 'Atlanta', state: 'GA', members: 41 },
      { city: 'Las Vegas', state: 'NV', members: 18 },
      { city: 'Houston', state: 'TX', members: 7 },
      { city: 'Dallas', state: 'TX', members: 3 },
      { city: 'Washington', state: 'DC', members: 2 },
      { city: 'San Diego', state: 'CA', members: 1 },
    ],
    members: 1802,
    verified_members: 1140,
    matches: 5120,
    events_held: 12,
    counted_at: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

/** What a signed-out page asks the server for besides the session: the landing page's figures. */
export const publicPageRoutes = () => ({ 'GET /api/public/stats': { body: makeLandingStats() } });

/**
 * An event as the list and its page show it (checked against the shared schema), unique per call:
 * by default upcoming in Los Angeles a day from now, open to tiers 1–4, with seats left.
 */
export function makeEventCard(overrides: Partial<EventCard> = {}): EventCard {
  const id = overrides.id ?? nextId();
  const start = new Date(Date.now() + 24 * 3_600_000);
  return eventCardSchema.parse({
    id,
    name: 'Midnight Masquerade',
    description: 'An evening of masks, music and champagne above the city.',
    venue: 'The Skyline Room',
    address: '100 Sunset Blvd',
    city: 'Los Angeles, CA',
    time_zone: 'America/Los_Angeles',
    date_time: start.toISOString(),
    ends_at: new Date(start.getTime() + 9 * 3_600_000).toISOString(),
    freakoff_enabled: true,
    freakoff_start_time: new Date(start.getTime() + 5 * 3_600_000).toISOString(),
    tiers_required: [1, 2, 3, 4],
    lowest_tier: 1,
    dress_code: 'black_tie',
    max_guests: 100,
    guests_count: 42,
    waitlist_count: 0,
    status: 'upcoming',
    photos: [],
    locked: false,
    can_manage: false,
    my_rsvp: null,
    ...overrides,
  });
}
