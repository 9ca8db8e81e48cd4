import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import type { DatabaseTimeouts, Db } from '../src/db/client';
import { type DisposableDatabase, openScratchDatabase } from '../src/db/scratch';

/** True when the suite runs against a real PostgreSQL server (CI's second pass). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let dump: Promise<Blob> | undefined;

/**
 * A fresh, migrated database copied from the run's template (test/global-setup.ts): an in-memory
 * PGlite loaded from the dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL, dropped on dispose.
 * Nothing is migrated again and no two copies share rows.
 */
export async function openTestDatabase(
  options: { onStatement?: () => void; timeouts?: DatabaseTimeouts } = {},
): Promise<DisposableDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.postgres) {
    // Named after the template, so the run's teardown can drop any copy a worker still holds.
    return openScratchDatabase(process.env.TEST_DATABASE_URL, `${template.postgres}_c`, {
      ...options,
      template: template.postgres,
    });
  }
  if (!template.pgliteDumpPath)
    throw new Error('test database template missing: is test/global-setup.ts configured?');
  const path = template.pgliteDumpPath;
  dump ??= readFile(path).then((bytes) => new Blob([bytes]));
  return openScratchDatabase(undefined, 'rc_t', { ...options, pgliteDump: await dump });
}

let shared: Promise<DisposableDatabase> | undefined;

/**
 * The copy of the template this worker process gives its test files, one file after another (files
 * in a worker run in sequence). Each file empties it before it starts, which leaves exactly what a
 * fresh copy would hold, without paying ~0.8 s to load one per file. Released when the worker ends
 * (PostgreSQL copies are dropped by the run's teardown).
 */
export function workerTestDatabase(): Promise<DisposableDatabase> {
  shared ??= openTestDatabase();
  return shared;
}

/** Empties every table the migrations made: the template's state (it holds no rows). */
export async function emptyAppTables(db: Db) {
  const tables = await db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables
        where schemaname = 'public' and tablename <> '__drizzle_migrations'`,
  );
  // The audit trail refuses TRUNCATE (db/sql/audit_log_is_append_only.sql) except in a transaction
  // marked as the harness emptying its own database.
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('audit_log.emptying_test_database', 'on', true)`);
    await tx.execute(sql.raw(`truncate ${tables.rows.map((t) => t.name).join(', ')} cascade`));
  });
  // A truncate fires no row triggers: move browse's generation on as the deletes would have, so a
  // snapshot of the emptied members is never served to the next test (search/snapshots.ts).
  await db.execute(sql`select nextval('search_generation')`);
}
