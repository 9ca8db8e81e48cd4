import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
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
  options: { onStatement?: () => void } = {},
): Promise<DisposableDatabase> {
  const template = inject('testDatabaseTemplate');
  if (template.postgres) {
    return openScratchDatabase(process.env.TEST_DATABASE_URL, 'rc_t', {
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
