import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyTestApp } from '../../../test/app';
import { onPostgres, openTestDatabase } from '../../../test/database';
import { acceptedPlanOf, couple, NOBU, postAs, setPlanStart } from '../../../test/date-plans';
import { freePort } from '../../../test/free-port';
import { balanceOf, expectLedgerConsistent } from '../../../test/money';
import {
  killServerProcess,
  type ServerProcess,
  serverSecrets,
  startServerProcess,
} from '../../../test/server-process';
import { datePlans, ledgerEntries, notifications } from '../../db/schema';
import type { DisposableDatabase } from '../../db/scratch';
import { JOB_SCHEMA } from '../../jobs/job-outcomes';
import { SETTLED_NOTICES } from './announce';
import { DATE_PLAN_SETTLE_JOB, SETTLE_BEFORE_COMMIT } from './settle-job';

// The settlement job in a real server process, SIGKILLed with a plan's settlement written and not
// committed (TEST_PAUSE_AT=date-plan.settle-before-commit, lib/pause-point.ts), then started again on
// the same PostgreSQL database: nothing of the killed run shows, and the queue's retry settles the
// plan once, to the cents a run without the kill gives (decision 069). PostgreSQL only (the embedded
// database is one process's file; durability is PostgreSQL's promise).

const HOUR = 3_600_000;

async function until(what: string, done: () => Promise<boolean>, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!onPostgres)('a server killed in the middle of settling a date plan', () => {
  let database: DisposableDatabase;
  let server: ServerProcess | undefined;
  let boss: PgBoss | undefined;
  let dataDir: string;
  const secrets = serverSecrets();
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'rc-settle-restart-'));
  }, 60_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false, close: true });
    await killServerProcess(server);
    await database?.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles an undisputed no-show claim once, to the same cents, after a kill before its commit', async () => {
    // The couple and their plan through the API, in this process: he proposes ($300 his, $250 hers),
    // she accepts (both held), he checks in and she does not, he claims, and 25 hours pass undisputed.
    const app = await readyTestApp(database, {}, {});
    const c = await couple(app);
    const plan = await acceptedPlanOf(app, c);
    await setPlanStart(app, plan.id, new Date(Date.now() + 10 * 60_000));
    const checkedIn = await postAs(app, c.him.session, `/api/date-plans/${plan.id}/check-in`, NOBU);
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    await setPlanStart(app, plan.id, new Date(Date.now() - HOUR));
    const claimed = await postAs(app, c.him.session, `/api/date-plans/${plan.id}/claim`);
    expect(claimed.json(), claimed.body).toMatchObject({ status: 'claimed' });
    await app.close();
    await database.db
      .update(datePlans)
      .set({ startsAt: new Date(Date.now() - 26 * HOUR), claimedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(datePlans.id, plan.id));
    const him = c.him.member.id;
    const her = c.her.member.id;
    const held = async () => ({
      him: await balanceOf(database.db, him),
      her: await balanceOf(database.db, her),
    });
    expect(await held()).toEqual({
      him: { balance: 70_000, held: 30_000 },
      her: { balance: 75_000, held: 25_000 },
    });
    const planRow = async () =>
      (await database.db.select().from(datePlans).where(eq(datePlans.id, plan.id)))[0];
    const releases = () =>
      database.db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.transactionType, 'escrow_release'),
            like(ledgerEntries.description, `date plan ${plan.id}:%`),
          ),
        );
    const settledNotices = () =>
      database.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(eq(notifications.message, SETTLED_NOTICES.settled));

    const url = (database.client as pg.Pool).options.connectionString as string;
    const port = await freePort();
    server = await startServerProcess({
      databaseUrl: url,
      port,
      dataDir,
      secrets,
      pauseAt: SETTLE_BEFORE_COMMIT,
    });
    // A run now, as the minute's schedule would queue it: queued from this test's own handle on the
    // server's queue (which the server made as it started).
    boss = new PgBoss({ connectionString: url, schema: JOB_SCHEMA, supervise: false, schedule: false });
    boss.on('error', (error) => process.stderr.write(`test job queue: ${String(error)}\n`));
    await boss.start();
    const jobId = await boss.send(DATE_PLAN_SETTLE_JOB, {});
    expect(jobId).toBeTruthy();
    await server.paused;
    await killServerProcess(server);

    // Nothing of the killed run: still a claim, both deposits held, no entry, no notice.
    expect(await planRow()).toMatchObject({ status: 'claimed', closedAt: null });
    expect(await held()).toEqual({
      him: { balance: 70_000, held: 30_000 },
      her: { balance: 75_000, held: 25_000 },
    });
    expect(await releases()).toEqual([]);
    expect(await settledNotices()).toEqual([]);
    await expectLedgerConsistent(database.db);

    // The run the server died in stays active for pg-boss until its expiry (pg-boss' default, 15
    // minutes) and the next maintenance pass (every 5) fail it and queue its retry; the queue is a
    // singleton, so no run of the job starts before, a restarted server's or the schedule's. This
    // fails it as that expiry would, without the wait.
    const killed = await boss.getJobById(DATE_PLAN_SETTLE_JOB, jobId as string);
    expect(killed).toMatchObject({ state: 'active' });
    await boss.fail(DATE_PLAN_SETTLE_JOB, jobId as string, { message: 'expired: the server was killed' });

    server = await startServerProcess({ databaseUrl: url, port, dataDir, secrets });
    await until('the plan to be settled', async () => (await planRow())?.status === 'settled');
    // Another run, as the next minute's would, and every run queued so far done: nothing more is due.
    await boss.send(DATE_PLAN_SETTLE_JOB, {});
    await until('every run to finish', async () => {
      const unfinished = await database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.raw(JOB_SCHEMA)}.job
            where name = ${DATE_PLAN_SETTLE_JOB} and state < 'completed'`,
      );
      return unfinished.rows[0]?.n === 0;
    });
    await killServerProcess(server);

    // His deposit back, hers to him: what one run without the kill leaves, to the cent.
    expect(await held()).toEqual({
      him: { balance: 125_000, held: 0 },
      her: { balance: 75_000, held: 0 },
    });
    expect(await planRow()).toMatchObject({ status: 'settled', closedAt: expect.any(Date) });
    expect(await releases()).toHaveLength(2);
    expect((await settledNotices()).map((n) => n.userId).sort()).toEqual([him, her].sort());
    await expectLedgerConsistent(database.db);
    // The killed run was retried by the queue and finished.
    expect(await boss.getJobById(DATE_PLAN_SETTLE_JOB, jobId as string)).toMatchObject({
      state: 'completed',
      retryCount: 1,
    });
  }, 120_000);
});
