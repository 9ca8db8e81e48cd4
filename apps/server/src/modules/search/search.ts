import {
  AppError,
  ErrorCode,
  maxVisibleTier,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  type SearchPage,
} from '@royal/shared';
import type { AppContext } from '../../context';
import { PreparedJson } from '../../plugins/reply-serializer';
import type { MemberActor } from '../auth';
import { distanceFrom } from '../members';
import { searchCursor } from './cursor';
import type { Found } from './found';
import { nearFirstOf, nearFirstPage, nearFirstRest } from './near-first-page';
import { cardJson, presentCard } from './presenter';
import { pageFromSnapshot } from './snapshot-page';
import { pageFromTables } from './tables-page';

// Browse/search (GET /api/search): the filters checked against the viewer, the page from the shared
// snapshot or else from the tables, and the reply written as JSON.

function refuse(path: string, message: string): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, message, [{ path, message }]);
}

/**
 * One page of browse results, and on the first page the number of members matching (exact up to
 * SEARCH_COUNT_CAP). Without a distance filter, a viewer with a location sees the members within
 * their distance preference first, nearest first (near-first-page.ts); otherwise, and after those,
 * most recently active first (stable: ties broken by id). Served from the shared snapshot of the
 * question (one statement: the page's members checked live), or from the tables when the snapshot
 * cannot answer (pages past the matches it keeps). Written as JSON here: a snapshot's
 * cards are presented once and only the viewer's distance is filled in per request.
 */
export async function searchMembers(
  ctx: AppContext,
  { actor: viewer, filters }: { actor: MemberActor; filters: SearchFilters },
): Promise<PreparedJson> {
  const maxTier = maxVisibleTier(viewer.rules);
  if (filters.tier !== undefined && filters.tier > maxTier) {
    refuse('tier', `Tier Level must be between 0 and ${maxTier}`);
  }
  if (filters.max_distance !== undefined && !viewer.geo) {
    refuse(
      'max_distance',
      'Max Distance needs your location: set it in Settings and turn Location Sharing on',
    );
  }
  const cursor = searchCursor.decode(ctx.secrets.pageCursors, filters.cursor);
  const nearFirst = nearFirstOf(viewer, filters);
  let found: Found;
  if (cursor && 'n' in cursor) {
    // A page still within the preference, asked after the viewer lost their location or set a distance.
    if (!nearFirst) refuse('cursor', 'Invalid cursor');
    found = await nearFirstPage(ctx, viewer, filters, { key: cursor.n, since: cursor.s }, nearFirst);
  } else if (!cursor && nearFirst) {
    found = await nearFirstPage(ctx, viewer, filters, null, nearFirst);
  } else if (cursor?.b !== undefined && nearFirst) {
    found = await nearFirstRest(ctx, viewer, filters, { ...cursor, b: cursor.b }, nearFirst);
  } else {
    found =
      (await pageFromSnapshot(ctx, viewer, filters, cursor)) ??
      (await pageFromTables(ctx, viewer, filters, cursor));
  }

  const rows = found.rows.slice(0, SEARCH_PAGE_SIZE);
  const context = { geo: viewer.geo, maxTier, seesOnline: viewer.showsOnline };
  const { snapshot } = found;
  const items = rows.map((row) => {
    // Only the snapshot's own card objects are presented once; anything else, every time.
    if (!snapshot || snapshot.cards.get(row.id) !== row) return JSON.stringify(presentCard(row, context));
    let json = snapshot.json.get(row);
    if (!json) {
      json = cardJson(row, maxTier);
      snapshot.json.set(row, json);
    }
    const after = viewer.showsOnline ? json.after : json.afterUnseenOnline;
    return json.before + JSON.stringify(distanceFrom(context, row)) + after;
  });
  const rest: Omit<SearchPage, 'items'> = {
    total: found.total === null ? null : Math.min(found.total, SEARCH_COUNT_CAP),
    total_capped: found.capped,
    next_cursor: found.next ? searchCursor.encode(ctx.secrets.pageCursors, found.next) : null,
    max_visible_tier: maxTier,
    widening:
      nearFirst && found.widenFrom !== undefined
        ? { from_index: found.widenFrom, within_miles: nearFirst.miles }
        : null,
  };
  return new PreparedJson(`{"items":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`);
}
