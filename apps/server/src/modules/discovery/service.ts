import {
  FEED_PAGE_SIZE,
  type FeedCard,
  type FeedPage,
  LOCKED_TEASER_RATIO,
  maxVisibleTier,
  TIER_LEVELS,
  type TierLevel,
  USER_TYPES,
  type UserType,
} from '@royal/shared';
import { and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { preparedStatement } from '../../db/prepared';
import { boosts, profiles, swipeActions } from '../../db/schema';
import { microsecondKey } from '../../lib/cursor';
import type { MemberActor } from '../auth';
import {
  type MemberCardRow,
  memberCardColumns,
  notSwipedBy,
  presentLockedCard,
  presentMemberCard,
  selectList,
  type ViewerContext,
  visibleTo,
} from '../members';
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor, type SortKey } from './cursor';

const TOP_TIER = Math.max(...TIER_LEVELS) as TierLevel;
/** Locked teasers a page can hold: one per LOCKED_TEASER_RATIO visible cards. */
const MAX_TEASERS = Math.floor(FEED_PAGE_SIZE / LOCKED_TEASER_RATIO);
/** Sorts before every real key: the start of a segment list. */
const FIRST: SortKey = { r: 3, t: '9999-12-31T00:00:00.000000Z', id: 'ffffffff-ffff-4fff-bfff-ffffffffffff' };

type P<T> = T | Placeholder;
type FeedValues = {
  viewerId: string;
  wanted: UserType;
  maxTier: number;
  ageMin: number;
  ageMax: number;
  visibleRank: number;
  visibleAt: string;
  visibleId: string;
  teaserRank: number;
  teaserAt: string;
  teaserId: string;
};
type Values = { [K in keyof FeedValues]: P<FeedValues[K]> };

type FeedRow = MemberCardRow & {
  kind: 'visible' | 'teaser';
  rank: 0 | 1 | 2;
  lastActiveKey: string;
  photoIds: string[];
};

const liveBoost = sql`${boosts.boostType} = 'profile_boost' and ${boosts.activeUntil} > now()`;
const lastActiveKey = microsecondKey(profiles.lastActive);

/**
 * The spec's feed exclusions (part 1 §5) plus ours: self, ghost mode, private (and tier_only above
 * the viewer), blocks either way, already swiped, outside the viewer's preferred age range, and
 * same-type pairs (men see women, women see men).
 */
function candidates(v: Values, tiers: SQL): SQL {
  return and(
    eq(profiles.userType, sql`${v.wanted}::user_type`),
    sql`${profiles.userId} <> ${v.viewerId}::uuid`,
    sql`${profiles.age} between ${v.ageMin}::int and ${v.ageMax}::int`,
    tiers,
    visibleTo({ id: sql`${v.viewerId}::uuid`, tier: sql`${v.maxTier}::int` }),
    notSwipedBy(sql`${v.viewerId}::uuid`),
  ) as SQL;
}

/**
 * One kind of card (visible, or locked teasers) in feed order after `after`: the members with a
 * live boost (rank 2, driven from the small boosts table, sorted with the page), then one ordered
 * walk of profiles_feed_idx (feed_rank, last_active, user_id, all descending) that stops at the
 * limit — the database never sorts the candidate set, so a page costs the same with a thousand
 * members or a million.
 */
function segmentWalk(
  kind: 'visible' | 'teaser',
  v: Values,
  tiers: SQL,
  after: [SQL, SQL, SQL],
  limit: number,
) {
  const columns = sql`${selectList(memberCardColumns)}, ${profiles.photoIds} as "photoIds", ${lastActiveKey} as "lastActiveKey", ${sql.raw(`'${kind}'`)} as "kind"`;
  const limitRows = sql.raw(String(limit));
  const [r, t, id] = after;
  const walk = sql`select ${columns}, ${profiles.feedRank} as "rank"
        from ${profiles}
        where ${candidates(v, tiers)}
          and not exists (select 1 from ${boosts} where ${boosts.userId} = ${profiles.userId} and ${liveBoost})
          and (${profiles.feedRank}, ${profiles.lastActive}, ${profiles.userId}) < (${r}, ${t}, ${id})
        order by ${profiles.feedRank} desc, ${profiles.lastActive} desc, ${profiles.userId} desc
        limit ${limitRows}`;
  return sql`(select * from (
      (select ${columns}, 2 as "rank"
        from (select distinct ${boosts.userId} as boosted from ${boosts} where ${liveBoost}) live
        join ${profiles} on ${profiles.userId} = live.boosted
        where ${candidates(v, tiers)}
          and (2, ${profiles.lastActive}, ${profiles.userId}) < (${r}, ${t}, ${id}))
      union all
      (${walk})
    ) walk order by "rank" desc, "lastActive" desc, "id" desc limit ${limitRows})`;
}

/**
 * The page's cards with their approved photo ids (main first, the copy on `profiles`), in feed order.
 * One statement, which reads nothing per card but the profile row and the swipe and block probes.
 */
