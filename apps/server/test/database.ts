import { type DisposableDatabase, openScratchDatabase } from '../src/db/scratch';

/** True when the suite runs against a real PostgreSQL server (CI's second pass). */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * One database per test file: an in-memory PGlite by default, or a scratch PostgreSQL database made
 * from TEST_DATABASE_URL and dropped again. Test files never share rows, so they can run in parallel.
 */
export function openTestDatabase(): Promise<DisposableDatabase> {
  return openScratchDatabase(process.env.TEST_DATABASE_URL, 'rc_t');
}
