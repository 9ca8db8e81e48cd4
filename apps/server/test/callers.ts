import { type Actor, type Role, type SecondFactorFacts, TIER_LEVELS, type TierLevel } from '@royal/shared';
import type { Session } from './app';

export type Caller = {
  label: string;
  tier: TierLevel;
  roles: Role[];
  subscriptionActive: boolean;
  /** Accepted the current terms and privacy policy (passed the compliance gate). */
  legalAccepted: boolean;
  /** Finished onboarding: the app proper's routes (declared `ready`) refuse them until then. */
  onboarded: boolean;
  /** Confirmed their e-mail (default true): payment routes and sending messages refuse them until then. */
  emailConfirmed?: boolean;
  /**
   * The second factor (decision 057): 'confirmed' (default) enrolled in TOTP and this session
   * confirmed with it; 'unconfirmed' enrolled, this session not confirmed; 'none' not enrolled.
   * Factory admins are enrolled, other members not, whatever this says (only admin routes read it).
   */
  secondFactor?: 'confirmed' | 'unconfirmed' | 'none';
  session?: Session;
};

/** Callers at every tier, unpaid, and with every role, so each declaration meets its boundary. */
export function callers(): Caller[] {
  const list: Caller[] = TIER_LEVELS.map((tier) => ({
    label: `tier ${tier}`,
    tier,
    roles: ['user'],
    subscriptionActive: tier > 0,
    legalAccepted: true,
    onboarded: true,
  }));
  const more: Omit<Caller, 'legalAccepted' | 'onboarded'>[] = [
    { label: 'tier 2, subscription lapsed', tier: 2, roles: ['user'], subscriptionActive: false },
    { label: 'tier 0 admin', tier: 0, roles: ['user', 'admin'], subscriptionActive: false },
    { label: 'tier 1 promoter', tier: 1, roles: ['user', 'promoter'], subscriptionActive: true },
  ];
  for (const caller of more) list.push({ ...caller, legalAccepted: true, onboarded: true });
  // Signed up but not through the compliance gate yet: only the gate's own routes answer.
  list.push({
    label: 'tier 3, gate not passed',
    tier: 3,
    roles: ['user'],
    subscriptionActive: true,
    legalAccepted: false,
    onboarded: true,
  });
  list.push({
    label: 'admin, gate not passed',
    tier: 0,
    roles: ['user', 'admin'],
    subscriptionActive: false,
    legalAccepted: false,
    onboarded: true,
  });
  // Through the gate but not onboarded yet: the app proper refuses them, the rest of the app does not.
  list.push({
    label: 'tier 3, not onboarded',
    tier: 3,
    roles: ['user'],
    subscriptionActive: true,
    legalAccepted: true,
    onboarded: false,
  });
  // Admins whose session has no confirmed second factor: every admin route refuses them (decision 057).
  list.push({
    label: 'admin, session not confirmed with the second factor',
    tier: 0,
    roles: ['user', 'admin'],
    subscriptionActive: false,
    legalAccepted: true,
    onboarded: true,
    secondFactor: 'unconfirmed',
  });
  list.push({
    label: 'admin without a second factor',
    tier: 0,
    roles: ['user', 'admin'],
    subscriptionActive: false,
    legalAccepted: true,
    onboarded: true,
    secondFactor: 'none',
  });
  // Signed up and onboarded, e-mail not confirmed yet: no messages, no payments (decision 056).
  list.push({
    label: 'tier 2, e-mail not confirmed',
    tier: 2,
    roles: ['user'],
    subscriptionActive: true,
    legalAccepted: true,
    onboarded: true,
    emailConfirmed: false,
  });
  return list;
}

/** A caller's second factor as the access hook reads it from their actor (decision 057). */
export function callerSecondFactor(caller: Caller): SecondFactorFacts {
  const admin = caller.roles.includes('admin');
  const enrolled = admin && caller.secondFactor !== 'none';
  return { enrolled, sessionConfirmed: (caller.secondFactor ?? 'confirmed') !== 'unconfirmed' };
}

/** The permission facts of a caller, as the shared access rules read them. */
export function callerRules(caller: Caller): Actor {
  return {
    tier_level: caller.tier,
    tier_subscription_active: caller.subscriptionActive,
    tier_subscription_ends_at: caller.subscriptionActive
      ? new Date(Date.now() + 86_400_000).toISOString()
      : null,
    is_sponsored: false,
    verified: false,
    email_confirmed: caller.emailConfirmed ?? true,
    roles: caller.roles,
  };
}
