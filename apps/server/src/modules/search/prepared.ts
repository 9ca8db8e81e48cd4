import type { AppContext } from '../../context';
import type { Compiled } from './statements';

// Shared by both page sources: the snapshot's window reads (snapshot-page.ts) and the page read from
// the tables (tables-page.ts).

/**
 * Runs a compiled statement by name: PostgreSQL parses it once per connection. Read from the tables
 * (deep pages), the page runs with the plan that suits how many members match. Few (up to the
 * count's cap): PostgreSQL's own choice, typically a bitmap of the filter's index (trigrams, the box,
 * the tags) and a sort of those few rows. Many: it cannot tell — a box or a tag list has no useful row
 * estimate — and would still fetch and sort every match (~300 ms for 10,000 on the benchmark);
 * instead the page runs on the connections set up for ordered walks (GENERIC_PLAN_SETTINGS: no sort,
 * no bitmap), which walk profiles_search_order_idx newest first and stop after a page, about a
 * hundred rows in when at least 1% of members match.
 */
export function run<T>(
  ctx: AppContext,
  { name, text, params }: Compiled,
  options: { genericPlan?: boolean } = {},
) {
  return ctx.database.queryPrepared<T>(name, text, params, options);
}
