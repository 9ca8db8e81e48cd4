import { type Actor, actorFromPlan, type Role } from '@royal/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, userRoles, users } from '../../db/schema';

// A member's plan as the shared rules read it now, from their profile row rather than the cached actor
// (actor.ts): for the decisions that must see a plan change made a moment ago, or wait for one under
// way (the Ghost Mode setting, a plan payment, a sponsorship, a held transfer's release).

/** The columns the shared plan rules read (actorFromPlan), for a select or an update's returning on profiles. */
export const planColumns = {
  tierLevel: profiles.tierLevel,
  tierSubscriptionActive: profiles.tierSubscriptionActive,
  tierSubscriptionEndsAt: profiles.tierSubscriptionEndsAt,
  isSponsored: profiles.isSponsored,
  verified: profiles.verified,
  // The one fact kept on the account rather than the profile (decision 056).
  emailConfirmed: sql<boolean>`coalesce((select ${users.emailVerified} from ${users} where ${users.id} = ${profiles.userId}), false)`,
};

const roleList = sql<
  Role[]
>`array(select ${userRoles.role}::text from ${userRoles} where ${userRoles.userId} = ${profiles.userId})`;

/**
 * The members' plans as the shared rules read them now, by member id; a member without a profile has
 * no entry. `lock` locks their profile rows until the transaction ends, in id order (two transactions
 * locking the same members queue instead of deadlocking). No plan rule reads roles: `roles` loads them
 * for an access rule that may.
 */
export async function planRulesOf(
  tx: Db,
  userIds: readonly string[],
  { lock = false, roles = false }: { lock?: boolean; roles?: boolean } = {},
): Promise<Map<string, Actor>> {
  const read = tx
    .select({ userId: profiles.userId, ...planColumns, roles: roles ? roleList : sql<null>`null` })
    .from(profiles)
    .where(inArray(profiles.userId, [...userIds]))
    .orderBy(profiles.userId);
  const rows = lock ? await read.for('update') : await read;
  return new Map(rows.map((row) => [row.userId, actorFromPlan(row, row.roles ?? [])]));
}
