import {
  AppError,
  canSeeTier,
  ErrorCode,
  lockedProfileMessage,
  MATCH_EXPIRY_MS,
  type MatchSummary,
  maxVisibleTier,
  type SwipeBody,
  type SwipeReply,
  swipeBlock,
  type TierLevel,
} from '@royal/shared';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { matches, profiles, safetySettings, swipeActions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';
import {
  loadPhotos,
  type MemberCardRow,
  memberCardColumns,
  presentMemberCard,
  settingsJoin,
  visibleTo,
} from '../members';
import { type NewNotification, notify } from '../notifications';

const LIKES = ['right', 'up'] as const;

function selectCards(db: Db, where: SQL) {
  return db.select(memberCardColumns).from(profiles).leftJoin(safetySettings, settingsJoin).where(where);
}

type MatchRow = { id: string; expiresAt: Date };

/** One super-like notice per pair per (UTC) day, however often a super like is taken back and given. */
const superLikeKey = (from: string, at: Date) => `super-like:${from}:${at.toISOString().slice(0, 10)}`;

/**
 * Records a swipe. Checks, in order: the swipe permission (declared on the route and re-checked
 * here for callers other than HTTP), the target exists, is not the viewer and is visible to them
 * (else 404), a locked higher tier takes only a pass, and same-type pairs are refused. Then one unit
 * of work writes the swipe, the like count, the match and the notifications; `match.created` and
 * `notification.created` go out after it commits.
 */
export async function recordSwipe(
  ctx: AppContext,
  { actor, input, work }: { actor: MemberActor; input: SwipeBody; work?: Work },
): Promise<SwipeReply> {
  const block = swipeBlock(actor.rules);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  const [target] = await selectCards(
    ctx.db,
    and(eq(profiles.userId, input.target_id), ne(profiles.userId, actor.id), visibleTo(actor)) as SQL,
  );
  if (!target) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');
  const targetTier = target.tierLevel as TierLevel;
  if (!canSeeTier(actor.rules, targetTier) && input.direction !== 'left') {
    throw new AppError(ErrorCode.LOCKED_PROFILE, lockedProfileMessage(targetTier), {
      required_tier: targetTier,
    });
  }
  if (target.userType === actor.userType) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      'Discovery pairs men with women: you cannot swipe on this profile',
    );
  }

  const [user1Id, user2Id] = [actor.id, target.id].sort() as [string, string];
  return ctx.transact(async (unit) => {
    const { tx } = unit;
    // Serialises the two sides of one pair: without it, two concurrent mutual likes could each miss
    // the other's uncommitted swipe and neither would create the match.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`swipe-pair:${user1Id}:${user2Id}`}, 0))`,
    );
    const inserted = await tx
      .insert(swipeActions)
      .values({ swiperId: actor.id, targetId: target.id, direction: input.direction })
      .onConflictDoNothing({ target: [swipeActions.swiperId, swipeActions.targetId] })
      .returning({ id: swipeActions.id, createdAt: swipeActions.createdAt });
    const swipe = inserted[0];
    if (!swipe) throw new AppError(ErrorCode.ALREADY_SWIPED);
    const reply: SwipeReply = { direction: input.direction, target_id: target.id, match: null };
    if (input.direction === 'left') return reply;

    await tx
      .update(profiles)
      .set({ likeCount: sql`${profiles.likeCount} + 1` })
      .where(eq(profiles.userId, target.id));

    const notes: NewNotification[] = [];
    if (input.direction === 'up') {
      notes.push({
        userId: target.id,
        type: 'like',
        title: 'Super Like!',
        message: 'Someone super liked you',
        link: '/interests',
        dedupeKey: superLikeKey(actor.id, swipe.createdAt),
      });
    }

    const [mutual] = await tx
      .select({ id: swipeActions.id })
      .from(swipeActions)
      .where(
        and(
          eq(swipeActions.swiperId, target.id),
          eq(swipeActions.targetId, actor.id),
          inArray(swipeActions.direction, LIKES),
        ),
      );
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
        const link = '/messages';
        notes.push(
          {
            userId: actor.id,
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
            message: `You and ${actor.name} liked each other!`,
            actorId: actor.id,
            link,
          },
        );
        reply.match = await announceMatch(unit, created, actor, target);
      }
    }
    await notify(unit, notes);
    return reply;
  }, work);
}

/**
 * A new match as each side sees the other, queued as `match.created` for both; the swiper's view
 * is also the reply.
 */
async function announceMatch(
  work: Work,
  match: MatchRow,
  actor: MemberActor,
  target: MemberCardRow,
): Promise<MatchSummary> {
  const [self] = await selectCards(work.tx, eq(profiles.userId, actor.id));
  const photos = await loadPhotos(work.tx, self ? [target.id, self.id] : [target.id]);
  const expires_at = match.expiresAt.toISOString();
  const mine: MatchSummary = {
    id: match.id,
    expires_at,
    member: presentMemberCard(target, photos.get(target.id) ?? [], {
      geo: actor.geo,
      maxTier: maxVisibleTier(actor.rules),
    }),
  };
  work.publish({ kind: 'deliver', userIds: [actor.id], event: { type: 'match.created', payload: mine } });
  if (self) {
    const theirs: MatchSummary = {
      id: match.id,
      expires_at,
      member: presentMemberCard(self, photos.get(self.id) ?? [], {
        geo:
          target.geoLat !== null && target.geoLng !== null
            ? { lat: target.geoLat, lng: target.geoLng }
            : null,
        maxTier: target.tierLevel as TierLevel,
      }),
    };
    work.publish({
      kind: 'deliver',
      userIds: [target.id],
      event: { type: 'match.created', payload: theirs },
    });
  }
  return mine;
}
