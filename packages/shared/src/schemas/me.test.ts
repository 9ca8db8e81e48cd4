import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from '../permissions';
import { DEFAULT_MEMBER_SETTINGS, type Me, memberSettingsSchema, meSchema } from './me';
import { memberSettingsPatchSchema } from './settings';

const base = {
  id: '3f2b8c1e-9d4a-4f6b-8a7e-2c1d0e9f8a7b',
  email: 'jane@example.com',
  name: 'Jane',
  age: 28,
  photos: [{ id: 'p1', url: '/api/photos/abc' }],
  avatar: '/api/photos/abc',
  bio: 'Hello',
  body_type: 'athletic',
  height: `5'7"`,
  ethnicity: null,
  tier_level: 2,
  tier_subscription_active: true,
  tier_subscription_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  is_sponsored: false,
  popularity_score: 72.5,
  rating_avg: 4.6,
  verified: true,
  email_confirmed: true,
  location: { city: 'Miami', state: 'FL', coordinates: { lat: 25.76, lng: -80.19 } },
  preferences: {
    age_range: [25, 40],
    distance_preference: 25,
    looking_for: 'long_term',
    compensation_preference: 'treat_me_right',
    travel_willing: true,
    discretion_required: true,
  },
  lifestyle_tags: ['travel', 'fine_dining'],
  prompts: [],
  view_count: 10,
  like_count: 3,
  ghost_mode: false,
  can_sponsor: false,
  gender: 'female',
  user_type: 'women',
  invite_code: null,
  open_to_companions_only: false,
  last_active: '2025-06-01T12:00:00.000Z',
  roles: ['user'],
  created_at: '2025-01-01T00:00:00.000Z',
  compliance: {
    terms_accepted: true,
    privacy_accepted: true,
    age_verified: false,
    id_check: 'skipped',
    next_step: 'done',
  },
  onboarded: true,
  next_step: null,
} as const;

function member(): Me {
  const parsed = meSchema.parse({
    ...base,
    capabilities: capabilitiesOf({
      tier_level: 2,
      tier_subscription_active: true,
      tier_subscription_ends_at: base.tier_subscription_ends_at,
      is_sponsored: false,
      verified: true,
      email_confirmed: true,
      roles: ['user'],
    }),
  });
  return parsed;
}

describe('meSchema', () => {
  it('accepts a full member and its own capabilities', () => {
    const me = member();
    expect(me.capabilities.can_message).toBe(true);
    expect(me.capabilities.message_block).toBeNull();
    // A Me is an Actor, so the client can re-run any rule on it.
    expect(capabilitiesOf(me)).toEqual(me.capabilities);
  });

  it.each<[string, Record<string, unknown>]>([
    ['tier 5', { tier_level: 5 }],
    ['popularity above 100', { popularity_score: 101 }],
    ['unknown lifestyle tag', { lifestyle_tags: ['bungee'] }],
    ['unknown role', { roles: ['owner'] }],
    ['seven photos', { photos: Array.from({ length: 7 }, (_, i) => ({ id: `p${i}`, url: `/p/${i}` })) }],
    ['bio over 500', { bio: 'x'.repeat(501) }],
    ['non-ISO date', { last_active: 'today' }],
  ])('refuses %s', (_name, change) => {
    expect(meSchema.safeParse({ ...member(), ...change }).success).toBe(false);
  });
});

describe('member settings', () => {
  it('has defaults that follow the spec and parse', () => {
    expect(memberSettingsSchema.parse(DEFAULT_MEMBER_SETTINGS)).toEqual(DEFAULT_MEMBER_SETTINGS);
    expect(DEFAULT_MEMBER_SETTINGS).toMatchObject({
      profile_visibility: 'public',
      incognito_mode: false,
      location_sharing: true,
      read_receipts: true,
      safe_meeting_notifications: true,
      auto_block_suspicious: false,
      dark_mode: true, // the night-royal theme by default (decision 006)
      push_notifications: true,
      language: 'en-US',
    });
  });

  it('accepts a partial patch and rejects unknown keys', () => {
    expect(memberSettingsPatchSchema.parse({ dark_mode: true })).toEqual({ dark_mode: true });
    expect(memberSettingsPatchSchema.parse({})).toEqual({});
    expect(memberSettingsPatchSchema.safeParse({ dark_mod: true }).success).toBe(false);
    expect(memberSettingsPatchSchema.safeParse({ profile_visibility: 'tier_restricted' }).success).toBe(
      false,
    );
  });

  it('bounds the emergency contact', () => {
    expect(memberSettingsPatchSchema.parse({ emergency_contact_name: '  Mom ' })).toEqual({
      emergency_contact_name: 'Mom',
    });
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_name: 'x'.repeat(100) }).success).toBe(
      true,
    );
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_name: 'x'.repeat(101) }).success).toBe(
      false,
    );
    // A name: one line, when it is set.
    expect(
      memberSettingsPatchSchema.safeParse({ emergency_contact_name: 'Ann\nSmith' }).error?.issues,
    ).toEqual([expect.objectContaining({ message: 'Names must fit on one line' })]);
    // On the patch only: one stored before that rule still reads back, and null still clears it.
    expect(memberSettingsPatchSchema.parse({ emergency_contact_name: null })).toEqual({
      emergency_contact_name: null,
    });
    const stored = { ...DEFAULT_MEMBER_SETTINGS, emergency_contact_name: 'Ann\nSmith' };
    expect(memberSettingsSchema.parse(stored)).toEqual(stored);
    // A phone number is stored in E.164 (phone.test.ts has the cases).
    expect(memberSettingsPatchSchema.parse({ emergency_contact_phone: '+1 (305) 555-0199' })).toEqual({
      emergency_contact_phone: '+13055550199',
    });
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_phone: '1'.repeat(31) }).success).toBe(
      false,
    );
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_phone: 'call me' }).success).toBe(false);
    expect(memberSettingsPatchSchema.safeParse({ emergency_contact_phone: null }).success).toBe(true);
  });
});
