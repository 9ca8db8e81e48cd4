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
 * Records that `viewerId` opened `viewedId`'s page, if the viewer shows in Viewed Me of a member of
 * `tier` (the members' visibility rule from the viewed member's side): only such a view counts, so
 * Profile Views and Viewed Me never disagree and a private or hidden account cannot inflate the
 * counter unseen. A view counts once per viewer per day: the first opening in 24 hours stamps
 * `counted_at` and adds one to view_count; later ones only move `viewed_at` (the order of Viewed
 * Me). One statement, so one round trip and atomic without a transaction. The count itself is the
 * member's own (Interests), never shown on the page (decision 039).
 */
async function recordView(db: Db, viewerId: string, viewedId: string, tier: TierLevel): Promise<void> {
  await db.execute(sql`
    with listed as (
      select 1 from ${profiles} where ${profiles.userId} = ${viewerId} and ${listedForTier(tier)}
    ), viewed as (
      insert into ${profileViews} (viewer_id, viewed_id)
      select ${viewerId}::uuid, ${viewedId}::uuid where exists (select 1 from listed)
      on conflict (viewer_id, viewed_id) do update set
        viewed_at = now(),
        counted_at = case when ${profileViews.countedAt} <= now() - interval '1 day' then now() else ${profileViews.countedAt} end
      returning counted_at = viewed_at as counted
    ), bumped as (
      update ${profiles} set view_count = ${profiles.viewCount} + 1
      where ${profiles.userId} = ${viewedId} and exists (select 1 from viewed where counted)
      returning 1
    )
    select count(*) from bumped`);
}

/**
 * The profile page. Hidden members (ghost, private, tier_only above the viewer, blocked either way)
 * answer 404 as if they did not exist; a visible member above the viewer's tier answers 403
 * "Profile Restricted" with the tier needed. Opening someone else's page records the view (see
 * recordView) unless the viewer is in ghost mode or Incognito Mode, would not be listed to the member,
 * or the request came from another site (neither Viewed Me nor the view count shows it). Your own page
 * is always yours to see.
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

  // The view is recorded while the photos are read: two connections, one wait.
  const recordsView = !isSelf && !actor.ghostMode && !row.viewerIncognito && countView;
  const [, photos] = await Promise.all([
    recordsView ? recordView(ctx.db, actor.id, memberId, tier) : null,
    loadPhotos(ctx.db, [row.id]),
  ]);
  return presentMemberProfile(
    row,
    photos.get(row.id) ?? [],
    {
      geo: actor.geo,
      maxTier: isSelf ? tier : maxVisibleTier(actor.rules),
      seesOnline: isSelf || actor.showsOnline,
    },
    { mySwipe: isSelf ? null : row.mySwipe, matchId: isSelf ? null : row.matchId },
  );
}
