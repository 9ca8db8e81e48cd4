import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

/** True when the suite runs against a real PostgreSQL server (CI's second pass). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One database per test file: an in-memory PGlite by default, or a scratch PostgreSQL database made
 * from TEST_DATABASE_URL and dropped again. Test files never share rows, so they can run in parallel.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const handle = await createDatabase({});
    await migrateDatabase(handle);
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `rc_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
