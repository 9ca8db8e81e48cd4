import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, openTestDatabase } from '../../test/database';
import type { DisposableDatabase } from './scratch';

// PostgreSQL ending one connection (a restart ends them all: 57P01) must cost the request that holds
// it, not the process. Only a server can end a connection; PGlite runs in the process.
describe.skipIf(!onPostgres)('a connection PostgreSQL ends', () => {
  let database: DisposableDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.dispose());

  // Ended from a connection of its own, as the server would end it.
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [pid]);
    } finally {
      await admin.end();
    }
  };

  const backendPid = async (run: (query: ReturnType<typeof sql>) => Promise<{ rows: unknown[] }>) => {
    const result = await run(sql`select pg_backend_pid() as pid`);
    return (result.rows[0] as { pid: number }).pid;
  };

  it('between two statements of a transaction fails that transaction, and the process and pool go on', async () => {
    const uncaught: unknown[] = [];
    const hear = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', hear);
    try {
      const transaction = database.db.transaction(async (tx) => {
        const pid = await backendPid((query) => tx.execute(query));
        await terminate(pid);
        // The end arrives while no statement of this client runs: pg reports it as an event.
        await sleep(300);
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(uncaught).toEqual([]);
      const after = await database.db.execute(sql`select 1 as one`);
      expect(after.rows).toEqual([{ one: 1 }]);
    } finally {
      process.off('uncaughtException', hear);
    }
  });

  it('while idle in the pool is replaced by a fresh one', async () => {
    const pid = await backendPid((query) => database.db.execute(query));
    await terminate(pid);
    await sleep(300);
    const results = await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select 1 as one`)));
    expect(results.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ one: 1 }], [{ one: 1 }]]);
  });
});
