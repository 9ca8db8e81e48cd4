import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

export type DisposableDatabase = DatabaseHandle & { dispose(): Promise<void> };

async function adminQuery(baseUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A migrated database that disappears again: in-memory PGlite without `baseUrl`, otherwise a new
 * PostgreSQL database created next to `baseUrl` and dropped on dispose. Tests and benchmarks use it,
 * so that no run shares rows with another.
 */
export async function openScratchDatabase(
  baseUrl: string | undefined,
  prefix = 'rc_scratch',
): Promise<DisposableDatabase> {
  if (!baseUrl) {
    const handle = await createDatabase({});
    await migrateDatabase(handle);
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
