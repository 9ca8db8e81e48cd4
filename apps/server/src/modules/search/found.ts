import type { SearchCursor } from './cursor';
import type { SearchSnapshot } from './search-snapshot';
import type { SearchRow } from './statements';

// What a page source (snapshot-page.ts, tables-page.ts, near-first-page.ts) hands the search: the
// rows and what the reply says about the rest.

export type Found = {
  /** The page in the order shown, and possibly one more (which only says a next page exists). */
  rows: SearchRow[];
  total: number | null;
  capped: boolean;
  more: boolean;
  /** The results are many (more than the count's cap): later pages walk the order index (prepared.ts). */
  dense: boolean;
  /** A shown member's place in the most-recently-active order (a snapshot keeps its own: snapshots.ts). */
  placeOf: (row: SearchRow) => string;
  /** Where the next page starts (null: this is the last). */
  next: SearchCursor | null;
  /** The snapshot that served the page, whose presented cards are reused (none: read from the tables). */
  snapshot?: SearchSnapshot;
  /** Near-first: the index of the page's first member beyond the viewer's preference, if it has one. */
  widenFrom?: number;
};
