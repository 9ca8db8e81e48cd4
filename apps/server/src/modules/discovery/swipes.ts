/**
 * Swipes (POST /api/swipes). `recordSwipe` writes the notices' texts and builds the swipe's values;
 * one statement (`swipeStatement`) reads each target as the swiper may see it, applies the checks
 * that need the members' rules, and hands the allowed swipes to the database's record_swipes
 * (db/sql/record_swipes.sql), which writes them: the pair's lock, the super like allowance or a
 * token, the swipe, the like count, the match and the notices (decisions 013, 033). A swipe that is
 * its own transaction joins the next batch (db/batcher.ts, decision 021) and commits asynchronously
 * (decision 009); one inside a caller's transaction is a batch of one on it. The reply, and the
 * match card when the swipe makes or meets a match, are built here after the statement.
 */
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
  type SwipeReply,
  superLikesPerDay,
  swipeBlock,
  type TierLevel,
} from '@royal/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { batcherPerContext } from '../../db/batcher';
import { isDatabaseUnavailable, pgErrorCode } from '../../db/errors';
import type { LatLng } from '../../db/geo';
import { outboxInsert } from '../../db/outbox';
import { preparedStatement } from '../../db/prepared';
import { profiles } from '../../db/schema';
import { collectingWork, publishRecorded, type Work } from '../../db/transaction';
import type { MemberActor } from '../auth';
import { isMatchOpen } from '../matches';
import {
  loadPhotos,
  type MemberCardRow,
  memberCardColumns,
  presentMemberCard,
  selectList,
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
  /** Why record_swipes wrote nothing for an allowed swipe: no super like left, no message token. */
  refusal: 'super_like_limit' | 'message_token' | null;
  /** The outbox row holding the swipe's events, when it has some and is its own transaction. */
  outbox_id: string | number | null;
};

/**
 * What a swipe reads of its target: what its checks and the match notices need. The card itself is
 * read only when the swipe makes or meets a match (`presentMatch`), which few swipes do.
 */
const swipeTargetColumns = {
  id: memberCardColumns.id,
  name: memberCardColumns.name,
  tierLevel: memberCardColumns.tierLevel,
  userType: memberCardColumns.userType,
};
type SwipeTarget = Pick<MemberCardRow, keyof typeof swipeTargetColumns>;

/** The target as the swiper may see them, when the members' visibility rule allows. */
const visibleTarget = (swiperId: SQL, targetId: SQL, tier: SQL) =>
  sql`select ${selectList(swipeTargetColumns)} from ${profiles}
      where ${profiles.userId} = ${targetId} and ${profiles.userId} <> ${swiperId}
        and ${visibleTo({ id: swiperId, tier })}`;

type SwipeRow = SwipeTarget & SwipeOutcome;

/**
 * Swipes in one round trip: one swipe, or the likes and passes that arrived together (decision 021).
 * For each swipe (`ord`: its place in the input), `target` is the member swiped on as the swiper may
 * see them (the members' visibility rule); `allowed` keeps the swipe only when it passes its own
 * checks: a locked higher tier takes only a pass, unless the member spends a message token on it
 * (`spends_token`); men are paired with women. record_swipes (db/sql/record_swipes.sql) writes the
 * allowed ones as they would have been written one after the other: the pair's lock, the super like
 * allowance or token, the message token, the swipe, the like count, the notices its recipients want
 * and the match. A refused swipe writes nothing. One row per swipe whose target the swiper may see:
 * the target's check columns with the outcome (all null: refused by a check, or a repeat; `refusal`
 * set when the allowance or a token was missing). The refusal itself is explained by `refusalOf`.
 *
 * The notes go in as written here, with the target's name: record_swipes keeps those whose
 * recipient wants them (a member who turned match notifications off gets no like or match notice; the
 * match itself, and its realtime event, still reach them) and names the target in the match notices
 * (`%s`), for the notes it writes only: a pass reads nobody's settings, a like that makes no match
 * only its target's.
 *
 * A swipe that announces something (a notice written, a match made) and is its own transaction gets
 * its events' outbox row in the same statement (`outboxed`, decision 034): the ids they are rebuilt
 * from if the process dies before publishing them (swipeEventsRecipe). Inside a caller's transaction
 * (`record` false) the caller's unit records them.
 *
 * Swipes that are their own transaction commit asynchronously (decision 009, `commitMode` 'off'):
 * PostgreSQL replies before the WAL reaches the disk, so a swipe waits for no disk flush. A power
 * loss may forget the last fraction of a second of swipes (never half of one: the database stays
 * consistent); messages, money and everything else keep the default, durable commit. Inside a
 * caller's transaction (`commitMode` null) the caller's setting stays.
 */
