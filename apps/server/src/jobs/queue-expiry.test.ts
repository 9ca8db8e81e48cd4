import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test/app';
import { DATE_PLAN_REMIND_JOB, DATE_PLAN_SETTLE_JOB, DATE_PLAN_WATCH_JOB } from '../modules/date-plans';
import { scheduledJobs } from './index';
import { createJobs } from './queue';

// A scheduled job runs one at a time, and pg-boss counts a crashed run as alive until its queue's
// expiry: the date plans' jobs (a safety alert among them) are taken as dead after 2 minutes, not
// pg-boss's 15, since each of their units takes its own lock. Other queues keep the default.

const NEVER = '0 0 1 1 *';

describe('the expiry of a scheduled job’s run', () => {
  let started: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    started = await startTestApp();
  }, 60_000);
  afterAll(async () => {
    await started?.dispose();
  });

  /** The queue's own expiry; null leaves pg-boss's default (15 minutes) to each run. */
  async function expirySeconds(name: string): Promise<number | null> {
    const { rows } = await started.app.ctx.db.execute<{ expire_seconds: number | null }>(
      sql`select expire_seconds from pgboss.queue where name = ${name}`,
    );
    if (!rows[0]) throw new Error(`no queue ${name}`);
    return rows[0].expire_seconds === null ? null : Number(rows[0].expire_seconds);
  }

  it('is short for an overlap-safe job, also on a queue an earlier version made, and the default otherwise', async () => {
    const { app } = started;
    const run = async () => undefined;
    const before = createJobs(app.ctx.database, app.log);
    await before.start([
      { name: 'probe-upgraded', cron: NEVER, run },
      { name: 'probe-plain', cron: NEVER, run },
    ]);
    await before.stop();
    expect(await expirySeconds('probe-upgraded')).toBeNull();

    const after = createJobs(app.ctx.database, app.log);
    await after.start([
      { name: 'probe-upgraded', cron: NEVER, overlapSafeExpirySeconds: 120, run },
      { name: 'probe-new', cron: NEVER, overlapSafeExpirySeconds: 120, run },
      { name: 'probe-plain', cron: NEVER, run },
    ]);
    await after.stop();
    expect(await expirySeconds('probe-upgraded')).toBe(120);
    expect(await expirySeconds('probe-new')).toBe(120);
    expect(await expirySeconds('probe-plain')).toBeNull();
  });

  it('is set for the date plans’ three jobs, and only for them', () => {
    const safe = scheduledJobs(started.app.ctx)
      .filter((job) => job.overlapSafeExpirySeconds !== undefined)
      .map((job) => [job.name, job.overlapSafeExpirySeconds]);
    expect(safe).toEqual([
      [DATE_PLAN_SETTLE_JOB, 120],
      [DATE_PLAN_REMIND_JOB, 120],
      [DATE_PLAN_WATCH_JOB, 120],
    ]);
  });
});
