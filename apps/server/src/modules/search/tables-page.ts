import { maxVisibleTier, SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE, type SearchFilters } from '@royal/shared';
import type { AppContext } from '../../context';
import type { MemberActor } from '../auth';
import type { SearchCursor } from './cursor';
import type { Found } from './found';
import { run } from './prepared';
import { compile, type SearchRow, tableStatements } from './statements';

// The page a snapshot cannot serve (past the matches it keeps, or its count undecided), read from the
// tables.

/**
 * The page read straight from the tables: the count (first page only, exact up to SEARCH_COUNT_CAP),
 * then the page with its photos folded in, planned for what the count found (run, prepared.ts).
 */
export async function pageFromTables(
  ctx: AppContext,
  viewer: MemberActor,
  filters: SearchFilters,
  cursor: SearchCursor | null,
): Promise<Found> {
  const statements = tableStatements(
    { id: viewer.id, maxTier: maxVisibleTier(viewer.rules), geo: viewer.geo },
    filters,
    cursor,
  );
  const counted = statements.count
    ? ((await run<{ total: number }>(ctx, compile('count', statements.count)))[0]?.total ?? 0)
    : null;
  const dense = cursor ? cursor.w : (counted ?? 0) > SEARCH_COUNT_CAP;
  const rows = await run<SearchRow>(ctx, compile(dense ? 'walk' : 'page', statements.page), {
    genericPlan: dense,
  });
  return {
    rows,
    total: counted,
    capped: (counted ?? 0) > SEARCH_COUNT_CAP,
    dense,
    more: rows.length > SEARCH_PAGE_SIZE,
  };
}
