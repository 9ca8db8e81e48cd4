/**
 * Short-lived snapshots of browse results, shared by every viewer who asks the same question.
 *
 * A search's cost is finding and counting its matches among all members (up to a thousand rows read
 * per request for a common name), not showing one page of them. Viewers of the same visible tier
 * with the same filters (and, for a distance filter, the same location cell) get the same matches
 * apart from themselves and their blocks, so one snapshot — the matching ids in result order, up to
 * a little past the count's cap — serves them all; each request then reads only the page's own rows
 * by id, checking them against the live rule again (snapshot-page.ts).
 *
 * Staleness, worst case:
 * - what is shown is never stale about visibility: every row is re-checked when it is read
 *   (ghost mode, privacy, blocks, the filters themselves);
 * - who matches and the count follow any change to a filtered column or setting at the next search:
 *   such a write moves the `search_generation` sequence (the triggers of
 *   db/sql/bump_search_generation.sql), which each page reads with its rows, and a snapshot of an
 *   older generation is rebuilt;
 * - activity alone (last_active: order and Online Now) does not move it; it ages the snapshot by at
 *   most SNAPSHOT_TTL_MS.
 */

/** One match: its id and its place in the order (last activity as UTC text with microseconds). */
export type SnapshotEntry = { id: string; key: string };

export type Snapshot = {
  /** `search_generation` when the snapshot was read (read before the matches, so never newer). */
  generation: string;
  builtAt: number;
  /** Matches, most recently active first, ties by id (descending) — the results' own order. */
  entries: SnapshotEntry[];
  /** Every match is in `entries` (false: there were more than the snapshot keeps). */
  complete: boolean;
};

/** How long a snapshot serves when nothing it filters on changes: bounds the drift of activity. */
export const SNAPSHOT_TTL_MS = 15_000;
/** Filter mixes kept at once (each at most ~1,100 ids); the least recently used go first. */
const MAX_SNAPSHOTS = 256;

export type SnapshotCache<S extends Snapshot = Snapshot> = {
  /** The fresh snapshot for `key`, building it once however many requests ask at the same time. */
  get(key: string, build: () => Promise<S>): Promise<S>;
  /** Forgets `key`'s snapshot if it is still `stale` (a page found the database moved on). */
  drop(key: string, stale: S): void;
};

export function createSnapshotCache<S extends Snapshot = Snapshot>(
  now: () => number = Date.now,
): SnapshotCache<S> {
  const snapshots = new Map<string, Promise<S>>();
  const settled = new WeakMap<Promise<S>, S>();

  return {
    get(key, build) {
      const cached = snapshots.get(key);
      if (cached) {
        const snapshot = settled.get(cached);
        // Still building (single flight), or fresh: serve it, marked most recently used.
        if (!snapshot || now() - snapshot.builtAt < SNAPSHOT_TTL_MS) {
          snapshots.delete(key);
          snapshots.set(key, cached);
          return cached;
        }
      }
      const pending = build().then(
        (snapshot) => {
          settled.set(pending, snapshot);
          return snapshot;
        },
        (error: unknown) => {
          // A failed build is not remembered: the next request tries again.
          if (snapshots.get(key) === pending) snapshots.delete(key);
          throw error;
        },
      );
      snapshots.delete(key);
      snapshots.set(key, pending);
      if (snapshots.size > MAX_SNAPSHOTS) {
        // Maps iterate in insertion order, and a hit re-inserts: the first key is the least recently used.
        const oldest = snapshots.keys().next().value;
        if (oldest !== undefined) snapshots.delete(oldest);
      }
      return pending;
    },
    drop(key, stale) {
      const cached = snapshots.get(key);
      if (cached && settled.get(cached) === stale) snapshots.delete(key);
    },
  };
}

/**
 * Index of the first entry after the cursor (strictly older, or as old with a smaller id), or null
 * when the snapshot ends before it and more matches exist than it holds. Keys share one fixed-width
 * text form and ids are lower-case UUID text, so comparing the strings compares the values.
 */
export function positionAfter(
  snapshot: Pick<Snapshot, 'entries' | 'complete'>,
  cursor: { t: string; id: string },
): number | null {
  const { entries } = snapshot;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = entries[middle] as SnapshotEntry;
    const after = entry.key < cursor.t || (entry.key === cursor.t && entry.id < cursor.id);
    if (after) high = middle;
    else low = middle + 1;
  }
  return low === entries.length && !snapshot.complete ? null : low;
}
