import { join } from 'node:path';
import type { Transaction } from '@electric-sql/pglite';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { SERVER_ROOT } from '../config';
import type { DatabaseHandle } from './client';
import { applyRoutines, ROUTINES_FOLDER, readRoutines, type SqlSession } from './routines';

/**
 * apps/server/drizzle (committed, the source of truth), found from the server package's root so that
 * it works from any working directory, from source and from the `dist/` bundle alike.
 */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Any constant works; it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_KEY = 72_410_001;

/** Where the migrations and the routines are read from (tests give copies they change). */
export type MigrationSources = { migrations: string; routines: string };

/**
 * Applies pending migrations from apps/server/drizzle, then the routines (functions, triggers, views:
 * db/sql, decision 033) that are new or changed, all in one transaction: an instance of the previous
 * version still running sees the tables and the routines change together. On PostgreSQL several API
 * instances may start at once, so the run holds a session advisory lock on one dedicated connection:
 * the others wait, then find nothing left to apply. PGlite is single-process and needs no lock.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  sources: MigrationSources = { migrations: MIGRATIONS_FOLDER, routines: ROUTINES_FOLDER },
): Promise<void> {
  const migrate = (session: SqlSession) => migrateIn(session, sources);
  if (handle.kind === 'pglite') {
    await handle.client.transaction((tx) => migrate(pgliteSession(tx)));
    return;
  }
  const connection = await handle.client.connect();
  try {
    // The app's statement_timeout (decision 063) is for requests: a migration (an index on a large
    // table), and waiting here while another instance migrates, take as long as they need.
    await connection.query('set statement_timeout = 0');
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await inTransaction(connection, () => migrate(pgSession(connection)));
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    // Closed rather than returned to the pool, so that no request inherits the lifted timeout.
    connection.release(true);
  }
}

async function migrateIn(session: SqlSession, sources: MigrationSources): Promise<void> {
  const lastMigration = await applyMigrations(
    session,
    readMigrationFiles({ migrationsFolder: sources.migrations }),
  );
  await applyRoutines(session, readRoutines(sources.routines), lastMigration);
}

/**
 * drizzle's own bookkeeping, as its migrator keeps it (drizzle-orm pg-core dialect `migrate`), so a
 * database migrated by either reads the same: a row per applied migration with the hash of its file
 * and its journal time (`when`), and a migration is pending when its time is later than the latest
 * row's. The hash is written, never compared: editing an applied migration's file (the routines taken
 * out of drizzle/0001-0023) does not run it again. Returns the latest migration's time.
 */
async function applyMigrations(session: SqlSession, migrations: MigrationMeta[]): Promise<number> {
  await session.exec(`create schema if not exists drizzle;
    create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  const [latest] = await session.query<{ created_at: string | number | bigint }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const since = latest ? Number(latest.created_at) : undefined;
  let last = since ?? 0;
  for (const migration of migrations) {
    if (since !== undefined && migration.folderMillis <= since) continue;
    for (const statement of migration.sql) await session.exec(statement);
    await session.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
    last = Math.max(last, migration.folderMillis);
  }
  return last;
}

function pgliteSession(tx: Transaction): SqlSession {
  return {
    exec: async (text) => {
      await tx.exec(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
  };
}

function pgSession(connection: pg.PoolClient): SqlSession {
  return {
    exec: async (text) => {
      await connection.query(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await connection.query(text, params)).rows as T[],
  };
}

async function inTransaction(connection: pg.PoolClient, work: () => Promise<void>): Promise<void> {
  await connection.query('begin');
  try {
    await work();
    await connection.query('commit');
  } catch (error) {
    await connection.query('rollback');
    throw error;
  }
}
