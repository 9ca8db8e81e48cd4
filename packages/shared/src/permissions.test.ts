import { describe, expect, it } from 'vitest';
import {
  type Actor,
  canCreateParties,
  canManageUsers,
  canMessage,
  canModerateContent,
  canSeeTier,
  canSponsor,
  canSwipe,
  canUseGhostMode,
  canViewProfiles,
  capabilitiesOf,
  composerRestriction,
  ghostModeBlock,
  isAdmin,
  isSubscriptionActive,
  MESSAGE_SUBSCRIPTION_INACTIVE_TEXT,
  maxVisibleTier,
  messageSendBlock,
  nextTier,
  paymentBlock,
  sponsorBlock,
  swipeBlock,
  swipeUnlockTier,
} from './permissions';
import type { Role } from './roles';
import { capabilitiesSchema } from './schemas/me';
import { TIER_LEVELS, type TierLevel } from './tiers';

const FUTURE = new Date(Date.now() + 30 * 86_400_000).toISOString();
const PAST = new Date(Date.now() - 60_000).toISOString();

function actor(overrides: Partial<Actor> = {}): Actor {
  return {
    tier_level: 1,
    tier_subscription_active: true,
    tier_subscription_ends_at: FUTURE,
    is_sponsored: false,
    verified: true,
    email_confirmed: true,
    roles: ['user'],
    ...overrides,
  };
}

const ROLE_SETS: readonly (readonly Role[])[] = [
  [],
  ['user'],
  ['admin'],
  ['promoter'],
  ['user', 'admin', 'promoter'],
];
const BOOLS = [false, true] as const;
const END_DATES = [null, PAST, FUTURE] as const;

const everyActor: Actor[] = TIER_LEVELS.flatMap((tier_level) =>
  BOOLS.flatMap((tier_subscription_active) =>
    END_DATES.flatMap((tier_subscription_ends_at) =>
      BOOLS.flatMap((is_sponsored) =>
        BOOLS.flatMap((verified) =>
          BOOLS.flatMap((email_confirmed) =>
            ROLE_SETS.map((roles) => ({
              tier_level,
              tier_subscription_active,
              tier_subscription_ends_at,
              is_sponsored,
              verified,
              email_confirmed,
              roles,
            })),
          ),
        ),
      ),
    ),
  ),
);

const endLabel = (end: string | null) => (end === null ? 'no end' : end === PAST ? 'ended' : 'ends later');
const label = (a: Actor) =>
  `tier ${a.tier_level}, sub ${a.tier_subscription_active} (${endLabel(a.tier_subscription_ends_at)}), sponsored ${a.is_sponsored}, verified ${a.verified}, e-mail confirmed ${a.email_confirmed}, roles [${a.roles.join(',')}]`;

describe('no signed-in member', () => {
  it('denies everything and sees only tier 0 as the floor', () => {
    expect(canSwipe(null)).toBe(false);
    expect(canMessage(null)).toBe(false);
    expect(canViewProfiles(null)).toBe(false);
    expect(canCreateParties(null)).toBe(false);
    expect(canModerateContent(null)).toBe(false);
    expect(canManageUsers(null)).toBe(false);
    expect(canSponsor(null)).toBe(false);
    expect(canUseGhostMode(null)).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(maxVisibleTier(null)).toBe(0);
    for (const tier of TIER_LEVELS) expect(canSeeTier(null, tier)).toBe(false);
    expect(messageSendBlock(null)?.code).toBe('TIER_REQUIRED');
    expect(swipeBlock(null)?.code).toBe('TIER_REQUIRED');
  });

  it('has capabilities with every flag off', () => {
    const caps = capabilitiesOf(null);
    expect(caps).toEqual({
      can_swipe: false,
      can_message: false,
      can_view_profiles: false,
      can_create_parties: false,
      can_moderate_content: false,
      can_manage_users: false,
      can_sponsor: false,
      can_use_ghost_mode: false,
      max_visible_tier: 0,
      message_block: { code: 'TIER_REQUIRED', message: 'Upgrade to Basic Access or higher to send messages' },
    });
    expect(capabilitiesSchema.parse(caps)).toEqual(caps);
  });
});

