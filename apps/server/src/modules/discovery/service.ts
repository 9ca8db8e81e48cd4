import {
  FEED_PAGE_SIZE,
  type FeedCard,
  type FeedPage,
  LOCKED_TEASER_RATIO,
  maxVisibleTier,
  shownMiles,
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
  coarseDistanceSql,
  inNearOrder,
  type MemberCardRow,
  memberCardColumns,
  NEAR_WALK_START,
  nearDegreesSql,
  nearKeyAfter,
  notSwipedBy,
  pastNearKeySql,
  presentLockedCard,
  presentMemberCard,
  reachBox,
  reachOf,
  selectList,
  type ViewerContext,
  visibleTo,
  withinReachSql,
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
  /** The viewer's coarse cell and distance preference (reach and box); unused without a location. */
  hasGeo: boolean;
  lat: number;
  lng: number;
  reach: number;
  west: number;
  south: number;
  east: number;
  north: number;
  /** Where the walk of members within the preference stopped: its last distance (degrees) and the
   * ids shown at exactly that distance (a `uuid[]` literal). */
  nearDegrees: number;
  nearShown: string;
  visibleRank: number;
  visibleAt: string;
  visibleId: string;
  teaserRank: number;
  teaserAt: string;
  teaserId: string;
};
type Values = { [K in keyof FeedValues]: P<FeedValues[K]> };

