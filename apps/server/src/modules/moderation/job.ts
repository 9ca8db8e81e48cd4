import { PHOTO_AUTO_APPROVE_MIN_SAFE } from '@royal/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { photos } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { lockPhotoOwner, MODERATION_JOB } from '../photos';

/** Photos scored per database round. */
const BATCH = 8;
/**
 * At most this many photos a run (about 10–20 s of scoring), so stopping an instance never waits
 * long for the job; a run that reaches it queues the next one at once.
 */
export const MODERATION_RUN_LIMIT = 100;

export type ModerationRun = { scored: number; approved: number; held: number; failed: number };

/**
 * The photos the job may still write to. Checked again in the write itself (not only when reading the
 * batch): an admin decision does not touch ai_checked_at, so without the status check a slow score
 * would turn an admin's rejection into an approval.
 */
const awaitsTheJob = () => and(isNull(photos.aiCheckedAt), eq(photos.status, 'pending'));

/**
 * The moderation job: every photo the classifier has not looked at yet is scored; a confident safe
 * score approves it at once (when auto-approval is on), anything else waits for an admin — invisible
 * to other members until then. Each outcome writes an audit row with its reason code.
 *
 * Only pending photos are the job's work: once an admin has decided, the decision stands. Scoring
 * happens outside any transaction (it takes a tenth of a second), so the result is written only if
 * the photo is still unscored and still pending: two instances running at once do no harm, and an
 * admin who rejects a photo while it is being scored is never overruled (see awaitsTheJob).
 */
export async function moderatePendingPhotos(ctx: AppContext): Promise<ModerationRun> {
  const run: ModerationRun = { scored: 0, approved: 0, held: 0, failed: 0 };
  const skipped = new Set<string>();
  for (;;) {
    if (skipped.size >= MODERATION_RUN_LIMIT) {
      if (ctx.jobs.kind !== 'off') await ctx.jobs.send(MODERATION_JOB).catch(() => undefined);
      return run;
    }
    const batch = await ctx.db
      .select({ id: photos.id, keySmall: photos.keySmall })
      .from(photos)
      .where(awaitsTheJob())
      .orderBy(asc(photos.createdAt))
      .limit(BATCH + skipped.size);
    const todo = batch.filter((p) => !skipped.has(p.id));
    if (todo.length === 0) return run;
    for (const photo of todo) {
      skipped.add(photo.id);
      let score: number | null = null;
      try {
        const object = await ctx.storage.get(photo.keySmall);
        if (!object) throw new Error(`photo object ${photo.keySmall} is missing`);
        score = await ctx.classifier.safeProbability(object.body);
      } catch (error) {
        ctx.log.warn({ err: error, photoId: photo.id }, 'photo could not be scored; it waits for an admin');
      }
      const approve = score !== null && ctx.config.photoAutoApprove && score >= PHOTO_AUTO_APPROVE_MIN_SAFE;
      const written = await ctx.transact(async ({ tx }) => {
        const ownerId = await lockPhotoOwner(tx, photo.id);
        const now = new Date();
        const [row] = await tx
          .update(photos)
          .set({
            aiConfidenceScore: score,
            aiCheckedAt: now,
            ...(approve ? { status: 'approved' as const, moderatedAt: now, moderatedBy: null } : {}),
          })
          .where(and(eq(photos.id, photo.id), awaitsTheJob()))
          .returning({ id: photos.id });
        if (!row) return false;
        await writeAudit(tx, {
          actorId: null,
          action: approve ? 'photo.approved' : 'photo.held',
          reasonCode: score === null ? 'ai_failed' : approve ? 'ai_confident_safe' : 'ai_not_confident',
          targetType: 'photo',
          targetId: photo.id,
          memberId: ownerId,
          data: { score, classifier: ctx.classifier.name },
        });
        return true;
      });
      if (!written) continue;
      run.scored += score === null ? 0 : 1;
      if (score === null) run.failed += 1;
      else if (approve) run.approved += 1;
      else run.held += 1;
    }
  }
}
