import type { SearchSnapshot } from './search-snapshot';
import type { SearchRow } from './statements';

// What either page source (snapshot-page.ts, tables-page.ts) hands the search: the rows and what the
// reply says about the rest.

export type Found = {
  rows: SearchRow[];
  total: number | null;
  capped: boolean;
  dense: boolean;
  more: boolean;
  /** The snapshot that served the page, whose presented cards are reused (none: read from the tables). */
  snapshot?: SearchSnapshot;
  /** The last shown member's place in the snapshot's order (else their last activity is the place). */
  cursorKey?: string;
};