function feedPage(v: Values, withTeasers: boolean): SQL {
  const visible = segmentWalk(
    'visible',
    v,
    sql`${profiles.tierLevel} <= ${v.maxTier}::int`,
    [sql`${v.visibleRank}::int`, sql`${v.visibleAt}::timestamptz`, sql`${v.visibleId}::uuid`],
    FEED_PAGE_SIZE + 1,
  );
  const teasers = segmentWalk(
    'teaser',
    v,
    sql`${profiles.tierLevel} > ${v.maxTier}::int`,
    [sql`${v.teaserRank}::int`, sql`${v.teaserAt}::timestamptz`, sql`${v.teaserId}::uuid`],
    MAX_TEASERS,
  );
  return sql`select page.* from (${visible} ${withTeasers ? sql`union all ${teasers}` : sql``}) page`;
}

// PostgreSQL plans these once and reuses the plan on connections set up for it (db/client.ts):
// planning the union costs ~3 ms, running it well under one (decision 004).
const feedStatement = (name: string, withTeasers: boolean) =>
  preparedStatement<FeedRow, FeedValues>(name, (v) => feedPage(v, withTeasers), { genericPlan: true });
const FEED_STATEMENTS = {
  visibleOnly: feedStatement('feed_page', false),
  withTeasers: feedStatement('feed_page_teasers', true),
};

const statementFor = (maxTier: TierLevel) =>
  maxTier >= TOP_TIER ? FEED_STATEMENTS.visibleOnly : FEED_STATEMENTS.withTeasers;

/** The statement's values for a viewer and where the previous page stopped. */
function feedValues(viewer: MemberActor, cursor: FeedCursor | null): FeedValues {
  const after = cursor?.v ?? FIRST;
  const teaserAfter = cursor?.l ?? FIRST;
  return {
    viewerId: viewer.id,
    // Spelled as the one wanted type, so profiles_feed_idx serves it.
    wanted: USER_TYPES.find((type) => type !== viewer.userType) as UserType,
    maxTier: maxVisibleTier(viewer.rules),
    ageMin: viewer.ageRange[0],
    ageMax: viewer.ageRange[1],
    visibleRank: after.r,
    visibleAt: after.t,
    visibleId: after.id,
    teaserRank: teaserAfter.r,
    teaserAt: teaserAfter.t,
    teaserId: teaserAfter.id,
  };
}

const keyOf = (row: FeedRow): SortKey => ({ r: row.rank, t: row.lastActiveKey, id: row.id });

/**
 * One page of the discovery feed: up to FEED_PAGE_SIZE profiles the viewer may see, with locked
 * teasers of higher tiers mixed in at positions 4, 9, 14, 19 — at most one per LOCKED_TEASER_RATIO
 * visible cards, so never more than one card in five, and none for a top-tier viewer. Teasers pass
 * every other exclusion and page on their own cursor, so neither kind repeats across pages. One SQL
 * statement, photos included.
 */
export async function loadFeed(
  ctx: AppContext,
  { actor: viewer, cursor: rawCursor }: { actor: MemberActor; cursor: string | undefined },
): Promise<FeedPage> {
  const cursor = decodeFeedCursor(ctx.secrets.pageCursors, rawCursor);
  const maxTier = maxVisibleTier(viewer.rules);
  const rows = await statementFor(maxTier).run(ctx.database, feedValues(viewer, cursor));

  const visibleRows = rows.filter((row) => row.kind === 'visible');
  const hasMore = visibleRows.length > FEED_PAGE_SIZE;
  const visible = visibleRows.slice(0, FEED_PAGE_SIZE);
  const teaserSlots = maxTier >= TOP_TIER ? 0 : Math.floor(visible.length / LOCKED_TEASER_RATIO);
  const locked = rows.filter((row) => row.kind === 'teaser').slice(0, teaserSlots);

  const context: ViewerContext = { geo: viewer.geo, maxTier };
  const asRefs = (row: FeedRow) => row.photoIds.map((id) => ({ id }));
  const cards: FeedCard[] = visible.map((row) => presentMemberCard(row, asRefs(row), context));
  locked.forEach((row, i) => {
    const teaser = presentLockedCard(row, row.photoIds[0] ?? null);
    cards.splice(i * LOCKED_TEASER_RATIO + (LOCKED_TEASER_RATIO - 1), 0, teaser);
  });

  const lastVisible = visible.at(-1);
  const lastLocked = locked.at(-1);
  const next =
    hasMore && lastVisible
      ? encodeFeedCursor(ctx.secrets.pageCursors, {
          v: keyOf(lastVisible),
          l: lastLocked ? keyOf(lastLocked) : (cursor?.l ?? null),
        })
      : null;
  return { items: cards, next_cursor: next };
}

/** "Start Over": forgets the viewer's passes so those profiles come back; likes and super likes stay. */
export async function resetPasses(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const deleted = await ctx.db
    .delete(swipeActions)
    .where(and(eq(swipeActions.swiperId, actor.id), eq(swipeActions.direction, 'left')))
    .returning({ target: swipeActions.targetId });
  return { cleared: deleted.length };
}

/** The first feed page's statement and values for a viewer, for EXPLAIN (bench/explain-feed.ts). */
export function feedStatementFor(viewer: MemberActor): { text: string; values: unknown[] } {
  return statementFor(maxVisibleTier(viewer.rules)).render(feedValues(viewer, null));
}