// Every tier × subscription × sponsorship × verification × role set, checked against the spec's
// wording (part 1 §6, part 2 §5–6) restated independently of the implementation.
describe.each(everyActor.map((a) => [label(a), a] as const))('%s', (_name, a) => {
  // Restated from DESIGN: active means the flag is set and the end date lies ahead.
  const subscribed = a.tier_subscription_active && a.tier_subscription_ends_at === FUTURE;
  const paid = subscribed || a.is_sponsored;
  const admin = a.roles.includes('admin');
  const promoter = a.roles.includes('promoter');

  it('swipes and messages only on a paid or sponsored tier 1–4', () => {
    expect(canSwipe(a)).toBe(a.tier_level >= 1 && paid);
    expect(canMessage(a)).toBe(a.tier_level >= 1 && paid);
  });

  it('explains a refused send in the spec order', () => {
    const block = messageSendBlock(a);
    if (!a.email_confirmed) expect(block?.code).toBe('EMAIL_CONFIRMATION_REQUIRED');
    else if (a.tier_level === 0) expect(block?.code).toBe('TIER_REQUIRED');
    else if (!paid) expect(block?.code).toBe('SUBSCRIPTION_INACTIVE');
    else if (a.tier_level < 2 && !a.verified) expect(block?.code).toBe('VERIFICATION_REQUIRED');
    else expect(block).toBeNull();
    // A send is never allowed where the tier rule forbids messaging.
    if (!canMessage(a)) expect(block).not.toBeNull();
  });

  it('pays only with a confirmed e-mail', () => {
    expect(paymentBlock(a)).toEqual(
      a.email_confirmed
        ? null
        : { code: 'EMAIL_CONFIRMATION_REQUIRED', message: 'Confirm your e-mail to make payments' },
    );
  });

  it('explains a refused swipe', () => {
    const block = swipeBlock(a);
    expect(block === null).toBe(canSwipe(a));
    if (a.tier_level === 0) expect(block?.code).toBe('TIER_REQUIRED');
    else if (!paid) expect(block?.code).toBe('SUBSCRIPTION_INACTIVE');
  });

  it('applies the role rules', () => {
    expect(canViewProfiles(a)).toBe(true);
    expect(canCreateParties(a)).toBe(admin || promoter);
    expect(canModerateContent(a)).toBe(admin || promoter);
    expect(canManageUsers(a)).toBe(admin);
    expect(isAdmin(a)).toBe(admin);
  });

  it('grants sponsoring to a paid tier 4 alone, and ghost mode to a paid tier 4 or a sponsored member', () => {
    expect(canSponsor(a)).toBe(a.tier_level === 4 && subscribed);
    expect(canUseGhostMode(a)).toBe((a.tier_level === 4 && subscribed) || a.is_sponsored);
    expect(sponsorBlock(a) === null).toBe(canSponsor(a));
  });

  it('sees its own tier and every tier below', () => {
    expect(maxVisibleTier(a)).toBe(a.tier_level);
    for (const tier of TIER_LEVELS) expect(canSeeTier(a, tier)).toBe(tier <= a.tier_level);
  });

  it('reports the same answers as capabilities', () => {
    const caps = capabilitiesOf(a);
    expect(caps.can_swipe).toBe(canSwipe(a));
    expect(caps.can_message).toBe(canMessage(a));
    expect(caps.can_sponsor).toBe(canSponsor(a));
    expect(caps.can_use_ghost_mode).toBe(canUseGhostMode(a));
    expect(caps.max_visible_tier).toBe(maxVisibleTier(a));
    expect(caps.message_block).toEqual(messageSendBlock(a));
    expect(capabilitiesSchema.safeParse(caps).success).toBe(true);
  });
});

