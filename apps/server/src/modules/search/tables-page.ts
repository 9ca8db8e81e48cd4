import { maxVisibleTier, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@royal/shared';
import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import type { ActivityCursor } from './cursor';
import type { Found } from './found';
import { run } from './prepared';
import { compile, type NearSince, type SearchRow, tableStatements } from './statements';

// The page a snapshot cannot serve (past the matches it keeps, or its count undecided), read from the
// tables, most recently active first.

const statementViewer = (viewer: MemberActor) => ({
  id: viewer.id,
  maxTier: maxVisibleTier(viewer.rules),
  geo: viewer.geo,
});

const runCount = async (ctx: AppContext, count: SQL) =>
  (await run<{ total: number }>(ctx, compile('count', count)))[0]?.total ?? 0;

/** The members matching the filters, counted in the tables up to one past SEARCH_COUNT_CAP. */
export function countFromTables(ctx: AppContext, viewer: MemberActor, filters: SearchFilters) {
  return runCount(ctx, tableStatements(statementViewer(viewer), filters, null).count as SQL);
}

/**
 * The page read straight from the tables: the count (first page only, exact up to SEARCH_COUNT_CAP),
 * then the page with its photos folded in, planned for what the count found (run, prepared.ts).
 */
export async function pageFromTables(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  cursor: ActivityCursor | null,
  beyond: NearSince | null = null,
): Promise<Found> {
  const statements = tableStatements(statementViewer(viewer), filters, cursor, beyond);
  const counted = statements.count ? await runCount(ctx, statements.count) : null;
  // Near-first's rest from its start (no count): the members beyond a preference are most members.
  const dense = cursor ? cursor.w : counted === null || counted > SEARCH_COUNT_CAP;
  const rows = await run<SearchRow>(ctx, compile(dense ? 'walk' : 'page', statements.page), {
    genericPlan: dense,
  });
  const more = rows.length > SEARCH_PAGE_SIZE;
  const lastShown = rows[SEARCH_PAGE_SIZE - 1];
  return {
    rows,
    total: counted,
    capped: (counted ?? 0) > SEARCH_COUNT_CAP,
    more,
    dense,
    placeOf: (row) => row.lastActiveKey,
    next:
      more && lastShown
        ? { t: lastShown.lastActiveKey, id: lastShown.id, w: dense, ...(beyond && { b: beyond.since }) }
        : null,
  };
}
