import { and, asc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExports } from '../../db/schema';

const BATCH = 100;

/**
 * Retention of export archives (24 h): every ready archive past its expiry is deleted from storage,
 * then its row is marked expired with its key and token hash cleared. Objects go first and the row
 * last, so a run stopped between the two leaves a row the next run finishes (deleting a missing
 * object is no error). `now` is injectable for tests. Returns how many archives were purged.
 */
export async function purgeExpiredExports(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  now: Date = new Date(),
): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: dataExports.id, storageKey: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
      .orderBy(asc(dataExports.expiresAt))
      .limit(BATCH);
    for (const row of due) {
      if (row.storageKey) await ctx.storage.delete(row.storageKey);
      await ctx.db
        .update(dataExports)
        .set({ status: 'expired', storageKey: null, tokenHash: null })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.status, 'ready')));
      purged += 1;
    }
    if (due.length < BATCH) return purged;
  }
}
