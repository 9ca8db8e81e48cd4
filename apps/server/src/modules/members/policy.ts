import type { TierLevel } from '@royal/shared';
import { type AnyColumn, and, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { matches, profiles, swipeActions, userBlocks } from '../../db/schema';

/**
 * Who may know that another member exists. One rule, used by every read of another member: the
 * feed, swipes, the profile page, interests, photos and notification avatars, search, chat and
 * realtime. Queries select from `profiles`; the member's Profile Visibility is read from the copy the
 * database keeps there (schema/profiles.ts), so the rule needs no other table but blocks.
 */
const visibility = profiles.profileVisibility;

/** The viewer, as far as visibility is concerned. `tier` may be a SQL expression (a joined recipient). */
export type VisibilityViewer = { id: string | SQL | Placeholder; tier: TierLevel | SQL | Placeholder };

/**
 * No block between the viewer and the member in `profiles`, in either direction: two lookups, each an
 * exact pair of user_blocks_pair_key. As one lookup with OR between the directions, no single index
 * serves it, and a prepared plan (which may not combine indexes: db/client.ts) read the whole blocks
 * table once per feed page (31 ms of a 33 ms page with 100,000 blocks).
 */
export function notBlockedWith(viewerId: string | SQL | Placeholder): SQL {
  return noBlockBetween(viewerId, profiles.userId);
}

/** No block between two members, in either direction (two exact lookups of user_blocks_pair_key). */
export function noBlockBetween(
  a: string | SQL | Placeholder | AnyColumn,
  b: string | SQL | Placeholder | AnyColumn,
): SQL {
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${a} and ${userBlocks.blockedId} = ${b})
    and not exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${b} and ${userBlocks.blockedId} = ${a})`;
}

/**
 * Whether the viewer may know the member in `profiles` exists at all: not in ghost mode, no block
 * either way, and the member's own choice of who sees them (issue 34):
 * - Profile Visibility `public`: everyone; `tier_only`: viewers at the member's tier or above;
 *   `private`: only the members they matched with;
 * - Incognito Mode: only the members they liked (a like or a super like; a match is one too).
 * It does not apply the tier range itself: callers decide whether a higher tier is a locked card, a
 * restricted page, a masked interest row or a blurred photo. Does not exclude the viewer.
 * The lookups behind `private` and incognito run only for such members (a few), one exact key each.
 */
export function visibleTo(viewer: VisibilityViewer): SQL {
  return and(
    shownToEveryone,
    or(
      sql`${visibility} = 'public'`,
      and(sql`${visibility} = 'tier_only'`, tierAllows(viewer.tier)),
      and(sql`${visibility} = 'private'`, matchedWith(viewer.id)),
    ),
    or(sql`${profiles.incognitoMode} = false`, likedBy(viewer.id)),
    notBlockedWith(viewer.id),
  ) as SQL;
}

/**
 * A member not suspended or banned now (decision 060): the profile's copy of their live action, so
 * the rule reads no other table. A suspension that ran out is not cleared: compared with now(), it
 * lets the member back by itself. An extra filter on the rows an index finds, it leaves the partial
 * indexes' `ghost_mode = false` as provable as before.
 */
export const notSuspended = sql`(${profiles.suspendedUntil} is null or ${profiles.suspendedUntil} <= now())`;

/** What no viewer changes: out of ghost mode, done with onboarding, not suspended or banned. */
const shownToEveryone = and(
  // A literal, not a parameter: partial indexes `where ghost_mode = false` must be provably usable.
  sql`${profiles.ghostMode} = false`,
  // A member who has not finished onboarding is not anyone's to meet yet.
  sql`${profiles.onboardedAt} is not null`,
  notSuspended,
) as SQL;

const tierAllows = (viewerTier: VisibilityViewer['tier']) => sql`${profiles.tierLevel} <= ${viewerTier}`;

/** The member in `profiles` liked the viewer (swipe_actions_pkey: one exact pair). */
function likedBy(viewerId: VisibilityViewer['id']): SQL {
  return sql`exists (select 1 from ${swipeActions}
    where ${swipeActions.swiperId} = ${profiles.userId} and ${swipeActions.targetId} = ${viewerId}::uuid
      and ${swipeActions.direction} in ('right', 'up'))`;
}

/**
 * The members every viewer of one tier may find in a directory (browse shares one snapshot of
 * matches between such viewers and removes each one's blocks itself): `visibleTo` without the
 * per-viewer exceptions, so private and incognito members are never listed there (decision 049).
 */
export function listedForTier(viewerTier: VisibilityViewer['tier']): SQL {
  return and(
    shownToEveryone,
    or(sql`${visibility} = 'public'`, and(sql`${visibility} = 'tier_only'`, tierAllows(viewerTier))),
    sql`${profiles.incognitoMode} = false`,
  ) as SQL;
}

/** A match, open or expired, between the viewer and the member in `profiles` (matches_pair_key). */
export function matchedWith(viewerId: string | SQL | Placeholder): SQL {
  return sql`exists (select 1 from ${matches}
    where ${matches.user1Id} = least(${viewerId}::uuid, ${profiles.userId})
      and ${matches.user2Id} = greatest(${viewerId}::uuid, ${profiles.userId}))`;
}

/**
 * Whether the viewer may deal with the member in `profiles` directly, outside a conversation (send
 * them money): visible to them, and within their tier range or matched with them (a like paid with a
 * message token matches above the range). A member above the range is a masked teaser everywhere
 * else, so dealing with them by id would reveal who they are; a caller treats anyone else as unknown.
 */
export function reachableBy(viewer: VisibilityViewer & { maxTier: TierLevel | SQL }): SQL {
  return and(
    visibleTo(viewer),
    or(sql`${profiles.tierLevel} <= ${viewer.maxTier}`, matchedWith(viewer.id)),
  ) as SQL;
}

/** What a visible member above the viewer's tier reveals: everywhere the same masked teaser. */
export const isAboveTier = (memberTier: number, viewerMaxTier: TierLevel) => memberTier > viewerMaxTier;