describe('an active subscription', () => {
  it('needs the flag and an end date still ahead', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    const at = (ends: string | null, active = true) =>
      isSubscriptionActive(actor({ tier_subscription_active: active, tier_subscription_ends_at: ends }), now);
    expect(at('2026-11-22T12:00:01Z')).toBe(true);
    expect(at('2026-11-22T12:00:00Z')).toBe(false);
    expect(at('2026-11-01T00:00:00Z')).toBe(false);
    expect(at(null)).toBe(false);
    expect(at('2027-01-01T00:00:00Z', false)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });

  it('lapses with its end date: a flag left set grants no swiping or messaging', () => {
    const lapsed = actor({ tier_level: 3, tier_subscription_ends_at: PAST });
    expect(canSwipe(lapsed)).toBe(false);
    expect(swipeBlock(lapsed)?.code).toBe('SUBSCRIPTION_INACTIVE');
    expect(messageSendBlock(lapsed)?.code).toBe('SUBSCRIPTION_INACTIVE');
    expect(canSwipe({ ...lapsed, is_sponsored: true })).toBe(true);
  });
});

describe('messaging boundaries named in the spec', () => {
  it.each<[string, Partial<Actor>, string | null]>([
    ['tier 0 observer', { tier_level: 0 }, 'Upgrade to Basic Access or higher to send messages'],
    [
      'tier 0 even when sponsored and verified',
      { tier_level: 0, is_sponsored: true },
      'Upgrade to Basic Access or higher to send messages',
    ],
    ['tier 1 unverified', { tier_level: 1, verified: false }, 'Please verify your account to send messages'],
    ['tier 1 verified', { tier_level: 1, verified: true }, null],
    ['tier 2 unverified', { tier_level: 2, verified: false }, null],
    ['tier 4 unverified', { tier_level: 4, verified: false }, null],
    ['tier 3 lapsed', { tier_level: 3, tier_subscription_active: false }, MESSAGE_SUBSCRIPTION_INACTIVE_TEXT],
    [
      'tier 3 lapsed but sponsored',
      { tier_level: 3, tier_subscription_active: false, is_sponsored: true },
      null,
    ],
    [
      'tier 1 sponsored, unverified',
      { tier_level: 1, tier_subscription_active: false, is_sponsored: true, verified: false },
      'Please verify your account to send messages',
    ],
  ])('%s', (_name, overrides, message) => {
    expect(messageSendBlock(actor(overrides))?.message ?? null).toBe(message);
  });

  it('mentions renewing in the inactive-subscription text', () => {
    expect(MESSAGE_SUBSCRIPTION_INACTIVE_TEXT).toMatch(/renew/i);
    expect(swipeBlock(actor({ tier_subscription_active: false }))?.message).toMatch(/renew/i);
  });

  it('names the swipe refusal for observers', () => {
    expect(swipeBlock(actor({ tier_level: 0 }))).toEqual({
      code: 'TIER_REQUIRED',
      message: 'Upgrade to Basic Access or higher to swipe',
    });
  });
});

describe('the chat composer of a member who may not send', () => {
  it('follows the send rule exactly, at every combination of tier, plan, verification and role', () => {
    for (const a of everyActor) {
      expect(composerRestriction(a)?.code ?? null).toBe(messageSendBlock(a)?.code ?? null);
    }
  });

  it.each<[string, Partial<Actor>, string | null, string | null]>([
    [
      'an Observer',
      { tier_level: 0 },
      'Upgrade to Basic Access or higher to send messages',
      'Observer tier can browse only. Upgrade to start messaging.',
    ],
    [
      'tier 1 unverified',
      { tier_level: 1, verified: false },
      'Verify your account to send messages',
      'Please verify your account to unlock messaging features.',
    ],
    [
      'tier 3 lapsed',
      { tier_level: 3, tier_subscription_active: false },
      'Renew your subscription to send messages',
      'Your plan has ended. Renew it to start messaging again.',
    ],
    ['tier 2 unverified', { tier_level: 2, verified: false }, null, null],
  ])('%s reads the spec’s placeholder and hint', (_name, overrides, placeholder, hint) => {
    const restriction = composerRestriction(actor(overrides));
    expect(restriction?.placeholder ?? null).toBe(placeholder);
    expect(restriction?.hint ?? null).toBe(hint);
  });
});

