import { join } from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { SERVER_ROOT } from '../config';
import type { DatabaseHandle } from './client';

/**
 * apps/server/drizzle (committed, the source of truth), found from the server package's root so that
 * it works from any working directory, from source and from the `dist/` bundle alike.
 */
export const MIGRATIONS_FOLDER = join(SERVER_ROOT, 'drizzle');

/** Any constant works; it only has to be the same in every instance of the server. */
const MIGRATION_LOCK_KEY = 72_410_001;

/**
 * Applies pending migrations from apps/server/drizzle. On PostgreSQL several API instances may start
 * at once, so the run holds a session advisory lock on one dedicated connection: the others wait,
 * then find nothing left to apply. PGlite is single-process and needs no lock.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(drizzlePglite({ client: handle.client }), { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const connection = await handle.client.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}
