import {
  AppError,
  canSeeTier,
  ErrorCode,
  type MemberProfile,
  profileRestrictedMessage,
  type SwipeDirection,
  type TierLevel,
} from '@royal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { profiles, profileViews, safetySettings, swipeActions } from '../../db/schema';
import type { Member } from '../../plugins/session';
import { presentMemberProfile } from './presenter';
import {
  activeMatchIdWith,
  loadPhotos,
  loadViewer,
  memberProfileColumns,
  settingsJoin,
  visibleTo,
} from './queries';

/**
 * The profile page. Hidden members (ghost, private, tier_only above the viewer, blocked either way)
 * answer 404 as if they did not exist; a visible member above the viewer's tier answers 403
 * "Profile Restricted" with the tier needed. Opening someone else's page records the view and counts
 * it, in one transaction, unless the viewer is in ghost mode. Your own page is always yours to see.
 */
export async function getMemberProfile(
  ctx: AppContext,
  member: Member,
  memberId: string,
): Promise<MemberProfile> {
  const viewer = await loadViewer(ctx.db, member);
  const isSelf = memberId === member.id;
  const [row] = await ctx.db
    .select({
      ...memberProfileColumns,
      mySwipe: sql<SwipeDirection | null>`(select ${swipeActions.direction} from ${swipeActions}
        where ${swipeActions.swiperId} = ${member.id} and ${swipeActions.targetId} = ${profiles.userId})`,
      matchId: activeMatchIdWith(member.id),
    })
    .from(profiles)
    .leftJoin(safetySettings, settingsJoin)
    .where(
      isSelf ? eq(profiles.userId, memberId) : (and(eq(profiles.userId, memberId), visibleTo(viewer)) as SQL),
    );
  if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');

  const tier = row.tierLevel as TierLevel;
  if (!isSelf && !canSeeTier(member.actor, tier)) {
    throw new AppError(ErrorCode.PROFILE_RESTRICTED, profileRestrictedMessage(tier), { required_tier: tier });
  }

  let viewCount = row.viewCount;
  if (!isSelf && !viewer.ghostMode) {
    viewCount = await ctx.db.transaction(async (tx) => {
      await tx
        .insert(profileViews)
        .values({ viewerId: member.id, viewedId: memberId })
        .onConflictDoUpdate({
          target: [profileViews.viewerId, profileViews.viewedId],
          set: { viewedAt: sql`now()` },
        });
      const [updated] = await tx
        .update(profiles)
        .set({ viewCount: sql`${profiles.viewCount} + 1` })
        .where(eq(profiles.userId, memberId))
        .returning({ viewCount: profiles.viewCount });
      return updated?.viewCount ?? row.viewCount;
    });
  }

  const photos = await loadPhotos(ctx.db, [row.id]);
  return presentMemberProfile(
    { ...row, viewCount },
    photos.get(row.id) ?? [],
    { geo: viewer.geo, maxTier: isSelf ? tier : member.actor.tier_level },
    { mySwipe: isSelf ? null : row.mySwipe, matchId: isSelf ? null : row.matchId },
  );
}