type FeedRow = MemberCardRow & {
  kind: 'near' | 'visible' | 'teaser';
  rank: 0 | 1 | 2;
  lastActiveKey: string;
  photoIds: string[];
  /** Near rows only: the walk's key (degrees on the plane of profiles_geo_box_idx) and true miles. */
  nearDegrees: number | null;
  miles: number | null;
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

const withinPreference = (v: Values) =>
  withinReachSql(v, { west: v.west, south: v.south, east: v.east, north: v.north }, v.reach);

/**
 * The members within the viewer's distance preference, nearest first, after the previous page: a
 * nearest-neighbour walk of profiles_geo_box_idx inside the preference's box, which stops at the
 * limit (so a page costs about the same with ten members nearby or ten thousand). The index orders
 * by distance on the longitude/latitude plane and by nothing else (a second sort key would make
 * PostgreSQL sort every member in the box instead), so members at exactly the page's last distance
 * are told apart by the ids already shown there. Each page is then ordered by true distance band
 * and activity (shared deck-order.ts).
 */
function nearWalk(v: Values, tiers: SQL, limit: number) {
  const degrees = nearDegreesSql(v);
  const columns = sql`${selectList(memberCardColumns)}, ${profiles.photoIds} as "photoIds", ${lastActiveKey} as "lastActiveKey", 'near' as "kind"`;
  const promotion = sql`case when exists (select 1 from ${boosts} where ${boosts.userId} = ${profiles.userId} and ${liveBoost}) then 2 else ${profiles.feedRank} end`;
  return sql`(select ${columns}, ${promotion} as "rank", ${degrees} as "nearDegrees", ${coarseDistanceSql(v)} as "miles"
      from ${profiles}
      where ${candidates(v, tiers)}
        and ${withinPreference(v)}
        and ${pastNearKeySql(v, v.nearDegrees, v.nearShown)}
      order by ${degrees}
      limit ${sql.raw(String(limit))})`;
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
  condition: SQL,
  after: [SQL, SQL, SQL],
  limit: number,
) {
  const columns = sql`${selectList(memberCardColumns)}, ${profiles.photoIds} as "photoIds", ${lastActiveKey} as "lastActiveKey", ${sql.raw(`'${kind}'`)} as "kind", null::float8 as "nearDegrees", null::float8 as "miles"`;
  const limitRows = sql.raw(String(limit));
  const [r, t, id] = after;
  const walk = sql`select ${columns}, ${profiles.feedRank} as "rank"
        from ${profiles}
        where ${candidates(v, condition)}
          and not exists (select 1 from ${boosts} where ${boosts.userId} = ${profiles.userId} and ${liveBoost})
          and (${profiles.feedRank}, ${profiles.lastActive}, ${profiles.userId}) < (${r}, ${t}, ${id})
        order by ${profiles.feedRank} desc, ${profiles.lastActive} desc, ${profiles.userId} desc
        limit ${limitRows}`;
  return sql`(select * from (
      (select ${columns}, 2 as "rank"
        from (select distinct ${boosts.userId} as boosted from ${boosts} where ${liveBoost}) live
        join ${profiles} on ${profiles.userId} = live.boosted
        where ${candidates(v, condition)}
          and (2, ${profiles.lastActive}, ${profiles.userId}) < (${r}, ${t}, ${id}))
      union all
      (${walk})
    ) walk order by "rank" desc, "lastActive" desc, "id" desc limit ${limitRows})`;
}

/**
 * The page's cards with their approved photo ids (main first, the copy on `profiles`), in feed order:
 * while `withNear`, the members within the preference first and then (only once they run out: an
 * append runs its parts in turn and stops at the limit) everyone else. One statement, which reads
 * nothing per card but the profile row and the swipe, block and boost probes.
 */
function feedPage(v: Values, { withNear, withTeasers }: FeedShape): SQL {
  const visibleTiers = sql`${profiles.tierLevel} <= ${v.maxTier}::int`;
  const beyondPreference = sql`not (${v.hasGeo}::boolean and coalesce(${withinPreference(v)}, false))`;
  const further = segmentWalk(
    'visible',
    v,
    sql`${visibleTiers} and ${beyondPreference}`,
    [sql`${v.visibleRank}::int`, sql`${v.visibleAt}::timestamptz`, sql`${v.visibleId}::uuid`],
    FEED_PAGE_SIZE + 1,
  );
  const visible = withNear
    ? sql`(select * from (${nearWalk(v, visibleTiers, FEED_PAGE_SIZE + 1)} union all ${further}) nearest_first limit ${sql.raw(String(FEED_PAGE_SIZE + 1))})`
    : further;
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
type FeedShape = { withNear: boolean; withTeasers: boolean };
const feedStatement = (name: string, shape: FeedShape) =>
  preparedStatement<FeedRow, FeedValues>(name, (v) => feedPage(v, shape), { genericPlan: true });
const FEED_STATEMENTS = {
  visibleOnly: feedStatement('feed_page', { withNear: false, withTeasers: false }),
  withTeasers: feedStatement('feed_page_teasers', { withNear: false, withTeasers: true }),
  nearVisibleOnly: feedStatement('feed_page_near', { withNear: true, withTeasers: false }),
  nearWithTeasers: feedStatement('feed_page_near_teasers', { withNear: true, withTeasers: true }),
};

/** Near-first while the viewer has a location and the walk within the preference has not ended. */
const walksNear = (viewer: MemberActor, cursor: FeedCursor | null) =>
  viewer.geo !== null && (cursor === null || cursor.n !== null);

function statementFor(viewer: MemberActor, cursor: FeedCursor | null) {
  const top = maxVisibleTier(viewer.rules) >= TOP_TIER;
  if (walksNear(viewer, cursor))
    return top ? FEED_STATEMENTS.nearVisibleOnly : FEED_STATEMENTS.nearWithTeasers;
  return top ? FEED_STATEMENTS.visibleOnly : FEED_STATEMENTS.withTeasers;
}

/** The statement's values for a viewer and where the previous page stopped. */
function feedValues(viewer: MemberActor, cursor: FeedCursor | null): FeedValues {
  const after = cursor?.v ?? FIRST;
  const teaserAfter = cursor?.l ?? FIRST;
  const near = cursor?.n ?? NEAR_WALK_START;
  const geo = viewer.geo ?? { lat: 0, lng: 0 };
  return {
    viewerId: viewer.id,
    // Spelled as the one wanted type, so profiles_feed_idx serves it.
    wanted: USER_TYPES.find((type) => type !== viewer.userType) as UserType,
    maxTier: maxVisibleTier(viewer.rules),
    ageMin: viewer.ageRange[0],
    ageMax: viewer.ageRange[1],
    hasGeo: viewer.geo !== null,
    lat: geo.lat,
    lng: geo.lng,
    reach: reachOf(viewer.distancePreference),
    ...reachBox(geo, viewer.distancePreference),
    nearDegrees: near.d,
    nearShown: `{${near.ids.join(',')}}`,
    visibleRank: after.r,
    visibleAt: after.t,
    visibleId: after.id,
    teaserRank: teaserAfter.r,
    teaserAt: teaserAfter.t,
    teaserId: teaserAfter.id,
  };
}

const keyOf = (row: FeedRow): SortKey => ({ r: row.rank, t: row.lastActiveKey, id: row.id });
/** A page's members within the preference in deck order (shared deck-order.ts); the rest as walked. */
function inDeckOrder(rows: FeedRow[], now: Date): FeedRow[] {
  const near = inNearOrder(
    rows.filter((row) => row.kind === 'near'),
    (row) => ({
      // As the card shows it (whole miles), so two members both shown "2 miles" share a band.
      miles: shownMiles(row.miles ?? 0),
      lastActive: row.lastActive,
      promotion: row.rank,
      id: row.id,
    }),
    now,
  );
  return [...near, ...rows.filter((row) => row.kind !== 'near')];
}

/**
 * Where the next page starts: inside the walk within the preference while it has more, else in the
 * walk of everyone else (from its start when this page ended exactly where the near walk did).
 */
function nextCursor(
  visible: FeedRow[],
  following: FeedRow | undefined,
  teaser: SortKey | null,
): FeedCursor | null {
  const last = visible.at(-1);
  if (!following || !last) return null;
  if (last.kind === 'near') {
    return following.kind === 'near'
      ? {
          n: nearKeyAfter(visible.map((row) => ({ id: row.id, nearDegrees: row.nearDegrees ?? 0 }))),
          v: null,
          l: teaser,
        }
      : { n: null, v: null, l: teaser };
  }
  return { n: null, v: keyOf(last), l: teaser };
}

/**
 * One page of the discovery feed: up to FEED_PAGE_SIZE profiles the viewer may see, with locked
 * teasers of higher tiers mixed in at positions 4, 9, 14, 19 — at most one per LOCKED_TEASER_RATIO
 * visible cards, so never more than one card in five, and none for a top-tier viewer. Members within
 * the viewer's distance preference come first (deck-order.ts); the page says where it widens beyond
 * it. Teasers pass every other exclusion and page on their own cursor, so neither kind repeats
 * across pages. One SQL statement, photos included.
 */
export async function loadFeed(
  ctx: AppContext,
  { actor: viewer, cursor: rawCursor }: { actor: MemberActor; cursor: string | undefined },
): Promise<FeedPage> {
  const cursor = decodeFeedCursor(ctx.secrets.pageCursors, rawCursor);
  const maxTier = maxVisibleTier(viewer.rules);
  const rows = await statementFor(viewer, cursor).run(ctx.database, feedValues(viewer, cursor));

  const visibleRows = rows.filter((row) => row.kind !== 'teaser');
  const walked = visibleRows.slice(0, FEED_PAGE_SIZE);
  const teaserSlots = maxTier >= TOP_TIER ? 0 : Math.floor(walked.length / LOCKED_TEASER_RATIO);
  const locked = rows.filter((row) => row.kind === 'teaser').slice(0, teaserSlots);

  const context: ViewerContext = { geo: viewer.geo, maxTier, seesOnline: viewer.showsOnline };
  const asRefs = (row: FeedRow) => row.photoIds.map((id) => ({ id }));
  const visible = inDeckOrder(walked, new Date());
  const cards: FeedCard[] = visible.map((row) => presentMemberCard(row, asRefs(row), context));
  locked.forEach((row, i) => {
    const teaser = presentLockedCard(row, row.photoIds[0] ?? null);
    cards.splice(i * LOCKED_TEASER_RATIO + (LOCKED_TEASER_RATIO - 1), 0, teaser);
  });

  const lastLocked = locked.at(-1);
  const teaserKey = lastLocked ? keyOf(lastLocked) : (cursor?.l ?? null);
  const next = nextCursor(walked, visibleRows[FEED_PAGE_SIZE], teaserKey);
  // Where the cards beyond the preference begin: the first visible card not walked as near.
  const firstFurther = visible.find((row) => row.kind !== 'near');
  const fromIndex = firstFurther ? cards.findIndex((card) => card.id === firstFurther.id) : -1;
  return {
    items: cards,
    next_cursor: next ? encodeFeedCursor(ctx.secrets.pageCursors, next) : null,
    widening:
      viewer.geo && fromIndex >= 0
        ? { from_index: fromIndex, within_miles: viewer.distancePreference }
        : null,
  };
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
  return statementFor(viewer, null).render(feedValues(viewer, null));
}
