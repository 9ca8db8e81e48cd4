import {
  capabilitiesOf,
  DEFAULT_MEMBER_SETTINGS,
  type Me,
  type MemberSettings,
  meSchema,
  type Notification,
  notificationSchema,
  SIGNUP_DEFAULTS,
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
    is_sponsored: false,
    verified: true,
    roles: ['user' as const],
  };
  const me: Me = {
    id,
    email: `member-${sequence}@example.com`,
    name: 'Victoria',
    age: 29,
    photos: [],
    avatar: null,
    bio: SIGNUP_DEFAULTS.bio,
    body_type: null,
    height: null,
    ethnicity: null,
    ...base,
    tier_subscription_ends_at: null,
    popularity_score: 50,
    rating_avg: 4,
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
    compliance: { terms_accepted: true, privacy_accepted: true, age_verified: true },
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
