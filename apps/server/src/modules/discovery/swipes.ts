import {
  AppError,
  canSeeTier,
  ErrorCode,
  lockedProfileMessage,
  MATCH_EXPIRY_MS,
  type MatchSummary,
  type SwipeBody,
  type SwipeReply,
  swipeBlock,
  type TierLevel,
} from '@royal/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { matches, profiles, safetySettings, swipeActions } from '../../db/schema';
import type { Member } from '../../plugins/session';
import { type MemberCardRow, presentMemberCard, type ViewerContext } from '../members/presenter';
import { loadPhotos, loadViewer, memberCardColumns, settingsJoin, visibleTo } from '../members/queries';
import { announceNotifications, createNotifications, type NewNotification } from '../notifications/service';

const LIKES = ['right', 'up'] as const;

function selectCards(db: Db, where: SQL) {
  return db.select(memberCardColumns).from(profiles).leftJoin(safetySettings, settingsJoin).where(where);
}

type MatchRow = { id: string; expiresAt: Date };

/**
 * Records a swipe. Checks, in order: the swipe permission (tier 0, unpaid tier), the target exists,
 * is not the viewer and is visible to them (else 404), a locked higher tier takes only a pass, and
 * same-type pairs are refused. Then one transaction writes the swipe, the like count, the match and
 * the notifications; realtime events go out after it commits.
 */
export async function recordSwipe(ctx: AppContext, member: Member, body: SwipeBody): Promise<SwipeReply> {
  const block = swipeBlock(member.actor);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  const viewer = await loadViewer(ctx.db, member);
  const [target] = await selectCards(
    ctx.db,
    and(eq(profiles.userId, body.target_id), ne(profiles.userId, member.id), visibleTo(viewer)) as SQL,
  );
  if (!target) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');
  const targetTier = target.tierLevel as TierLevel;
  if (!canSeeTier(member.actor, targetTier) && body.direction !== 'left') {
    throw new AppError(ErrorCode.LOCKED_PROFILE, lockedProfileMessage(targetTier), {
      required_tier: targetTier,
    });
  }
  if (target.userType === viewer.userType) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      'Discovery pairs men with women: you cannot swipe on this profile',
    );
  }

  const [user1Id, user2Id] = [member.id, target.id].sort() as [string, string];
  const outcome = await ctx.db.transaction(async (tx) => {
    // Serialises the two sides of one pair: without it, two concurrent mutual likes could each miss
    // the other's uncommitted swipe and neither would create the match.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`swipe-pair:${user1Id}:${user2Id}`}, 0))`,
    );
    const inserted = await tx
      .insert(swipeActions)
      .values({ swiperId: member.id, targetId: target.id, direction: body.direction })
      .onConflictDoNothing({ target: [swipeActions.swiperId, swipeActions.targetId] })
      .returning({ id: swipeActions.id });
    if (inserted.length === 0) throw new AppError(ErrorCode.ALREADY_SWIPED);
    if (body.direction === 'left') return { match: null, matchCreated: false, notes: [] };

    await tx
      .update(profiles)
      .set({ likeCount: sql`${profiles.likeCount} + 1` })
      .where(eq(profiles.userId, target.id));

    const notes: NewNotification[] = [];
    if (body.direction === 'up') {
      notes.push({
        userId: target.id,
        type: 'like',
        title: 'Super Like!',
        message: 'Someone super liked you',
        link: '/interests',
      });
    }

    const [mutual] = await tx
      .select({ id: swipeActions.id })
      .from(swipeActions)
      .where(
        and(
          eq(swipeActions.swiperId, target.id),
          eq(swipeActions.targetId, member.id),
          inArray(swipeActions.direction, LIKES),
        ),
      );
    let match: MatchRow | null = null;
    let matchCreated = false;
    if (mutual) {
      const [created] = await tx
        .insert(matches)
        .values({
          user1Id,
          user2Id,
          status: 'active',
          expiresAt: sql`now() + ${MATCH_EXPIRY_MS} * interval '1 millisecond'`,
        })
        .onConflictDoNothing({ target: [matches.user1Id, matches.user2Id] })
        .returning({ id: matches.id, expiresAt: matches.expiresAt });
      if (created) {
        match = created;
        matchCreated = true;
        const link = '/messages';
        notes.push(
          {
            userId: member.id,
            type: 'match',
            title: "It's a Match!",
            message: `You and ${target.name} liked each other!`,
            actorId: target.id,
            link,
          },
          {
            userId: target.id,
            type: 'match',
            title: "It's a Match!",
            message: `You and ${viewer.name} liked each other!`,
            actorId: member.id,
            link,
          },
        );
      } else {
        const [existing] = await tx
          .select({ id: matches.id, expiresAt: matches.expiresAt })
          .from(matches)
          .where(
            and(
              eq(matches.user1Id, user1Id),
              eq(matches.user2Id, user2Id),
              eq(matches.status, 'active'),
              sql`${matches.expiresAt} > now()`,
            ),
          );
        match = existing ?? null;
      }
    }
    return { match, matchCreated, notes: await createNotifications(tx, notes) };
  });

  await announceNotifications(ctx, outcome.notes);
  let summary: MatchSummary | null = null;
  if (outcome.match) {
    summary = await presentMatch(ctx, outcome.match, { member, viewer, target }, outcome.matchCreated);
  }
  return { direction: body.direction, target_id: target.id, match: summary };
}

/**
 * The match as the swiper sees it; when this swipe created it, each side also gets `match.created`
 * with their own view of the other.
 */
async function presentMatch(
  ctx: AppContext,
  match: MatchRow,
  sides: { member: Member; viewer: Awaited<ReturnType<typeof loadViewer>>; target: MemberCardRow },
  announce: boolean,
): Promise<MatchSummary> {
  const { member, viewer, target } = sides;
  const [self] = announce ? await selectCards(ctx.db, eq(profiles.userId, member.id)) : [];
  const photos = await loadPhotos(ctx.db, self ? [target.id, self.id] : [target.id]);
  const expires_at = match.expiresAt.toISOString();
  const mine: MatchSummary = {
    id: match.id,
    expires_at,
    member: presentMemberCard(target, photos.get(target.id) ?? [], {
      geo: viewer.geo,
      maxTier: member.actor.tier_level,
    }),
  };
  if (self) {
    const targetView: ViewerContext = {
      geo:
        target.geoLat !== null && target.geoLng !== null ? { lat: target.geoLat, lng: target.geoLng } : null,
      maxTier: target.tierLevel as TierLevel,
    };
    const theirs: MatchSummary = {
      id: match.id,
      expires_at,
      member: presentMemberCard(self, photos.get(self.id) ?? [], targetView),
    };
    await ctx.bus.publish({ userIds: [member.id], event: { type: 'match.created', payload: mine } });
    await ctx.bus.publish({ userIds: [target.id], event: { type: 'match.created', payload: theirs } });
  }
  return mine;
}
