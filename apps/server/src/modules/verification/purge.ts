import { and, asc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { verificationRequests } from '../../db/schema';
import { idStoreOf } from './service';

const BATCH = 100;

/**
 * Forgets ID and selfie images when their request's `purge_after` has passed: ID_RETENTION_HOURS
 * (72 h) after the verification decision, or ID_UNDECIDED_RETENTION_DAYS (30 days) after the
 * submission of a request nobody decided. The objects are deleted from the ID store, then the
 * request's keys are set to null — with nothing to open, every link to them is dead too. What
 * remains is the decision (or the expiry), its date and the ID type.
 *
 * Undecided requests that are due are first marked `expired`, all in one statement: from then on an
 * admin cannot decide one whose images are going (decideVerification decides only pending ones), the
 * admin queue lists it under Expired, and the one-pending index lets the member submit again. A
 * decision taken just before moved the purge date 72 hours on, so that request is not due.
 *
 * Idempotent and safe to stop at any point: objects go first and the row last, so a run interrupted
 * between the two leaves a row that still points at deleted objects, and the next run deletes them
 * again (a no-op) and clears the row. Runs every few minutes (jobs/index.ts); `now` is injectable
 * for tests. Returns how many requests were cleared.
 */
export async function purgeVerificationImages(
  ctx: Pick<AppContext, 'db' | 'storage' | 'config'>,
  now: Date = new Date(),
): Promise<number> {
  await ctx.db
    .update(verificationRequests)
    .set({ status: 'expired' })
    .where(and(eq(verificationRequests.status, 'pending'), lte(verificationRequests.purgeAfter, now)));
  const store = idStoreOf(ctx);
  let cleared = 0;
  for (;;) {
    const due = await ctx.db
      .select({
        id: verificationRequests.id,
        idKey: verificationRequests.idKey,
        selfieKey: verificationRequests.selfieKey,
      })
      .from(verificationRequests)
      .where(
        and(
          lte(verificationRequests.purgeAfter, now),
          or(isNotNull(verificationRequests.idKey), isNotNull(verificationRequests.selfieKey)),
        ),
      )
      .orderBy(asc(verificationRequests.purgeAfter))
      .limit(BATCH);
    for (const row of due) {
      for (const key of [row.idKey, row.selfieKey]) if (key) await store.delete(key);
      await ctx.db
        .update(verificationRequests)
        .set({ idKey: null, selfieKey: null })
        .where(eq(verificationRequests.id, row.id));
      cleared += 1;
    }
    if (due.length < BATCH) return cleared;
  }
}
