import {
  AppError,
  canSeeTier,
  ErrorCode,
  lockedProfileMessage,
  MATCH_EXPIRY_MS,
  type MatchSummary,
  MESSAGE_TOKEN_REQUIRED_TEXT,
  maxVisibleTier,
  type SwipeBody,
  type SwipeDirection,
  type SwipeReply,
  superLikesPerDay,
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
import { announceNotification, announceNotifications, type NewNotification } from '../notifications';

type SwipeOutcome = {
  swiped_at: Date | null;
  match_id: string | null;
  match_expires_at: Date | null;
  match_status: string | null;
  match_conversation_started_at: Date | null;
  match_created: boolean | null;
  notification_ids: string[] | null;
  /** Why record_swipe wrote nothing for an allowed swipe: no super like left, no message token. */
  refusal: 'super_like_limit' | 'message_token' | null;
};

/** Whether a note's recipient (`note->>'user_id'`) wants match notices: likes and matches (default on). */
const wantsMatchNotices = sql`coalesce((select ${safetySettings.matchNotifications} from ${safetySettings}
  where ${safetySettings.userId} = (note->>'user_id')::uuid), true)`;

/**
 * A swipe in one round trip. `target` is the member swiped on as the swiper may see them (the
 * members' visibility rule); `allowed` keeps them only when this swipe passes its own checks (a
 * locked higher tier takes only a pass, unless the member spends a message token on it; men are paired
 * with women). record_swipe (drizzle/0016: the pair's lock, the super like allowance or token, the
 * message token, the swipe, the like count, the notifications and the match) takes its target from
 * `allowed`, so it runs only for an allowed row: a refused swipe writes nothing. The reply row is the
 * target's card (none: not visible) with the outcome (all null: refused, or a repeat; `refusal` set
 * when the allowance or a token was missing). A plain like or pass stays this one statement; a super
 * like or a token like is the same statement too (decision 013).
 *
 * The match notices are format() templates: the swiper's names the target (`%s`), whose name this
 * statement is the first to read. A member who turned match notifications off gets no like or match
 * notice (the match itself, and its realtime event, still reach them).
 *
 * A swipe that is its own transaction commits asynchronously (decision 009): PostgreSQL replies
 * before the WAL reaches the disk, so a swipe waits for no disk flush. A power loss may forget the
 * last fraction of a second of swipes (never half of one: the database stays consistent); messages,
 * money and everything else keep the default, durable commit.
 */
const swipeStatement = preparedStatement<
  MemberCardRow & SwipeOutcome,
  {
    swiperId: string;
    targetId: string;
    tier: TierLevel;
    maxTier: TierLevel;
    userType: string;
    direction: SwipeDirection;
    /** Like a locked card by spending a message token (the member asked to). */
    useMessageToken: boolean;
    superLikesPerDay: number;
    likeNotes: string;
    matchNotes: string;
    expiry: string;
    /** 'off' when the swipe is its own transaction (see below); null keeps the caller's setting. */
    commitMode: 'off' | null;
  }
>(
  'swipe',
  (v) =>
    sql`with target as (
        select ${selectList(memberCardColumns)} from ${profiles} left join ${safetySettings} on ${settingsJoin}
        where ${profiles.userId} = ${v.targetId}::uuid and ${profiles.userId} <> ${v.swiperId}::uuid
          and ${visibleTo({ id: v.swiperId, tier: v.tier })}
      ), allowed as (
        select "id", "name",
          ("tierLevel" > ${v.maxTier}::int and ${v.direction}::swipe_direction <> 'left') as "spendsToken"
        from target,
          (select set_config('synchronous_commit',
             coalesce(${v.commitMode}::text, current_setting('synchronous_commit')), true)) commit_mode
        where ("tierLevel" <= ${v.maxTier}::int or ${v.direction}::swipe_direction = 'left'
               or ${v.useMessageToken}::boolean)
          and "userType" <> ${v.userType}::user_type
      )
      select target.*, outcome.* from target left join lateral (
        select r.* from allowed, record_swipe(${v.swiperId}::uuid, allowed."id", ${v.direction}::swipe_direction,
            (select coalesce(jsonb_agg(note order by at), '[]'::jsonb)
             from jsonb_array_elements(${v.likeNotes}::jsonb) with ordinality as notes(note, at)
             where ${wantsMatchNotices}),
          (select coalesce(jsonb_agg(note || jsonb_build_object('message', format(note->>'message', allowed."name"))
               order by at), '[]'::jsonb)
             from jsonb_array_elements(${v.matchNotes}::jsonb) with ordinality as notes(note, at)
             where ${wantsMatchNotices}),
          ${v.expiry}::interval, ${v.superLikesPerDay}::int, allowed."spendsToken") r
      ) outcome on true`,
);

/** Text for a format() template with no placeholder of its own: `%` is doubled. */
const literalTemplate = (text: string) => text.replaceAll('%', '%%');

/** One like notice of each kind per pair per (UTC) day, however often a like is taken back and given. */
const likeKey = (kind: 'like' | 'super-like', from: string, at: Date) =>
  `${kind}:${from}:${at.toISOString().slice(0, 10)}`;

/**
 * What the target of a like is told. Neither names the swiper: who likes you is what Interests (super
 * likes) and a match reveal. A plain like's notice is dropped when the like made the match
 * (`unless_match`, read by record_swipe): the match notice says it all.
 */
function likeNotesFor(
  from: string,
  input: SwipeBody,
  now: Date,
): Array<NewNotification & { unlessMatch?: true }> {
  if (input.direction === 'up') {
    return [
      {
        userId: input.target_id,
        type: 'like',
        title: 'Super Like!',
        message: 'Someone super liked you',
        link: '/interests',
        dedupeKey: likeKey('super-like', from, now),
      },
    ];
  }
  if (input.direction === 'right') {
    return [
      {
        userId: input.target_id,
        type: 'like',
        title: 'New Like',
        message: 'Someone liked you',
        link: '/app',
        dedupeKey: likeKey('like', from, now),
        unlessMatch: true,
      },
    ];
  }
  return [];
}

/** Notification rows as the record_swipe statement reads them (the notifications table's columns). */
const asRows = (notes: Array<NewNotification & { unlessMatch?: true }>) =>
  JSON.stringify(
    notes.map((n) => ({
      user_id: n.userId,
      type: n.type,
      title: n.title,
      message: n.message,
      actor_id: n.actorId ?? null,
      link: n.link ?? null,
      dedupe_key: n.dedupeKey ?? null,
      unless_match: n.unlessMatch ?? false,
    })),
  );

/** The swipe statement's values, and the like notices they carry (announced after commit). */
function swipeValues(actor: MemberActor, input: SwipeBody, now: Date, commitMode: 'off' | null) {
  const likeNotes = likeNotesFor(actor.id, input, now);
  const matchNotes: NewNotification[] = [
    {
      userId: actor.id,
      type: 'match',
      title: "It's a Match!",
      message: 'You and %s liked each other!',
      actorId: input.target_id,
      link: '/messages',
    },
    {
      userId: input.target_id,
      type: 'match',
      title: "It's a Match!",
      message: `You and ${literalTemplate(actor.name)} liked each other!`,
      actorId: actor.id,
      link: '/messages',
    },
  ];
  const values = {
    swiperId: actor.id,
    targetId: input.target_id,
    tier: actor.tier,
    maxTier: maxVisibleTier(actor.rules),
    userType: actor.userType,
    direction: input.direction,
    useMessageToken: input.use_message_token === true,
    superLikesPerDay: superLikesPerDay(actor.tier),
    likeNotes: asRows(likeNotes),
    matchNotes: asRows(matchNotes),
    expiry: `${MATCH_EXPIRY_MS} milliseconds`,
    commitMode,
  };
  return { values, likeNotes };
}

/** The statement one swipe runs, with its values, for EXPLAIN (bench/explain-swipe.ts). */
export function swipeStatementFor(actor: MemberActor, input: SwipeBody): { text: string; values: unknown[] } {
  return swipeStatement.render(swipeValues(actor, input, new Date(), 'off').values);
}

/**
 * Records a swipe. Checks, in order: the swipe permission (declared on the route and re-checked
 * here for other callers), the target exists, is not the viewer and is visible to them (else 404),
 * a locked higher tier takes only a pass (or a like paid with a message token), same-type pairs are
 * refused, a repeat is a conflict, and a super like beyond the day's allowance needs a Super Likes
 * Pack token (SUPER_LIKE_LIMIT).
 * One statement (`swipeStatement`) reads the target, applies those checks and, only when they pass,
 * writes the swipe, the like count, the notifications and the match atomically; a refusal is
 * explained here from the target row it returned. `notification.created` and `match.created` go out
 * once it has committed. The notification texts are written here and passed in, so they live in one
 * place.
 */
export async function recordSwipe(
  ctx: AppContext,
  { actor, input, work }: { actor: MemberActor; input: SwipeBody; work?: Work },
): Promise<SwipeReply> {
  const block = swipeBlock(actor.rules);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  const { values, likeNotes } = swipeValues(actor, input, new Date(), work ? null : 'off');

  return ctx.transactSingleStatement(async (unit) => {
    const [row] = await swipeStatement.run(ctx.database, values, work?.tx);
    if (!row) throw new AppError(ErrorCode.PROFILE_NOT_FOUND, 'Profile not found');
    const {
      swiped_at,
      match_id,
      match_expires_at,
      match_status,
      match_conversation_started_at,
      match_created,
      notification_ids,
      refusal,
      ...target
    } = row;
    if (refusal === 'super_like_limit') throw new AppError(ErrorCode.SUPER_LIKE_LIMIT);
    if (refusal === 'message_token') {
      throw new AppError(ErrorCode.LOCKED_PROFILE, MESSAGE_TOKEN_REQUIRED_TEXT, {
        required_tier: target.tierLevel,
        message_tokens: 0,
      });
    }
    if (!swiped_at) throw refusalOf(actor, target, input.direction);
    const written = notification_ids ?? [];
    const [likeNote] = likeNotes;
    if (!match_created && likeNote && written.length === 1) {
      // Without a match the one notice written is the like's, anonymous: announced as written,
      // without reading it back (a swipe stays one statement).
      announceNotification(unit, {
        ...likeNote,
        id: written[0] as string,
        link: likeNote.link ?? null,
        isRead: false,
        createdAt: new Date(swiped_at),
        actorId: null,
        actorName: null,
        actorPhotoId: null,
      });
    } else {
      await announceNotifications(unit, written);
    }
    const reply: SwipeReply = { direction: input.direction, target_id: target.id, match: null };
    if (match_id && match_expires_at && match_status) {
      const match = {
        id: match_id,
        expiresAt: new Date(match_expires_at),
        status: match_status,
        conversationStartedAt: match_conversation_started_at,
      };
      // A new match, or the open match this like renewed (a super like given again after Remove).
      if (match_created || isMatchOpen(match)) {
        reply.match = await presentMatch(unit, match, actor, target, match_created === true);
      }
    }
    return reply;
  }, work);
}

/** Why the swipe statement wrote nothing for a visible target: the checks it applied, in order. */
function refusalOf(actor: MemberActor, target: MemberCardRow, direction: SwipeDirection): AppError {
  const targetTier = target.tierLevel as TierLevel;
  if (!canSeeTier(actor.rules, targetTier) && direction !== 'left') {
    return new AppError(ErrorCode.LOCKED_PROFILE, lockedProfileMessage(targetTier), {
      required_tier: targetTier,
    });
  }
  if (target.userType === actor.userType) {
    return new AppError(
      ErrorCode.FORBIDDEN,
      'Discovery pairs men with women: you cannot swipe on this profile',
    );
  }
  return new AppError(ErrorCode.ALREADY_SWIPED);
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
