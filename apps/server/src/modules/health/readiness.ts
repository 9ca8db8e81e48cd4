import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { isDraining } from '../../lib/lifecycle';

/** Each check answers within this long, so the proxy's health check never hangs on a dead dependency. */
export const READINESS_CHECK_MS = 1_500;

export const READINESS_CHECKS = ['database', 'migrations', 'draining'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];
/** Parts the instance serves without (decision 063): reported, never a reason to take it out. */
export const DEGRADED_PARTS = ['redis'] as const;
export type DegradedPart = (typeof DEGRADED_PARTS)[number];

export type Readiness = { ready: boolean; failed: ReadinessCheck[]; degraded: DegradedPart[] };

/** false when `check` fails, or has not answered within `ms` (it is left to finish on its own). */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([check().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The time of the last migration this build ships (drizzle's journal, as the migrator reads it). */
export function shippedMigrationTime(migrationsFolder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Whether the database holds this build's migrations: the latest applied (drizzle's bookkeeping,
 * db/migrate.ts) is at least the latest shipped. At least, not equal: during a rolling upgrade the
 * new version migrates first, and the old one still running is built for tables that change
 * compatibly. Once true it stays true (a build's migrations are never taken back), so only the
 * first checks read the table.
 */
export function migrationsCheck(database: DatabaseHandle, shipped: number) {
  let current = false;
  return async (): Promise<boolean> => {
    if (current) return true;
    const [row] = await database.queryPrepared<{ latest: string | number | null }>(
      'health_latest_migration',
      'select max(created_at) as latest from drizzle.__drizzle_migrations',
      [],
    );
    current = row?.latest != null && Number(row.latest) >= shipped;
    return current;
  };
}

export type ReadinessDeps = {
  database: DatabaseHandle;
  /** Undefined when no Redis is configured: nothing to check. */
  redis: Redis | undefined;
  migrationsCurrent: () => Promise<boolean>;
};

/**
 * Whether this instance should be sent requests (`/api/health/ready`, the proxy's check): the
 * database answers, the migrations are current and the instance is not draining for a shutdown.
 * Redis (when there is one) is checked and reported as `degraded`, but does not make the instance
 * unready: every instance shares it, so failing on it would take the whole cluster out of the
 * proxy, while the app is built to serve through a Redis outage (decision 063). Every check is
 * bounded by READINESS_CHECK_MS.
 */
export async function readiness(deps: ReadinessDeps, ms = READINESS_CHECK_MS): Promise<Readiness> {
  const { database, redis, migrationsCurrent } = deps;
  const [databaseOk, redisOk, migrationsOk] = await Promise.all([
    within(ms, () => database.ping()),
    within(ms, async () => !redis || (await redis.ping()) === 'PONG'),
    within(ms, migrationsCurrent),
  ]);
  const results: Record<ReadinessCheck, boolean> = {
    database: databaseOk,
    migrations: migrationsOk,
    draining: !isDraining(),
  };
  const failed = READINESS_CHECKS.filter((check) => !results[check]);
  return { ready: failed.length === 0, failed, degraded: redisOk ? [] : ['redis'] };
}
