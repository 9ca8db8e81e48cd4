import { type Actor, type Role, TIER_LEVELS, type TierLevel } from '@royal/shared';
import type { Session } from './app';

export type Caller = {
  label: string;
  tier: TierLevel;
  roles: Role[];
  subscriptionActive: boolean;
  session?: Session;
};

/** Callers at every tier, unpaid, and with every role, so each declaration meets its boundary. */
export function callers(): Caller[] {
  const list: Caller[] = TIER_LEVELS.map((tier) => ({
    label: `tier ${tier}`,
    tier,
    roles: ['user'],
    subscriptionActive: tier > 0,
  }));
  list.push({ label: 'tier 2, subscription lapsed', tier: 2, roles: ['user'], subscriptionActive: false });
  list.push({ label: 'tier 0 admin', tier: 0, roles: ['user', 'admin'], subscriptionActive: false });
  list.push({ label: 'tier 1 promoter', tier: 1, roles: ['user', 'promoter'], subscriptionActive: true });
  return list;
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
    roles: caller.roles,
  };
}