describe('ghost mode and sponsoring', () => {
  it.each<[Partial<Actor>, boolean, boolean]>([
    [{ tier_level: 4, tier_subscription_active: true }, true, true],
    [{ tier_level: 4, tier_subscription_active: false }, false, false],
    [{ tier_level: 3, tier_subscription_active: true }, false, false],
    // Sponsored: ghost mode as the spec says, but no sponsoring on someone else's money (decision 029).
    [{ tier_level: 0, tier_subscription_active: false, is_sponsored: true }, true, false],
    [{ tier_level: 4, tier_subscription_active: false, is_sponsored: true }, true, false],
  ])('%o → ghost mode %s, sponsoring %s', (overrides, ghost, sponsor) => {
    expect(canUseGhostMode(actor(overrides))).toBe(ghost);
    expect(ghostModeBlock(actor(overrides)) === null).toBe(ghost);
    expect(canSponsor(actor(overrides))).toBe(sponsor);
    expect(sponsorBlock(actor(overrides)) === null).toBe(sponsor);
  });

  it('tells a lapsed Vault Verified sponsor to renew and anyone else that sponsoring is a Vault feature', () => {
    expect(
      sponsorBlock(actor({ tier_level: 4, tier_subscription_active: false, is_sponsored: true })),
    ).toEqual({
      code: 'SUBSCRIPTION_INACTIVE',
      message: 'Your subscription is not active. Renew your subscription to sponsor members.',
    });
    expect(sponsorBlock(actor({ tier_level: 2, is_sponsored: true }))).toEqual({
      code: 'TIER_REQUIRED',
      message: 'Sponsoring is a Vault Verified feature',
    });
  });

  it('tells a lapsed Vault Verified member to renew and anyone else to upgrade', () => {
    expect(ghostModeBlock(actor({ tier_level: 4, tier_subscription_active: false }))?.code).toBe(
      'SUBSCRIPTION_INACTIVE',
    );
    expect(ghostModeBlock(actor({ tier_level: 3, tier_subscription_active: true }))).toEqual({
      code: 'TIER_REQUIRED',
      message: 'Ghost Mode is a Vault Verified feature',
    });
  });
});

describe('canSeeTier', () => {
  it.each<[TierLevel, TierLevel, boolean]>([
    [0, 0, true],
    [0, 1, false],
    [2, 2, true],
    [2, 3, false],
    [4, 4, true],
  ])('viewer tier %i sees tier %i: %s', (viewer, target, expected) => {
    expect(canSeeTier(actor({ tier_level: viewer }), target)).toBe(expected);
  });
});

describe('swipeUnlockTier and nextTier', () => {
  it('names the plan that lifts a swipe block', () => {
    expect(swipeUnlockTier(null)).toBe(1);
    expect(swipeUnlockTier(actor({ tier_level: 0 }))).toBe(1);
    expect(swipeUnlockTier(actor({ tier_level: 3, tier_subscription_active: false }))).toBe(3);
    expect(swipeUnlockTier(actor({ tier_level: 2 }))).toBeNull();
  });

  it('climbs one tier at a time and stops at the top', () => {
    expect(TIER_LEVELS.map(nextTier)).toEqual([1, 2, 3, 4, null]);
  });
});

describe('an unconfirmed e-mail', () => {
  it('holds back messages and payments first, with its own words, and nothing else', () => {
    const unconfirmed = actor({ email_confirmed: false, tier_level: 3 });
    expect(messageSendBlock(unconfirmed)).toEqual({
      code: 'EMAIL_CONFIRMATION_REQUIRED',
      message: 'Confirm your e-mail to send messages',
    });
    expect(composerRestriction(unconfirmed)?.placeholder).toBe('Confirm your e-mail to send messages');
    expect(paymentBlock(unconfirmed)?.code).toBe('EMAIL_CONFIRMATION_REQUIRED');
    expect(canSwipe(unconfirmed)).toBe(true);
    expect(canViewProfiles(unconfirmed)).toBe(true);
    // Even an Observer is told about the e-mail first: upgrading needs a payment, which needs it too.
    expect(messageSendBlock(actor({ email_confirmed: false, tier_level: 0 }))?.code).toBe(
      'EMAIL_CONFIRMATION_REQUIRED',
    );
    expect(paymentBlock(actor())).toBeNull();
    expect(paymentBlock(null)).toBeNull();
  });
});