const swipeStatement = preparedStatement<
  SwipeRow & { ord: number },
  { swipes: string; expiry: string; commitMode: 'off' | null; record: boolean }
>(
  'swipe',
  (v) =>
    sql`with input as materialized (
        select * from jsonb_to_recordset(${v.swipes}::jsonb) as i(ord int, swiper uuid, target uuid, tier int,
          max_tier int, user_type user_type, direction swipe_direction, use_message_token boolean,
          super_likes_per_day int, like_notes jsonb, match_notes jsonb)
      ), target as materialized (
        select input.ord, card.* from input
          cross join lateral (${visibleTarget(sql`input.swiper`, sql`input.target`, sql`input.tier`)}) card
      ), allowed as (
        select input.ord, input.swiper, input.target, input.direction,
          (target."tierLevel" > input.max_tier and input.direction <> 'left') as spends_token,
          input.super_likes_per_day, input.like_notes, input.match_notes, target."name" as target_name
        from target join input on input.ord = target.ord
        where (target."tierLevel" <= input.max_tier or input.direction = 'left' or input.use_message_token)
          and target."userType" <> input.user_type
      ), outcome as materialized (
        select r.* from
          (select set_config('synchronous_commit',
             coalesce(${v.commitMode}::text, current_setting('synchronous_commit')), true)) commit_mode,
          record_swipes((select coalesce(jsonb_agg(to_jsonb(allowed) order by ord), '[]'::jsonb) from allowed),
            ${v.expiry}::interval) r
      ), outboxed as (
        ${outboxInsert({
          recipe: SWIPE_EVENTS_RECIPE,
          body: sql`jsonb_build_object('ord', outcome.ord, 'swiper', input.swiper, 'tier', input.tier,
            'max_tier', input.max_tier, 'target', input.target, 'match_id', outcome.match_id,
            'match_expires_at', outcome.match_expires_at, 'match_created', outcome.match_created,
            'notification_ids', outcome.notification_ids)`,
          from: sql`outcome join input on input.ord = outcome.ord`,
          where: sql`${v.record}::boolean and (coalesce(outcome.match_created, false)
            or coalesce(cardinality(outcome.notification_ids), 0) > 0)`,
          returning: sql`(body->>'ord')::int as ord`,
        })}
      )
      select target.*, outcome.swiped_at, outcome.match_id, outcome.match_expires_at, outcome.match_status,
        outcome.match_conversation_started_at, outcome.match_created, outcome.notification_ids, outcome.refusal,
        outboxed.id as outbox_id
      from target left join outcome on outcome.ord = target.ord left join outboxed on outboxed.ord = target.ord`,
);

type SwipeValues = ReturnType<typeof swipeValues>['values'];

/** A swipe as one element of the statement's input (its notes are JSON text already). */
function swipeElement(values: SwipeValues, ord: number): string {
  const plain = JSON.stringify({
    ord,
    swiper: values.swiperId,
    target: values.targetId,
    tier: values.tier,
    max_tier: values.maxTier,
    user_type: values.userType,
    direction: values.direction,
    use_message_token: values.useMessageToken,
    super_likes_per_day: values.superLikesPerDay,
  });
  return `${plain.slice(0, -1)},"like_notes":${values.likeNotes},"match_notes":${values.matchNotes}}`;
}

/** The statement's values for these swipes (the first is ord 0). */
const statementValues = (swipes: SwipeValues[], commitMode: 'off' | null) => ({
  swipes: `[${swipes.map(swipeElement).join(',')}]`,
  expiry: `${MATCH_EXPIRY_MS} milliseconds`,
  commitMode,
  // Swipes of their own record their events' outbox row; in a caller's transaction, its unit does.
  record: commitMode === 'off',
});

