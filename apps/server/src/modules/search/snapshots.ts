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
 *
 * A snapshot past SNAPSHOT_REFRESH_MS still serves, and the request that finds it so starts its
 * rebuild in the background: a question asked steadily is rebuilt before it expires, so no member
 * waits for the read of every match (90-130 ms quiet, two to three times that under the mixed load,
 * when every fifteen seconds one search per question waited for it). A question left alone past the
 * TTL is built while its next request waits, as before.
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
/** From this age a request that is served the snapshot also has it rebuilt in the background. */
export const SNAPSHOT_REFRESH_MS = 12_000;
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
  /** Background rebuilds in flight, by key: each replaces its key's snapshot when it lands. */
  const refreshing = new Map<string, Promise<S>>();

  /** Makes `pending` the key's snapshot, most recently used, keeping at most MAX_SNAPSHOTS. */
  const install = (key: string, pending: Promise<S>) => {
    snapshots.delete(key);
    snapshots.set(key, pending);
    if (snapshots.size > MAX_SNAPSHOTS) {
      // Maps iterate in insertion order, and a hit re-inserts: the first key is the least recently used.
      const oldest = snapshots.keys().next().value;
      if (oldest !== undefined) snapshots.delete(oldest);
    }
  };

  const start = (key: string, build: () => Promise<S>): Promise<S> => {
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
    return pending;
  };

  const refresh = (key: string, build: () => Promise<S>) => {
    if (refreshing.has(key)) return;
    const pending = start(key, build);
    refreshing.set(key, pending);
    const settle = () => {
      // Not when drop() forgot it meanwhile: it may have read the matches before the change.
      if (refreshing.get(key) !== pending) return false;
      refreshing.delete(key);
      return true;
    };
    // A failed refresh leaves the snapshot serving until its TTL; the next request tries again.
    pending.then(
      () => settle() && install(key, pending),
      () => settle(),
    );
  };

  return {
    get(key, build) {
      const cached = snapshots.get(key);
      if (cached) {
        const snapshot = settled.get(cached);
        const age = snapshot ? now() - snapshot.builtAt : 0;
        // Still building (single flight), or fresh: serve it, marked most recently used.
        if (age < SNAPSHOT_TTL_MS) {
          install(key, cached);
          if (age >= SNAPSHOT_REFRESH_MS) refresh(key, build);
          return cached;
        }
      }
      // Expired, or never built: wait for the rebuild already running, or start one.
      const running = refreshing.get(key);
      if (running) return running;
      const pending = start(key, build);
      install(key, pending);
      return pending;
    },
    drop(key, stale) {
      const cached = snapshots.get(key);
      if (cached && settled.get(cached) === stale) {
        snapshots.delete(key);
        refreshing.delete(key);
      }
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
