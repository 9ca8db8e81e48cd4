import type { StoredObjectInfo } from '../../adapters/storage/types';
import type { AppContext } from '../../context';
import {
  type ReferencedKeys,
  referencedEventPhotoKeys,
  referencedExportKeys,
  referencedIdDocumentKeys,
  referencedPhotoKeys,
} from './queries';

export const STORAGE_SWEEP_JOB = 'storage-orphan-sweep';

/**
 * How old an unreferenced object must be before it is taken. Every upload writes its objects first
 * and its row after (so a crash leaves an orphan, never a row without its file); an upload in flight
 * has objects and no row yet for a second or two, a data export archive for as long as the rest of
 * its build. An hour is far beyond both.
 */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Keys looked up per statement. */
const PAGE = 500;

/**
 * Every folder the app writes to, with the rows that name its objects. A folder not listed here is
 * never swept (a new kind of object is safe until it is added, never deleted by mistake).
 */
const STORES: readonly { prefix: string; referenced: ReferencedKeys }[] = [
  { prefix: 'photos/', referenced: referencedPhotoKeys },
  { prefix: 'events/', referenced: referencedEventPhotoKeys },
  // The ID store's known orphan (decision 012): a crash between storing an image and inserting its
  // request leaves an encrypted object no row names.
  { prefix: 'id-documents/', referenced: referencedIdDocumentKeys },
  { prefix: 'exports/', referenced: referencedExportKeys },
];

/** The folders swept, in order. */
export const SWEPT_FOLDERS = STORES.map((store) => store.prefix);

export type SweepCounts = { listed: number; deleted: number; bytes: number; failed: number };

/**
 * Removes stored objects that no row names and that are older than the grace period: uploads whose
 * row was never written (a crash, a lost connection), and objects whose delete failed after their
 * row went (account deletion, photo removal: those log and move on). Reads each store a page at a
 * time and deletes page by page, so a store of any size is swept in bounded memory. Idempotent: a run
 * cut short leaves the rest for the next. `now` is injectable for tests. Logs and returns the counts.
 */
export async function sweepOrphanedObjects(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  now: Date = new Date(),
): Promise<SweepCounts> {
  const cutoff = now.getTime() - ORPHAN_GRACE_MS;
  const counts: SweepCounts = { listed: 0, deleted: 0, bytes: 0, failed: 0 };
  for (const store of STORES) {
    let page: StoredObjectInfo[] = [];
    for await (const object of ctx.storage.list(store.prefix)) {
      counts.listed += 1;
      if (object.modified.getTime() <= cutoff) page.push(object);
      if (page.length === PAGE) {
        await sweepPage(ctx, store.referenced, page, counts);
        page = [];
      }
    }
    if (page.length > 0) await sweepPage(ctx, store.referenced, page, counts);
  }
  ctx.log.info({ ...counts }, 'storage orphan sweep');
  return counts;
}

async function sweepPage(
  ctx: Pick<AppContext, 'db' | 'storage' | 'log'>,
  referenced: ReferencedKeys,
  page: readonly StoredObjectInfo[],
  counts: SweepCounts,
) {
  const named = await referenced(
    ctx.db,
    page.map((object) => object.key),
  );
  for (const object of page) {
    if (named.has(object.key)) continue;
    try {
      await ctx.storage.delete(object.key);
      counts.deleted += 1;
      counts.bytes += object.size;
    } catch (error) {
      // The next run tries again; the folder only, as ID store keys stay out of the logs.
      counts.failed += 1;
      const { code, name } = error as { code?: string; name?: string };
      ctx.log.warn({ code, name, folder: object.key.split('/')[0] }, 'orphaned object not removed');
    }
  }
}
