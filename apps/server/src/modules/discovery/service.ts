import {
  FEED_PAGE_SIZE,
  type FeedCard,
  type FeedPage,
  LOCKED_TEASER_RATIO,
  maxVisibleTier,
  TIER_LEVELS,
  TOP_POPULARITY_THRESHOLD,
  USER_TYPES,
} from '@royal/shared';
import { and, between, desc, eq, gt, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { boosts, profiles, safetySettings, swipeActions } from '../../db/schema';
import type { MemberActor } from '../auth';
import {
  loadPhotos,
  memberCardColumns,
  notSwipedBy,
  presentLockedCard,
  presentMemberCard,
  settingsJoin,
  type ViewerContext,
  visibleTo,
} from '../members';
import { decodeFeedCursor, encodeFeedCursor, type SortKey } from './cursor';

const TOP_TIER = Math.max(...TIER_LEVELS);

/**
 * The feed is ordered by promotion rank — a live profile boost (2), then sponsored or top-10% members
 * (1), then everyone else (0) — and within a rank by last activity, newest first, with the user id as
 * the tie-breaker. Each rank is its own segment, read as a keyset scan on an index ordered by
 * (last_active desc, user_id desc) that stops at the page size: the database never sorts the whole
 * candidate set, so a page costs the same with a thousand members or a million.
 */
const activeBoost = sql`exists (select 1 from ${boosts} where ${boosts.userId} = ${profiles.userId}
    and ${boosts.boostType} = 'profile_boost' and ${boosts.activeUntil} > now())`;
// Written exactly as the partial index profiles_promoted_last_active_idx, so the planner can use it.
const promoted = sql`(${profiles.isSponsored} or ${profiles.popularityScore} >= ${sql.raw(String(TOP_POPULARITY_THRESHOLD))})`;
const SEGMENTS: readonly { rank: 0 | 1 | 2; where: SQL }[] = [
  { rank: 2, where: activeBoost },
  { rank: 1, where: sql`${promoted} and not ${activeBoost}` },
  { rank: 0, where: sql`not ${promoted} and not ${activeBoost}` },
];

const lastActiveKey = sql<string>`to_char(${profiles.lastActive} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Rows strictly after `key` within its segment, in (last_active desc, user_id desc) order. */
const afterInSegment = (key: SortKey) =>
  sql`(${profiles.lastActive}, ${profiles.userId}) < (${key.t}::timestamptz, ${key.id}::uuid)`;

/**
 * The spec's feed exclusions (part 1 §5) plus ours: self, ghost mode, private (and tier_only above
 * the viewer), blocks either way, already swiped, outside the viewer's preferred age range, and
 * same-type pairs (men see women, women see men).
 */
function feedCandidates(viewer: MemberActor): SQL {
  return and(
    ne(profiles.userId, viewer.id),
    visibleTo(viewer),
    notSwipedBy(viewer.id),
    between(profiles.age, viewer.ageRange[0], viewer.ageRange[1]),
    // Spelled as the wanted type(s), not `<> mine`, so profiles_discovery_idx can serve it.
    inArray(
      profiles.userType,
      USER_TYPES.filter((type) => type !== viewer.userType),
    ),
  ) as SQL;
}

async function selectSegment(db: Db, where: SQL, rank: 0 | 1 | 2, limit: number) {
  const rows = await db
    .select({ ...memberCardColumns, lastActiveKey })
    .from(profiles)
    .leftJoin(safetySettings, settingsJoin)
    .where(where)
    .orderBy(desc(profiles.lastActive), desc(profiles.userId))
    .limit(limit);
  return rows.map((row) => ({ ...row, rank }));
}

/** Up to `limit` rows after `cursor`, walking the segments from the cursor's rank downwards. */
async function selectFeedRows(db: Db, where: SQL, cursor: SortKey | null | undefined, limit: number) {
  const rows: FeedRow[] = [];
  for (const segment of SEGMENTS) {
    if (cursor && segment.rank > cursor.r) continue;
    const resume = cursor && segment.rank === cursor.r ? afterInSegment(cursor) : undefined;
    rows.push(
      ...(await selectSegment(
        db,
        and(where, segment.where, resume) as SQL,
        segment.rank,
        limit - rows.length,
      )),
    );
    if (rows.length >= limit) break;
  }
  return rows;
}

type FeedRow = Awaited<ReturnType<typeof selectSegment>>[number];
const keyOf = (row: FeedRow): SortKey => ({ r: row.rank, t: row.lastActiveKey, id: row.id });

/**
 * One page of the discovery feed: up to FEED_PAGE_SIZE profiles the viewer may see, with locked
 * teasers of higher tiers mixed in at positions 4, 9, 14, 19 — at most one per LOCKED_TEASER_RATIO
 * visible cards, so never more than one card in five, and none for a top-tier viewer. Teasers pass
 * every other exclusion and page on their own cursor, so neither kind repeats across pages.
 */
export async function loadFeed(
  ctx: AppContext,
  { actor: viewer, cursor: rawCursor }: { actor: MemberActor; cursor: string | undefined },
): Promise<FeedPage> {
  const cursor = decodeFeedCursor(rawCursor);
  const maxTier = maxVisibleTier(viewer.rules);
  const candidates = feedCandidates(viewer);

  const visibleRows = await selectFeedRows(
    ctx.db,
    and(candidates, lte(profiles.tierLevel, maxTier)) as SQL,
    cursor?.v,
    FEED_PAGE_SIZE + 1,
  );
  const hasMore = visibleRows.length > FEED_PAGE_SIZE;
  const visible = visibleRows.slice(0, FEED_PAGE_SIZE);

  const teaserSlots = maxTier >= TOP_TIER ? 0 : Math.floor(visible.length / LOCKED_TEASER_RATIO);
  const locked =
    teaserSlots === 0
      ? []
      : await selectFeedRows(
          ctx.db,
          and(candidates, gt(profiles.tierLevel, maxTier)) as SQL,
          cursor?.l,
          teaserSlots,
        );

  const photos = await loadPhotos(
    ctx.db,
    [...visible, ...locked].map((r) => r.id),
  );
  const context: ViewerContext = { geo: viewer.geo, maxTier };
  const cards: FeedCard[] = visible.map((row) => presentMemberCard(row, photos.get(row.id) ?? [], context));
  locked.forEach((row, i) => {
    const teaser = presentLockedCard(row, photos.get(row.id)?.[0]?.id ?? null);
    cards.splice(i * LOCKED_TEASER_RATIO + (LOCKED_TEASER_RATIO - 1), 0, teaser);
  });

  const lastVisible = visible.at(-1);
  const lastLocked = locked.at(-1);
  const next =
    hasMore && lastVisible
      ? encodeFeedCursor({ v: keyOf(lastVisible), l: lastLocked ? keyOf(lastLocked) : (cursor?.l ?? null) })
      : null;
  return { items: cards, next_cursor: next };
}

/** "Start Over": forgets the viewer's passes so those profiles come back; likes and super likes stay. */
export async function resetPasses(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const deleted = await ctx.db
    .delete(swipeActions)
    .where(and(eq(swipeActions.swiperId, actor.id), eq(swipeActions.direction, 'left')))
    .returning({ id: swipeActions.id });
  return { cleared: deleted.length };
}
