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
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { profiles, profileViews, safetySettings, swipeActions } from '../../db/schema';
import type { MemberActor } from '../auth';
import { listedForTier, visibleTo } from './policy';
import { type MemberProfileRow, presentMemberProfile } from './presenter';
import { memberProfileColumns, openMatchIdWith, selectList } from './queries';

type ViewValues = { viewerId: string; viewedId: string; tier: TierLevel };
type ProfileValues = { viewerId: string; viewerTier: TierLevel; memberId: string };
type ProfileRow = MemberProfileRow & {
  photoIds: string[];
  mySwipe: SwipeDirection | null;
  matchId: string | null;
  viewerIncognito: boolean;
};

/**
 * Records that `viewerId` opened `viewedId`'s page, if the viewer shows in Viewed Me of a member of
 * `tier` (the members' visibility rule from the viewed member's side): only such a view counts, so
 * Profile Views and Viewed Me never disagree and a private or hidden account cannot inflate the
 * counter unseen. A view counts once per viewer per day: the first opening in 24 hours stamps
 * `counted_at` and adds one to view_count; later ones only move `viewed_at` (the order of Viewed
 * Me). One statement, so one round trip and atomic without a transaction. The count itself is the
 * member's own (Interests), never shown on the page (decision 039).
 */
const viewStatement = preparedStatement<{ count: string }, ViewValues>(
  'record_profile_view',
  (v) => sql`
    with listed as (
      select 1 from ${profiles} where ${profiles.userId} = ${v.viewerId}::uuid and ${listedForTier(sql`${v.tier}::int`)}
    ), viewed as (
      insert into ${profileViews} (viewer_id, viewed_id)
      select ${v.viewerId}::uuid, ${v.viewedId}::uuid where exists (select 1 from listed)
      on conflict (viewer_id, viewed_id) do update set
        viewed_at = now(),
        counted_at = case when ${profileViews.countedAt} <= now() - interval '1 day' then now() else ${profileViews.countedAt} end
      returning counted_at = viewed_at as counted
    ), bumped as (
      update ${profiles} set view_count = ${profiles.viewCount} + 1
      where ${profiles.userId} = ${v.viewedId}::uuid and exists (select 1 from viewed where counted)
      returning 1
    )
    select count(*) from bumped`,
);

async function recordView(ctx: AppContext, values: ViewValues): Promise<void> {
  await viewStatement.run(ctx.database, values);
}

/**
 * The page's member as the viewer may see them (your own page always), with their approved photos
 * (the copy on `profiles`, in the photo lists' order), the viewer's swipe on them, their open match
 * and the viewer's Incognito setting: one named statement (a primary-key read and a probe per rule),
 * so a page is neither parsed and planned afresh nor read in parts.
 */
const profileStatement = preparedStatement<ProfileRow, ProfileValues>('member_profile', (v) => {
  const viewerId = sql`${v.viewerId}::uuid`;
  return sql`select ${selectList({
    ...memberProfileColumns,
    photoIds: profiles.photoIds,
    mySwipe: sql`(select ${swipeActions.direction} from ${swipeActions}
        where ${swipeActions.swiperId} = ${viewerId} and ${swipeActions.targetId} = ${profiles.userId})`,
    matchId: openMatchIdWith(viewerId),
    // Incognito Mode (a setting, off by default): the viewer browses without leaving views.
    viewerIncognito: sql`coalesce((select ${safetySettings.incognitoMode} from ${safetySettings}
        where ${safetySettings.userId} = ${viewerId}), ${sql.raw(String(DEFAULT_MEMBER_SETTINGS.incognito_mode))})`,
  })}
    from ${profiles}
    where ${profiles.userId} = ${v.memberId}::uuid
      and (${profiles.userId} = ${viewerId} or ${visibleTo({ id: viewerId, tier: sql`${v.viewerTier}::int` })})`;
});

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
  const [row] = await profileStatement.run(ctx.database, {
    viewerId: actor.id,
    viewerTier: actor.tier,
    memberId,
  });
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');

  const tier = row.tierLevel as TierLevel;
  if (!isSelf && !canSeeTier(actor.rules, tier)) {
    // The viewer's own swipe on them (a like paid with a message token): the page need not offer it again.
    throw new AppError(ErrorCode.PROFILE_RESTRICTED, profileRestrictedMessage(tier), {
      required_tier: tier,
      my_swipe: row.mySwipe,
    });
  }

  if (!isSelf && !actor.ghostMode && !row.viewerIncognito && countView) {
    await recordView(ctx, { viewerId: actor.id, viewedId: memberId, tier });
  }
  return presentMemberProfile(
    row,
    row.photoIds.map((id) => ({ id })),
    {
      geo: actor.geo,
      maxTier: isSelf ? tier : maxVisibleTier(actor.rules),
      seesOnline: isSelf || actor.showsOnline,
    },
    { mySwipe: isSelf ? null : row.mySwipe, matchId: isSelf ? null : row.matchId },
  );
}
