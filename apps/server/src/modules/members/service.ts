import {
  AppError,
  canSeeTier,
  DEFAULT_MEMBER_SETTINGS,
  ErrorCode,
  type MemberProfile,
  maxVisibleTier,
  profileRestrictedMessage,
  type SwipeDirection,
  type TierLevel,
} from '@royal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, profileViews, safetySettings, swipeActions } from '../../db/schema';
import type { MemberActor } from '../auth';
import { listedForTier, visibleTo } from './policy';
import { presentMemberProfile } from './presenter';
import { loadPhotos, memberProfileColumns, openMatchIdWith } from './queries';

/**
 * Records that `viewerId` opened `viewedId`'s page. A view counts once per viewer per day: the
 * first opening in 24 hours stamps `counted_at` and adds one to view_count; later ones only move
 * `viewed_at` (the order of Viewed Me). Returns the member's view count.
 */
async function recordView(tx: Db, viewerId: string, viewedId: string): Promise<number | null> {
  const [view] = await tx
    .insert(profileViews)
    .values({ viewerId, viewedId })
    .onConflictDoUpdate({
      target: [profileViews.viewerId, profileViews.viewedId],
      set: {
        viewedAt: sql`now()`,
        countedAt: sql`case when ${profileViews.countedAt} <= now() - interval '1 day' then now() else ${profileViews.countedAt} end`,
      },
    })
    .returning({ counted: sql<boolean>`${profileViews.countedAt} = ${profileViews.viewedAt}` });
  if (!view?.counted) return null;
  const [updated] = await tx
    .update(profiles)
    .set({ viewCount: sql`${profiles.viewCount} + 1` })
    .where(eq(profiles.userId, viewedId))
    .returning({ viewCount: profiles.viewCount });
  return updated?.viewCount ?? null;
}

/**
 * Whether the viewer shows in Viewed Me of a member of `tier` (the members' visibility rule, from the
 * viewed member's side): only such a view counts, so Profile Views and Viewed Me never disagree and
 * a private or hidden account cannot inflate the counter unseen.
 */
async function listedTo(tx: Db, viewerId: string, tier: TierLevel): Promise<boolean> {
  const [listed] = await tx
    .select({ id: profiles.userId })
    .from(profiles)
    .where(and(eq(profiles.userId, viewerId), listedForTier(tier)));
  return listed !== undefined;
}

/**
 * The profile page. Hidden members (ghost, private, tier_only above the viewer, blocked either way)
 * answer 404 as if they did not exist; a visible member above the viewer's tier answers 403
 * "Profile Restricted" with the tier needed. Opening someone else's page records the view (see
 * recordView) unless the viewer is in ghost mode or Incognito Mode, would not be listed to the member
 * (listedTo), or the request came from another site (neither Viewed Me nor the view count shows it). Your own
 * page is always yours to see.
 */
export async function getMemberProfile(
  ctx: AppContext,
  { actor, memberId, countView }: { actor: MemberActor; memberId: string; countView: boolean },
): Promise<MemberProfile> {
  const isSelf = memberId === actor.id;
  const [row] = await ctx.db
    .select({
      ...memberProfileColumns,
      mySwipe: sql<SwipeDirection | null>`(select ${swipeActions.direction} from ${swipeActions}
        where ${swipeActions.swiperId} = ${actor.id} and ${swipeActions.targetId} = ${profiles.userId})`,
      matchId: openMatchIdWith(actor.id),
      // Incognito Mode (a setting, off by default): the viewer browses without leaving views.
      viewerIncognito: sql<boolean>`coalesce((select ${safetySettings.incognitoMode} from ${safetySettings}
        where ${safetySettings.userId} = ${actor.id}), ${sql.raw(String(DEFAULT_MEMBER_SETTINGS.incognito_mode))})`,
    })
    .from(profiles)
    .where(
      isSelf ? eq(profiles.userId, memberId) : (and(eq(profiles.userId, memberId), visibleTo(actor)) as SQL),
    );
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');

  const tier = row.tierLevel as TierLevel;
  if (!isSelf && !canSeeTier(actor.rules, tier)) {
    // The viewer's own swipe on them (a like paid with a message token): the page need not offer it again.
    throw new AppError(ErrorCode.PROFILE_RESTRICTED, profileRestrictedMessage(tier), {
      required_tier: tier,
      my_swipe: row.mySwipe,
    });
  }

  let viewCount = row.viewCount;
  if (!isSelf && !actor.ghostMode && !row.viewerIncognito && countView) {
    viewCount =
      (await ctx.transact(async ({ tx }) =>
        (await listedTo(tx, actor.id, tier)) ? recordView(tx, actor.id, memberId) : null,
      )) ?? viewCount;
  }

  const photos = await loadPhotos(ctx.db, [row.id]);
  return presentMemberProfile(
    { ...row, viewCount },
    photos.get(row.id) ?? [],
    { geo: actor.geo, maxTier: isSelf ? tier : maxVisibleTier(actor.rules) },
    { mySwipe: isSelf ? null : row.mySwipe, matchId: isSelf ? null : row.matchId },
  );
}
