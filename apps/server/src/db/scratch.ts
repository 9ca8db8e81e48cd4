import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, type DatabaseTimeouts } from './client';
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

const databaseUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const scratchName = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

export type ScratchOptions = {
  /** PostgreSQL: copy this migrated database (CREATE DATABASE … TEMPLATE) instead of migrating. */
  template?: string;
  /** PGlite: start from this dumped, migrated data folder instead of migrating. */
  pgliteDump?: Blob;
  onStatement?: () => void;
  /** PostgreSQL: the app's time limits (a test of what they do); without, none, as for tools. */
  timeouts?: DatabaseTimeouts;
};

/**
 * A migrated database that disappears again: in-memory PGlite without `baseUrl`, otherwise a new
 * PostgreSQL database created next to `baseUrl` and dropped on dispose. Tests and benchmarks use it,
 * so that no run shares rows with another. With a template, the copy is already migrated.
 */
export async function openScratchDatabase(
  baseUrl: string | undefined,
  prefix = 'rc_scratch',
  options: ScratchOptions = {},
): Promise<DisposableDatabase> {
  if (!baseUrl) {
    const handle = await createDatabase({
      loadDataDir: options.pgliteDump,
      onStatement: options.onStatement,
    });
    if (!options.pgliteDump) await migrateDatabase(handle);
    return { ...handle, dispose: () => handle.close() };
  }
  const name = scratchName(prefix);
  await adminQuery(
    baseUrl,
    `create database ${name}${options.template ? ` template ${options.template}` : ''}`,
  );
  const handle = await createDatabase({
    databaseUrl: databaseUrl(baseUrl, name),
    onStatement: options.onStatement,
    timeouts: options.timeouts,
  });
  if (!options.template) await migrateDatabase(handle);
  return {
    ...handle,
    async dispose() {
      await handle.close();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A migrated database to copy from, made once per test run: on PostgreSQL a database that scratch
 * databases use as TEMPLATE; on PGlite the dump of a migrated in-memory database.
 */
export async function createTemplate(
  baseUrl: string | undefined,
  prefix = 'rc_tmpl',
): Promise<{ postgres?: string; pgliteDump?: Blob; dispose(): Promise<void> }> {
  if (!baseUrl) {
    const handle = await createDatabase({});
    await migrateDatabase(handle);
    if (handle.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.client.dumpDataDir('none');
    await handle.close();
    return { pgliteDump: dump, dispose: async () => {} };
  }
  const name = scratchName(prefix);
  await adminQuery(baseUrl, `create database ${name}`);
  const handle = await createDatabase({ databaseUrl: databaseUrl(baseUrl, name) });
  await migrateDatabase(handle);
  // A template must have no other sessions open while it is copied.
  await handle.close();
  return {
    postgres: name,
    dispose: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}
