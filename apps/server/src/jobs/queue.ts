import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';
import { currentRequestId, inJobScope, requestIdOf } from '../modules/metrics';
import type { MetricsPort } from '../ports/metrics';
import { JOB_SCHEMA, recordOutcomesEventually } from './job-outcomes';

/**
 * Background and scheduled work, on pg-boss: a job queue kept in the app's own database (PGlite or
 * PostgreSQL), so it needs no other service and is safe with several instances — a scheduled run
 * is taken by exactly one of them (SKIP LOCKED), and a job whose instance dies is retried.
 */
export type JobDefinition = {
  name: string;
  /** Cron expression (UTC) for scheduled jobs. */
  cron?: string;
  /**
   * A scheduled job runs one at a time (a singleton queue), and pg-boss counts a run as alive until
   * its expiry (15 minutes by default) and the next maintenance: after a crash, no run of the job
   * starts for that long. A job whose every unit takes its own lock and re-checks its state may run
   * beside a stalled run of itself: this says when such a run is taken as dead.
   */
  overlapSafeExpirySeconds?: number;
  run: () => Promise<unknown>;
};

export type Jobs = {
  readonly kind: 'pg-boss' | 'off';
  start(definitions: readonly JobDefinition[]): Promise<void>;
  /** Queues one run of a job now (besides its schedule). */
  send(name: string): Promise<void>;
  stop(): Promise<void>;
};

/** pg-boss talks to the database through this: the app's pool, or the embedded PGlite. */
function executorFor(database: DatabaseHandle): PgBoss.Db {
  if (database.kind === 'postgres') {
    const pool = database.client;
    return { executeSql: (text, values) => pool.query(text, values) };
  }
  const client = database.client;
  return {
    async executeSql(text, values) {
      // pg-boss sends its migrations and locks as several statements in one string, without values.
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** Jobs switched off (unit tests run job functions directly, with their own clock). */
export const noJobs: Jobs = {
  kind: 'off',
  async start() {},
  async send(name) {
    throw new Error(`jobs are off: cannot queue ${name}`);
  },
  async stop() {},
};

/**
 * A job's run as the queue calls it. pg-boss records a run that throws as failed (and retries it)
 * but says nothing: the failure is logged here, at error level with the job's name, and rethrown.
 */
export function loggedRun(
  job: JobDefinition,
  log: Pick<FastifyBaseLogger, 'error'>,
  metrics?: Pick<MetricsPort, 'jobRan'>,
) {
  return async () => {
    try {
      await job.run();
      metrics?.jobRan(job.name, 'completed');
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed');
      metrics?.jobRan(job.name, 'failed');
      throw error;
    }
  };
}

export function createJobs(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  metrics?: Pick<MetricsPort, 'jobRan'>,
): Jobs {
  const embedded = database.kind === 'pglite';
  const boss = new PgBoss({
    // Records each run's outcome even across a PostgreSQL restart (job-outcomes.ts, decision 063).
    db: recordOutcomesEventually(executorFor(database), log),
    schema: JOB_SCHEMA,
    // One embedded connection serves requests too: poll it gently.
    cronMonitorIntervalSeconds: embedded ? 30 : 15,
    cronWorkerIntervalSeconds: 5,
    // Maintenance also ends expired runs: once a minute, so a crashed run of an overlap-safe job is
    // taken as dead within a minute of its expiry (its cost: a few statements a minute per instance).
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;

  return {
    kind: 'pg-boss',
    async start(definitions) {
      await boss.start();
      started = true;
      for (const job of definitions) {
        const queue: PgBoss.Queue = { name: job.name, policy: job.cron ? 'singleton' : 'standard' };
        if (job.overlapSafeExpirySeconds) queue.expireInSeconds = job.overlapSafeExpirySeconds;
        await boss.createQueue(job.name, queue);
        // createQueue leaves a queue made by an earlier version as it was: its expiry is set here.
        if (job.overlapSafeExpirySeconds) await boss.updateQueue(job.name, queue);
        // A run queued by a request logs under that request's id (decision 066).
        await boss.work<{ reqId?: string }>(
          job.name,
          { pollingIntervalSeconds: 2, batchSize: 1 },
          ([queued]) => inJobScope(requestIdOf(queued?.data), loggedRun(job, log, metrics)),
        );
        if (job.cron) await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
      }
    },
    async send(name) {
      // The request this is sent from, if any: its id goes with the job into the run's log lines.
      const reqId = currentRequestId();
      await boss.send(name, reqId === undefined ? {} : { reqId });
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    },
  };
}
