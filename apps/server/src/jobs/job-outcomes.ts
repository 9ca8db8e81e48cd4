import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';

/** pg-boss' schema in our database (queue.ts). */
export const JOB_SCHEMA = 'pgboss';
/** How long a finished run's outcome is retried while the database is away before it is given up. */
const OUTCOME_RETRY_MS = 5 * 60_000;

// pg-boss' own statements (its package has no `exports` map, so the file is reachable): the two it
// runs when a worker's run ends, to tell them from every other statement it sends.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};

/**
 * pg-boss' database, made to survive PostgreSQL restarting (decision 063). When a worker's run ends,
 * pg-boss records it as completed or failed *without awaiting* the statement: with the database
 * away, that rejection went unhandled and Node ended the process. And a completion that is lost
 * leaves the job active until it expires, then runs it again. So those two statements are retried
 * here until the database is back (the worker has moved on meanwhile), and never reject: the run is
 * recorded once. Every other statement fails as before, and pg-boss' loops log it ('error') and
 * poll again.
 */
export function recordOutcomesEventually(
  db: PgBoss.Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  retryForMs = OUTCOME_RETRY_MS,
): PgBoss.Db {
  const outcomes = new Set([plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]);
  return {
    async executeSql(text, values) {
      if (!outcomes.has(text)) return db.executeSql(text, values);
      const giveUpAt = Date.now() + retryForMs;
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.executeSql(text, values);
        } catch (error) {
          if (Date.now() >= giveUpAt) {
            log.warn(
              { err: error, jobs: values[1] },
              'job outcome not recorded: the job runs again once it expires',
            );
            // What pg-boss reads of the reply: the count of jobs the statement changed.
            return { rows: [{ count: 0 }] };
          }
          await sleep(Math.min(attempt * 250, 2_000));
        }
      }
    },
  };
}