/** The swipes' rows, by their place in the input (null: a target the swiper may not see). */
async function writeSwipes(
  ctx: AppContext,
  swipes: SwipeValues[],
  work?: Work,
): Promise<Array<SwipeRow | null>> {
  const rows = await swipeStatement.run(ctx.database, statementValues(swipes, work ? null : 'off'), work?.tx);
  const byOrd = new Map(rows.map(({ ord, ...row }) => [ord, row]));
  return swipes.map((_, ord) => byOrd.get(ord) ?? null);
}

/** A batch of swipes that are each their own transaction (see `batchedSwipe`). */
async function writeSwipeBatch(
  ctx: AppContext,
  batch: SwipeValues[],
): Promise<Array<SwipeRow | null | Error>> {
  try {
    return await writeSwipes(ctx, batch);
  } catch (error) {
    // Only a batch the database refused is certain to have written nothing (the statement rolled
    // back); anything else (a reply that could not be read, a connection lost) may have come after
    // its commit, and writing its swipes again would answer them as repeats.
    // A database that cannot serve (a restart) would refuse each swipe alone too, one wait apiece.
    if (pgErrorCode(error) === undefined || isDatabaseUnavailable(error)) throw error;
    // What the database refused (a deadlock with another instance's batch, a member deleted
    // meanwhile) fails only the swipe it belongs to: each runs alone, in arrival order, as it would
    // have without batching.
    ctx.log.warn({ err: error, size: batch.length }, 'swipe batch refused: writing its swipes one by one');
    const rows: Array<SwipeRow | null | Error> = [];
    for (const values of batch) {
      try {
        rows.push((await writeSwipes(ctx, [values]))[0] ?? null);
      } catch (failure) {
        rows.push(failure instanceof Error ? failure : new Error(String(failure)));
      }
    }
    return rows;
  }
}

/**
 * A swipe that is its own transaction waits at most for the batch in flight, then goes with the
 * others that arrived meanwhile (decision 021); a batch holds at most this many.
 */
const SWIPE_BATCH_SIZE = 64;
const batchedSwipe = batcherPerContext(writeSwipeBatch, { maxSize: SWIPE_BATCH_SIZE });

/** Text for a format() template with no placeholder of its own: `%` is doubled. */
const literalTemplate = (text: string) => text.replaceAll('%', '%%');

/** One like notice of each kind per pair per (UTC) day, however often a like is taken back and given. */
const likeKey = (kind: 'like' | 'super-like', from: string, at: Date) =>
  `${kind}:${from}:${at.toISOString().slice(0, 10)}`;

/**
 * What the target of a like is told. Neither names the swiper: who likes you is what Interests (super
 * likes) and a match reveal. A plain like's notice is dropped when the like made the match
 * (`unless_match`, read by record_swipes): the match notice says it all.
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

/** Notification rows as record_swipes reads them (the notifications table's columns, and `unless_match`). */
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

/**
 * What each member is told when this like makes a match: the swiper's notice names the target
 * (`%s`, filled in by the statement, the first to read the target's name).
 */
function matchNotesFor(actor: MemberActor, input: SwipeBody): NewNotification[] {
  return [
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
}

/** A swipe's values in the statement's input, and the like notices they carry (announced after commit). */
function swipeValues(actor: MemberActor, input: SwipeBody, now: Date) {
  const likeNotes = likeNotesFor(actor.id, input, now);
  // A pass makes no match: it carries no match notices.
  const matchNotes: NewNotification[] = input.direction === 'left' ? [] : matchNotesFor(actor, input);
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
  };
  return { values, likeNotes };
}

/** The statement a batch of one member's swipes runs, with its values, for EXPLAIN (bench/explain-swipe.ts). */
export function swipeBatchStatementFor(
  actor: MemberActor,
  inputs: SwipeBody[],
): { text: string; values: unknown[] } {
  const swipes = inputs.map((input) => swipeValues(actor, input, new Date()).values);
  return swipeStatement.render(statementValues(swipes, 'off'));
}

