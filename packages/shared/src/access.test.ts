import { describe, expect, it } from 'vitest';
import {
  type Access,
  accessRefusal,
  CAPABILITIES,
  describeAccess,
  paymentRefusal,
  readinessRefusal,
} from './access';
import type { Actor } from './permissions';
import { TIER_LEVELS, upgradeToText } from './tiers';

const FUTURE = new Date(Date.now() + 86_400_000).toISOString();
const member = (overrides: Partial<Actor> = {}): Actor => ({
  tier_level: 1,
  tier_subscription_active: true,
  tier_subscription_ends_at: FUTURE,
  is_sponsored: false,
  verified: true,
  email_confirmed: true,
  roles: ['user'],
  ...overrides,
});

describe('accessRefusal', () => {
  it('lets anyone call a public route', () => {
    expect(accessRefusal(null, 'public')).toBeNull();
    expect(accessRefusal(member(), 'public')).toBeNull();
  });

  it('refuses a signed-out caller everything else with UNAUTHENTICATED', () => {
    const declarations: Access[] = [
      'member',
      { role: 'admin' },
      { tier: 1 },
      ...CAPABILITIES.map((capability) => ({ capability })),
    ];
    for (const access of declarations) {
      expect(accessRefusal(null, access), describeAccess(access)).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'User not authenticated',
      });
    }
  });

  it('checks roles', () => {
    expect(accessRefusal(member(), { role: 'admin' })).toEqual({ code: 'FORBIDDEN', message: 'Admins only' });
    expect(accessRefusal(member({ roles: ['user', 'admin'] }), { role: 'admin' })).toBeNull();
    expect(accessRefusal(member({ roles: ['user', 'promoter'] }), { role: 'admin' })?.code).toBe('FORBIDDEN');
  });

  it('checks the tier at every boundary', () => {
    for (const needed of TIER_LEVELS) {
      for (const held of TIER_LEVELS) {
        const refusal = accessRefusal(member({ tier_level: held }), { tier: needed });
        if (held >= needed) expect(refusal).toBeNull();
        else
          expect(refusal).toEqual({
            code: 'TIER_REQUIRED',
            message: `${upgradeToText(needed)} to use this feature`,
          });
      }
    }
  });

  it('reuses the capability rules with the spec texts', () => {
    expect(accessRefusal(member({ tier_level: 0 }), { capability: 'swipe' })).toEqual({
      code: 'TIER_REQUIRED',
      message: 'Upgrade to Basic Access or higher to swipe',
    });
    expect(accessRefusal(member({ tier_subscription_ends_at: null }), { capability: 'swipe' })?.code).toBe(
      'SUBSCRIPTION_INACTIVE',
    );
    expect(accessRefusal(member({ verified: false }), { capability: 'send_message' })).toEqual({
      code: 'VERIFICATION_REQUIRED',
      message: 'Please verify your account to send messages',
    });
    expect(accessRefusal(member({ tier_level: 3 }), { capability: 'ghost_mode' })).toEqual({
      code: 'TIER_REQUIRED',
      message: 'Ghost Mode is a Vault Verified feature',
    });
    expect(accessRefusal(member({ tier_level: 4 }), { capability: 'ghost_mode' })).toBeNull();
    expect(
      accessRefusal(member({ roles: ['user', 'promoter'] }), { capability: 'create_parties' }),
    ).toBeNull();
    expect(accessRefusal(member(), { capability: 'manage_users' })?.code).toBe('FORBIDDEN');
  });
});

describe('readinessRefusal', () => {
  it('refuses a route of the app proper to a member who has not finished onboarding', () => {
    expect(readinessRefusal({ onboarded: false }, true)).toEqual({
      code: 'ONBOARDING_REQUIRED',
      message: 'Finish setting up your profile to start meeting members',
    });
    expect(readinessRefusal({ onboarded: true }, true)).toBeNull();
  });

  it('leaves every other route alone', () => {
    expect(readinessRefusal({ onboarded: false }, false)).toBeNull();
  });
});

describe('paymentRefusal', () => {
  it('refuses a payment route to a member whose e-mail is unconfirmed, and nothing else', () => {
    const unconfirmed = member({ email_confirmed: false });
    expect(paymentRefusal(unconfirmed, true)).toEqual({
      code: 'EMAIL_CONFIRMATION_REQUIRED',
      message: 'Confirm your e-mail to make payments',
    });
    expect(paymentRefusal(unconfirmed, false)).toBeNull();
    expect(paymentRefusal(member(), true)).toBeNull();
    // Signed out is accessRefusal's to answer (401), never this rule's.
    expect(paymentRefusal(null, true)).toBeNull();
  });

  it('refuses sending messages through the capability rule', () => {
    expect(accessRefusal(member({ email_confirmed: false }), { capability: 'send_message' })?.code).toBe(
      'EMAIL_CONFIRMATION_REQUIRED',
    );
  });
});
