import {
  AppError,
  ErrorCode,
  INTERESTS_LIST_LIMIT,
  type InterestRow,
  type Interests,
  maxVisibleTier,
} from '@royal/shared';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, profileViews, swipeActions } from '../../db/schema';
import type { MemberActor } from '../auth';
import {
  loadPhotos,
  type MemberCardRow,
  memberCardColumns,
  openMatchIdWith,
  presentMemberOrTeaser,
  type ViewerContext,
  visibleTo,
} from '../members';

type Viewer = MemberActor;

type Event = MemberCardRow & { at: Date; matchId: string | null };

/**
 * Swipes joined to the other member's card. `side` says which end of the swipe is the other member.
 * Indexed by swipe_actions_target_idx (on me) and swipe_actions_swiper_idx (mine).
 */
function swipeEvents(db: Db, viewer: Viewer, side: 'on-me' | 'mine', directions: ('right' | 'up')[]) {
  const other = side === 'on-me' ? swipeActions.swiperId : swipeActions.targetId;
  const mine = side === 'on-me' ? swipeActions.targetId : swipeActions.swiperId;
  return db
    .select({ ...memberCardColumns, at: swipeActions.createdAt, matchId: openMatchIdWith(viewer.id) })
    .from(swipeActions)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(mine, viewer.id), inArray(swipeActions.direction, directions), visibleTo(viewer)) as SQL)
    .orderBy(desc(swipeActions.createdAt))
    .limit(INTERESTS_LIST_LIMIT);
}

/** Members who opened the viewer's profile page (profile_views_viewed_idx). */
function pageViews(db: Db, viewer: Viewer) {
  return db
    .select({ ...memberCardColumns, at: profileViews.viewedAt, matchId: openMatchIdWith(viewer.id) })
    .from(profileViews)
    .innerJoin(profiles, eq(profiles.userId, profileViews.viewerId))
    .where(and(eq(profileViews.viewedId, viewer.id), visibleTo(viewer)) as SQL)
    .orderBy(desc(profileViews.viewedAt))
    .limit(INTERESTS_LIST_LIMIT);
}

function countSwipes(db: Db, viewer: Viewer, side: 'on-me' | 'mine') {
  const other = side === 'on-me' ? swipeActions.swiperId : swipeActions.targetId;
  const mine = side === 'on-me' ? swipeActions.targetId : swipeActions.swiperId;
  return db
    .select({ n: count() })
    .from(swipeActions)
    .innerJoin(profiles, eq(profiles.userId, other))
    .where(and(eq(mine, viewer.id), eq(swipeActions.direction, 'up'), visibleTo(viewer)) as SQL)
    .then(([row]) => row?.n ?? 0);
}

/**
 * Each of those sources holds at most one row per member (swipes are unique per pair, views keep
 * the latest), so the newest INTERESTS_LIST_LIMIT of each are enough to merge: keep every member's
 * newest event, newest first.
 */
function newestPerMember(...sources: Event[][]): Event[] {
  const byMember = new Map<string, Event>();
  for (const event of sources.flat()) {
    const seen = byMember.get(event.id);
    if (!seen || seen.at < event.at) byMember.set(event.id, event);
  }
  return [...byMember.values()]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, INTERESTS_LIST_LIMIT);
}

/**
 * Profile Views: the members Viewed Me lists, each once, counted past the list's limit — whoever
 * liked or super-liked the viewer or opened their page, hidden members left out as in the list.
 * Not profiles.view_count: that counts a visitor once per day (the figure on the member's card), and
 * keeps visitors who have since hidden, so it could not match the list.
 */
function viewedMeCount(db: Db, viewer: Viewer) {
  const members = db
    .select({ id: swipeActions.swiperId })
    .from(swipeActions)
    .where(and(eq(swipeActions.targetId, viewer.id), inArray(swipeActions.direction, ['right', 'up'])))
    .union(
      db.select({ id: profileViews.viewerId }).from(profileViews).where(eq(profileViews.viewedId, viewer.id)),
    )
    .as('members');
  return db
    .select({ n: count() })
    .from(members)
    .innerJoin(profiles, eq(profiles.userId, members.id))
    .where(visibleTo(viewer))
    .then(([row]) => row?.n ?? 0);
}

/**
 * The Interests screen. Viewed Me is the spec's likes and super likes on you plus members who opened
 * your page; Favorited Me is super likes on you; My Favorites is your super likes. Hidden members
 * (ghost, private, blocked either way, tier_only above you) are left out, in the lists and the counts
 * alike. Members of tiers above yours are not left out — they acted towards you — but come masked
 * exactly like the feed's locked teasers (tier, age, blurred photo), with the invitation to upgrade,
 * as their profile page is restricted to you too. Profile Views counts the members Viewed Me lists
 * (viewedMeCount).
 */
export async function loadInterests(
  ctx: AppContext,
  { actor: viewer }: { actor: MemberActor },
): Promise<Interests> {
  const [likesOnMe, views, superLikesOnMe, myFavorites, superLikeCount, favoriteCount, profileViews] =
    await Promise.all([
      swipeEvents(ctx.db, viewer, 'on-me', ['right', 'up']),
      pageViews(ctx.db, viewer),
      swipeEvents(ctx.db, viewer, 'on-me', ['up']),
      swipeEvents(ctx.db, viewer, 'mine', ['up']),
      countSwipes(ctx.db, viewer, 'on-me'),
      countSwipes(ctx.db, viewer, 'mine'),
      viewedMeCount(ctx.db, viewer),
    ]);
  const viewedMe = newestPerMember(likesOnMe, views);
  const photos = await loadPhotos(
    ctx.db,
    [...viewedMe, ...superLikesOnMe, ...myFavorites].map((e) => e.id),
  );
  const context: ViewerContext = {
    geo: viewer.geo,
    maxTier: maxVisibleTier(viewer.rules),
    seesOnline: viewer.showsOnline,
  };
  const rows = (events: Event[], action: InterestRow['action']): InterestRow[] =>
    events.map((e) => ({
      member: presentMemberOrTeaser(e, photos.get(e.id) ?? [], context),
      action,
      at: e.at.toISOString(),
      // A masked row reveals nothing else, not even whether a conversation exists.
      match_id: e.tierLevel > context.maxTier ? null : e.matchId,
    }));
  return {
    stats: { profile_views: profileViews, super_likes: superLikeCount, favorites: favoriteCount },
    viewed_me: rows(viewedMe, 'viewed'),
    favorited_me: rows(superLikesOnMe, 'super_liked'),
    my_favorites: rows(myFavorites, 'favorite'),
  };
}

/** Remove on My Favorites: deletes only the viewer's own super like on that member. */
export async function removeFavorite(
  ctx: AppContext,
  { actor, targetId }: { actor: MemberActor; targetId: string },
) {
  await ctx.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(swipeActions)
      .where(
        and(
          eq(swipeActions.swiperId, actor.id),
          eq(swipeActions.targetId, targetId),
          eq(swipeActions.direction, 'up'),
        ),
      )
      .returning({ target: swipeActions.targetId });
    if (deleted.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'Favorite not found');
    await tx
      .update(profiles)
      .set({ likeCount: sql`greatest(${profiles.likeCount} - 1, 0)` })
      .where(eq(profiles.userId, targetId));
  });
}
