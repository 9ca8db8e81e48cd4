import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * Background and scheduled work, on pg-boss: a job queue kept in the app's own database (PGlite or
 * PostgreSQL), so it needs no other service and is safe with several instances — a scheduled run
 * is taken by exactly one of them (SKIP LOCKED), and a job whose instance dies is retried.
 */
export type JobDefinition = {
  name: string;
  /** Cron expression (UTC) for scheduled jobs. */
  cron?: string;
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
export function loggedRun(job: JobDefinition, log: Pick<FastifyBaseLogger, 'error'>) {
  return async () => {
    try {
      await job.run();
    } catch (error) {
      log.error({ err: error, job: job.name }, 'job failed');
      throw error;
    }
  };
}

export function createJobs(database: DatabaseHandle, log: FastifyBaseLogger): Jobs {
  const embedded = database.kind === 'pglite';
  const boss = new PgBoss({
    db: executorFor(database),
    schema: 'pgboss',
    // One embedded connection serves requests too: poll it gently.
    cronMonitorIntervalSeconds: embedded ? 30 : 15,
    cronWorkerIntervalSeconds: 5,
    maintenanceIntervalSeconds: 300,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  let started = false;

  return {
    kind: 'pg-boss',
    async start(definitions) {
      await boss.start();
      started = true;
      for (const job of definitions) {
        await boss.createQueue(job.name, { name: job.name, policy: job.cron ? 'singleton' : 'standard' });
        await boss.work(job.name, { pollingIntervalSeconds: 2, batchSize: 1 }, loggedRun(job, log));
        if (job.cron) await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
      }
    },
    async send(name) {
      await boss.send(name, {});
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 5_000 });
    },
  };
}