/** The statement one swipe runs: the same, for a batch of one. */
export const swipeStatementFor = (actor: MemberActor, input: SwipeBody) =>
  swipeBatchStatementFor(actor, [input]);

/**
 * Records a swipe. Checks, in order: the swipe permission (declared on the route and re-checked
 * here for other callers), the target exists, is not the viewer and is visible to them (else 404),
 * a locked higher tier takes only a pass (or a like paid with a message token), same-type pairs are
 * refused, a repeat is a conflict, and a super like beyond the day's allowance needs a Super Likes
 * Pack token (SUPER_LIKE_LIMIT).
 * One statement (`swipeStatement`, with the swipes that arrived with this one when it is its own
 * transaction) reads the target, applies those checks and, only when they pass, writes the swipe,
 * the like count, the notifications and the match atomically; a refusal is explained here from the
 * target row it returned. `notification.created` and `match.created` go out once it has committed.
 * The notification texts are written here and passed in, so they live in one place.
 */
export async function recordSwipe(
  ctx: AppContext,
  { actor, input, work }: { actor: MemberActor; input: SwipeBody; work?: Work },
): Promise<SwipeReply> {
  const block = swipeBlock(actor.rules);
  if (block) throw new AppError(ErrorCode[block.code], block.message);

  const { values, likeNotes } = swipeValues(actor, input, new Date());

  return ctx.transactSingleStatement(async (unit) => {
    // A swipe of its own joins the next batch; inside a caller's transaction it is a batch of one.
    const row = work ? (await writeSwipes(ctx, [values], work))[0] : await batchedSwipe(ctx, values);
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
      outbox_id,
      ...target
    } = row;
    if (refusal === 'super_like_limit') throw new AppError(ErrorCode.SUPER_LIKE_LIMIT);
    if (refusal === 'message_token') {
      throw new AppError(ErrorCode.LOCKED_PROFILE, MESSAGE_TOKEN_REQUIRED_TEXT, {
        required_tier: target.tierLevel,
        message_tokens: 0,
      });
    }
    if (!swiped_at) throw refusalOf(actor, target, input);
    // The events in the order swipeEventsRecipe rebuilds them: the notices, then the match.
    const events = collectingWork(unit.tx);
    const written = notification_ids ?? [];
    const [likeNote] = likeNotes;
    if (!match_created && likeNote && written.length === 1) {
      // Without a match the one notice written is the like's, anonymous: announced as written,
      // without reading it back (a swipe stays one statement).
      announceNotification(events, {
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
      await announceNotifications(events, written);
    }
    const reply: SwipeReply = { direction: input.direction, target_id: target.id, match: null };
    if (match_id && match_expires_at && match_status) {
      const match = {
        id: match_id,
        expiresAt: new Date(match_expires_at),
        status: match_status,
        conversationStartedAt: match_conversation_started_at,
      };
      // A new match (an expired one this like reopened counts as new), or the pair's
      // match still open (a super like given again after Remove).
      if (match_created || isMatchOpen(match)) {
        const swiper = {
          id: actor.id,
          tier: actor.tier,
          maxTier: maxVisibleTier(actor.rules),
          geo: actor.geo,
          seesOnline: actor.showsOnline,
        };
        reply.match = await presentMatch(events, match, swiper, target.id, match_created === true);
      }
    }
    publishRecorded(unit, outbox_id === null ? null : Number(outbox_id), events.messages);
    return reply;
  }, work);
}

/** The name of the swipe statement's outbox rows (decision 034). */
export const SWIPE_EVENTS_RECIPE = 'swipe';

/** What the swipe statement records of a swipe that announces something (`outboxed`). */
type SwipeEventsBody = {
  swiper: string;
  tier: TierLevel;
  max_tier: TierLevel;
  target: string;
  match_id: string | null;
  match_expires_at: string | null;
  match_created: boolean | null;
  notification_ids: string[] | null;
};

/**
 * A swipe's events rebuilt from its outbox row, for the delivery worker when the process that
 * committed the swipe died before publishing them: its notices as they now read, then, when it made
 * the match, `match.created` to both members, from their cards as they now are.
 */
export async function swipeEventsRecipe(body: unknown, work: Work): Promise<void> {
  const swipe = body as SwipeEventsBody;
  await announceNotifications(work, swipe.notification_ids ?? []);
  if (swipe.match_created && swipe.match_id && swipe.match_expires_at) {
    const swiper = { id: swipe.swiper, tier: swipe.tier, maxTier: swipe.max_tier };
    const match = { id: swipe.match_id, expiresAt: new Date(swipe.match_expires_at) };
    await presentMatch(work, match, swiper, swipe.target, true);
  }
}

/**
 * Why the swipe statement wrote nothing for a visible target: the checks it applied (`allowed`),
 * in order. A like paid with a message token passes the tier check, so if it wrote nothing without a
 * refusal it was a repeat, not a locked card.
 */
function refusalOf(actor: MemberActor, target: SwipeTarget, input: SwipeBody): AppError {
  const targetTier = target.tierLevel as TierLevel;
  if (
    !canSeeTier(actor.rules, targetTier) &&
    input.direction !== 'left' &&
    input.use_message_token !== true
  ) {
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
 * The swiper as their match card is presented to them: their rights, and where they are for the
 * distance (left out by the worker's rebuild: then read from their own profile, as their actor is).
 */
/** `geo` and `seesOnline` default to the swiper's own card as it now reads (the delivery worker). */
type SwiperView = {
  id: string;
  tier: TierLevel;
  maxTier: TierLevel;
  geo?: LatLng | null;
  seesOnline?: boolean;
};

/** Where a member is as a viewer: nowhere when they hide their own location. */
const viewerGeo = (card: Pick<MemberCardRow, 'locationSharing' | 'geoLat' | 'geoLng'>): LatLng | null =>
  card.locationSharing && card.geoLat !== null && card.geoLng !== null
    ? { lat: card.geoLat, lng: card.geoLng }
    : null;

/**
 * The match as the swiper sees the other member (the reply); when this swipe created it, both
 * sides also get `match.created` with their own view of the other. Null when the swiper may no
 * longer see the other member.
 */
async function presentMatch(
  work: Work,
  match: { id: string; expiresAt: Date },
  swiper: SwiperView,
  targetId: string,
  announce: boolean,
): Promise<MatchSummary | null> {
  // The other member's card for the swiper, under the same visibility rule as the swipe (read a
  // moment after it: a block or ghost mode since then leaves the reply without their card). They
  // still learn of a match this swipe made, and the swiper's own card is read as it is.
  const cards = await work.tx
    .select({
      ...memberCardColumns,
      visibleToSwiper: sql<boolean>`${visibleTo({ id: swiper.id, tier: swiper.tier })}`,
    })
    .from(profiles)
    .where(inArray(profiles.userId, announce ? [targetId, swiper.id] : [targetId]));
  const target = cards.find((card) => card.id === targetId);
  if (!target) return null;
  const self = announce ? cards.find((card) => card.id === swiper.id) : undefined;
  const photos = await loadPhotos(work.tx, self ? [target.id, self.id] : [target.id]);
  const expires_at = match.expiresAt.toISOString();
  const mine: MatchSummary | null = target.visibleToSwiper
    ? {
        id: match.id,
        expires_at,
        member: presentMemberCard(target, photos.get(target.id) ?? [], {
          geo: swiper.geo !== undefined ? swiper.geo : self ? viewerGeo(self) : null,
          maxTier: swiper.maxTier,
          seesOnline: swiper.seesOnline ?? self?.showOnlineStatus ?? false,
        }),
      }
    : null;
  if (self) {
    if (mine) {
      work.publish({
        kind: 'deliver',
        userIds: [swiper.id],
        event: { type: 'match.created', payload: mine },
      });
    }
    const theirs: MatchSummary = {
      id: match.id,
      expires_at,
      // The target as a viewer: no distance when they hide their own location.
      member: presentMemberCard(self, photos.get(self.id) ?? [], {
        geo: viewerGeo(target),
        maxTier: target.tierLevel as TierLevel,
        seesOnline: target.showOnlineStatus,
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
