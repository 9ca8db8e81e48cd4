import { AppError, DATA_EXPORT_INTERVAL_HOURS, type DataExport, ErrorCode } from '@royal/shared';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dataExports, profiles } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentDataExport } from './presenter';

/** The queue name of the job that builds archives (jobs/index.ts); a request asks for a run at once. */
export const DATA_EXPORT_JOB = 'data-export';

const HOUR_MS = 3_600_000;

const nextTimeFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The refusal of a second request within the day, naming when the next one is possible. */
function tooSoon(nextAllowedAt: Date): AppError {
  return new AppError(
    ErrorCode.RATE_LIMITED,
    `You can request one data export a day. Your next export can be requested after ${nextTimeFormat.format(nextAllowedAt)} UTC.`,
    { next_allowed_at: nextAllowedAt.toISOString() },
  );
}

/**
 * Export My Data: a pending export, which the job turns into an archive. One a day: a request made in
 * the last DATA_EXPORT_INTERVAL_HOURS (one that failed does not count) refuses the next, checked under
 * the member's profile row lock so two requests at once make one export. `now` is injectable for tests.
 */
export async function requestDataExport(
  ctx: AppContext,
  { actor, now = new Date() }: { actor: MemberActor; now?: Date },
): Promise<DataExport> {
  const row = await ctx.transact(async ({ tx }) => {
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.userId} = ${actor.id} for update`);
    const since = new Date(now.getTime() - DATA_EXPORT_INTERVAL_HOURS * HOUR_MS);
    const [recent] = await tx
      .select({ createdAt: dataExports.createdAt })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, actor.id),
          gt(dataExports.createdAt, since),
          ne(dataExports.status, 'failed'),
        ),
      )
      .orderBy(desc(dataExports.createdAt))
      .limit(1);
    if (recent) throw tooSoon(new Date(recent.createdAt.getTime() + DATA_EXPORT_INTERVAL_HOURS * HOUR_MS));
    const [created] = await tx.insert(dataExports).values({ userId: actor.id, createdAt: now }).returning();
    if (!created) throw new Error('data export insert returned nothing');
    return created;
  });
  await queueBuild(ctx);
  return presentDataExport(ctx, row, now);
}

/** Asks the job to run now; its minute schedule picks the request up if the queue is unavailable. */
async function queueBuild(ctx: AppContext) {
  if (ctx.jobs.kind === 'off') return;
  try {
    await ctx.jobs.send(DATA_EXPORT_JOB);
  } catch (error) {
    ctx.log.warn({ err: error }, 'could not queue the data export job; the schedule will pick it up');
  }
}
