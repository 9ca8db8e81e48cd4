import {
  AppError,
  canSeeTier,
  ErrorCode,
  lockedProfileMessage,
  MATCH_EXPIRY_MS,
  type MatchSummary,
  maxVisibleTier,
  type SwipeBody,
  type SwipeDirection,
  type SwipeReply,
  swipeBlock,
  type TierLevel,
} from '@royal/shared';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { profiles, safetySettings } from '../../db/schema';
import type { Work } from '../../db/transaction';
import type { MemberActor } from '../auth';
import { isMatchOpen } from '../matches';
import {
  loadPhotos,
  type MemberCardRow,
  memberCardColumns,
  presentMemberCard,
  selectList,
  settingsJoin,
  visibleTo,
} from '../members';
import { announceNotifications, type NewNotification } from '../notifications';

/** The member swiped on, as the swiper may see them (members' visibility rule), or nothing. */
const swipeTarget = preparedStatement<MemberCardRow, { targetId: string; viewerId: string; tier: TierLevel }>(
  'swipe_target',
  (v) =>
    sql`select ${selectList(memberCardColumns)} from ${profiles} left join ${safetySettings} on ${settingsJoin}
      where ${profiles.userId} = ${v.targetId} and ${profiles.userId} <> ${v.viewerId}
        and ${visibleTo({ id: v.viewerId, tier: v.tier })}`,
);

type SwipeOutcome = {
  swiped_at: Date | null;
  match_id: string | null;
  match_expires_at: Date | null;
  match_status: string | null;
  match_conversation_started_at: Date | null;
  match_created: boolean;
  notification_ids: string[];
};

/** drizzle/0005: the swipe, like count, notifications and match in one statement. */
const recordSwipeStatement = preparedStatement<
  SwipeOutcome,
  {
    swiperId: string;
    targetId: string;
    direction: SwipeDirection;
    likeNotes: string;
    matchNotes: string;
    expiry: string;
  }
>(
  'record_swipe',
  (v) =>
    sql`select * from record_swipe(${v.swiperId}::uuid, ${v.targetId}::uuid, ${v.direction}::swipe_direction,
      ${v.likeNotes}::jsonb, ${v.matchNotes}::jsonb, ${v.expiry}::interval)`,
);

/** One super-like notice per pair per (UTC) day, however often a super like is taken back and given. */
const superLikeKey = (from: string, at: Date) => `super-like:${from}:${at.toISOString().slice(0, 10)}`;

/** Notification rows as the record_swipe statement reads them (the notifications table's columns). */
const asRows = (notes: NewNotification[]) =>
  JSON.stringify(
    notes.map((n) => ({
      user_id: n.userId,
      type: n.type,
      title: n.title,
      message: n.message,
      actor_id: n.actorId ?? null,
      link: n.link ?? null,
      dedupe_key: n.dedupeKey ?? null,
    })),
  );

/**
 * Records a swipe. Checks, in order: the swipe permission (declared on the route and re-checked
 * here for other callers), the target exists, is not the viewer and is visible to them (else 404),
 * a locked higher tier takes only a pass, and same-type pairs are refused. Then one statement
 * (record_swipe) writes the swipe, the like count, the notifications and the match atomically;
 * `notification.created` and `match.created` go out once it has committed. The notification texts
 * are written here and passed in, so they live in one place.
 */
export async function recordSwipe(
  ctx: AppContext,
  { actor, input, work }: { actor: MemberActor; input: SwipeBody; work?: Work },
): Promise<SwipeReply> {
  const block = swipeBlock(actor.rules);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  const [target] = await swipeTarget.run(
    ctx.database,
    { targetId: input.target_id, viewerId: actor.id, tier: actor.tier },
    work?.tx,
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

  const now = new Date();
  const likeNotes: NewNotification[] =
    input.direction === 'up'
      ? [
          {
            userId: target.id,
            type: 'like',
            title: 'Super Like!',
            message: 'Someone super liked you',
            link: '/interests',
            dedupeKey: superLikeKey(actor.id, now),
          },
        ]
      : [];
  const matchNotes: NewNotification[] = [
    {
      userId: actor.id,
      type: 'match',
      title: "It's a Match!",
      message: `You and ${target.name} liked each other!`,
      actorId: target.id,
      link: '/messages',
    },
    {
      userId: target.id,
      type: 'match',
      title: "It's a Match!",
      message: `You and ${actor.name} liked each other!`,
      actorId: actor.id,
      link: '/messages',
    },
  ];

  return ctx.transactSingleStatement(async (unit) => {
    const [outcome] = await recordSwipeStatement.run(
      ctx.database,
      {
        swiperId: actor.id,
        targetId: target.id,
        direction: input.direction,
        likeNotes: asRows(likeNotes),
        matchNotes: asRows(matchNotes),
        expiry: `${MATCH_EXPIRY_MS} milliseconds`,
      },
      work?.tx,
    );
    if (!outcome?.swiped_at) throw new AppError(ErrorCode.ALREADY_SWIPED);
    await announceNotifications(unit, outcome.notification_ids);
    const reply: SwipeReply = { direction: input.direction, target_id: target.id, match: null };
    if (outcome.match_id && outcome.match_expires_at && outcome.match_status) {
      const match = {
        id: outcome.match_id,
        expiresAt: new Date(outcome.match_expires_at),
        status: outcome.match_status,
        conversationStartedAt: outcome.match_conversation_started_at,
      };
      // A new match, or the open match this like renewed (a super like given again after Remove).
      if (outcome.match_created || isMatchOpen(match)) {
        reply.match = await presentMatch(unit, match, actor, target, outcome.match_created);
      }
    }
    return reply;
  }, work);
}

/**
 * The match as the swiper sees the other member (the reply); when this swipe created it, both
 * sides also get `match.created` with their own view of the other.
 */
async function presentMatch(
  work: Work,
  match: { id: string; expiresAt: Date },
  actor: MemberActor,
  target: MemberCardRow,
  announce: boolean,
): Promise<MatchSummary> {
  const [self] = announce
    ? await work.tx
        .select(memberCardColumns)
        .from(profiles)
        .leftJoin(safetySettings, settingsJoin)
        .where(eq(profiles.userId, actor.id))
    : [];
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
  if (self) {
    work.publish({ kind: 'deliver', userIds: [actor.id], event: { type: 'match.created', payload: mine } });
    const theirs: MatchSummary = {
      id: match.id,
      expires_at,
      member: presentMemberCard(self, photos.get(self.id) ?? [], {
        // The target as a viewer: no distance when they hide their own location.
        geo:
          target.locationSharing && target.geoLat !== null && target.geoLng !== null
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
