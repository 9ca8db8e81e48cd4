/**
 * Peer transfers per second (issue 12): one hot pair of wallets sending to each other (every transfer
 * locks the same two rows, so this is the serialised worst case; past 500 transfers of $1.00 one way
 * the pair reaches the day's large-amount guard, and its non-2xx are those 409s), and 1,000 wallets each sending to
 * the member half the ring away (no two transfers in flight share a wallet). Each figure comes with the trivial route's throughput measured in the
 * same run. The server runs as production starts it; the load comes from another process. At the end
 * the ledger is checked: every entry balances and every wallet equals its ledger accounts.
 *
 *   npm run bench:wallet                          # PostgreSQL at 127.0.0.1:5432 (scratch database)
 *   BENCH_ENGINE=pglite npm run bench:wallet      # the embedded database
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=16 npm run bench:wallet
 *   BENCH_BASELINE=/path/to/other/checkout/apps/server/dist npm run bench:wallet
 *
 * BENCH_BASELINE measures another build (an earlier commit's, built there with `npm run build -w
 * @royal/server`) in the same run and on the same wallets: after this build's figures, the baseline
 * server answers the trivial route and the 1,000 wallets, then this build again, so a before/after
 * is an A/B of one database under one load (the hot pair is left out there: its $1 transfers reach
 * the day's large-amount guard of one pair within a few seconds at these rates).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { sessions } from '../apps/server/src/db/schema';
import { createMemberDirectly, SESSION_SETTINGS } from '../apps/server/src/modules/auth';
import {
  type BenchDatabase,
  ENGINE,
  fundWallet,
  type Load,
  load,
  printResults,
  type Result,
  ROOT,
  SECONDS,
  type ServerBuild,
  sessionCookie,
  startServer,
} from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const WALLETS = 1_000;
const FUNDS_CENTS = 10_000_000;
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASELINE: ServerBuild | undefined = process.env.BENCH_BASELINE
  ? { entry: resolve(process.env.BENCH_BASELINE, 'server.js'), nodeArgs: [] }
  : undefined;

type Sender = { cookie: string; partner: string };

type Member = { id: string; cookie: string };

async function member(handle: DatabaseHandle, n: number): Promise<Member> {
  const { id } = await createMemberDirectly(
    handle.db,
    { locationKey: randomBytes(32) },
    {
      email: `wallet-bench-${n}@bench.test`,
      name: `Wallet ${n}`,
      acceptedTermsAt: new Date(),
      profile: {
        tierLevel: 4,
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 365 * 86_400_000),
      },
    },
  );
  await fundWallet(handle, id, FUNDS_CENTS);
  const token = randomBytes(24).toString('base64url');
  await handle.db.insert(sessions).values({
    token,
    userId: id,
    expiresAt: new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
  });
  return { id, cookie: sessionCookie(token) };
}

async function scratchDatabase(workDir: string) {
  if (ENGINE === 'pglite') {
    const database: BenchDatabase = { dataDir: workDir };
    return { database, handle: await createDatabase({ dataDir: join(workDir, 'db') }), drop: async () => {} };
  }
  const name = `rc_bench_wallet_${randomBytes(4).toString('hex')}`;
  const admin = await createDatabase({ databaseUrl: BASE_URL });
  await admin.db.execute(sql.raw(`create database ${name}`));
  await admin.close();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const database: BenchDatabase = { url: url.toString() };
  return {
    database,
    handle: await createDatabase({ databaseUrl: database.url }),
    drop: async () => {
      const again = await createDatabase({ databaseUrl: BASE_URL });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    },
  };
}

function transferLoad(origin: string, senders: Sender[], workDir: string, seconds = SECONDS): Load {
  const file = join(workDir, `wallet-plan-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify({ origin, senders, connections: CONNECTIONS, seconds }));
  const out = execFileSync(process.execPath, [join(import.meta.dirname, 'wallet-load.mjs'), file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Load;
}

async function checkLedger(database: BenchDatabase) {
  const handle = await createDatabase(
    database.url ? { databaseUrl: database.url } : { dataDir: join(database.dataDir as string, 'db') },
  );
  try {
    const unbalanced = await handle.db.execute(
      sql`select count(*) as n from (select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0) u`,
    );
    const drift = await handle.db.execute(sql`
      select count(*) as n from escrow_wallets w
      where w.current_balance_cents <> coalesce((select sum(amount_cents) from ledger_lines where account_id = w.wallet_account_id), 0)
         or w.current_balance_cents < 0`);
    const transfers = await handle.db.execute(sql`select count(*) as n from peer_transfers`);
    return {
      unbalanced: Number(unbalanced.rows[0]?.n),
      drift: Number(drift.rows[0]?.n),
      transfers: Number(transfers.rows[0]?.n),
    };
  } finally {
    await handle.close();
  }
}

/**
 * One server's figures: the trivial route, the hot pair (unless null) and the 1,000 wallets, each
 * row marked with `label` and compared with the trivial route of its own server.
 */
async function measure(
  database: BenchDatabase,
  workDir: string,
  ring: Sender[],
  hotPair: Sender[] | null,
  build: ServerBuild | undefined,
  label: string,
  results: Result[],
) {
  const server = await startServer(database, false, {}, build);
  try {
    const trivial = (seconds: number) =>
      load(
        {
          kind: 'plain',
          path: '/api/health/live',
          origin: server.origin,
          connections: CONNECTIONS,
          seconds,
          viewers: [],
        },
        workDir,
      );
    trivial(2);
    transferLoad(server.origin, ring, workDir, 2);
    const reference = trivial(SECONDS);
    results.push({
      name: `${label}trivial GET /api/health/live`,
      load: reference,
      trivialRps: reference.rps,
    });
    if (hotPair)
      results.push({
        name: `${label}transfers: one hot pair (both ways)`,
        load: transferLoad(server.origin, hotPair, workDir),
        trivialRps: reference.rps,
      });
    results.push({
      name: `${label}transfers: across ${WALLETS.toLocaleString()} wallets`,
      load: transferLoad(server.origin, ring, workDir),
      trivialRps: reference.rps,
    });
  } finally {
    await server.stop();
  }
}

async function main() {
  execFileSync('npm', ['run', 'build', '-w', '@royal/server'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(join(ROOT, 'apps/server/dist/server.js'))) throw new Error('the server build failed');
  const workDir = mkdtempSync(join(tmpdir(), 'rc-bench-wallet-'));
  const { database, handle, drop } = await scratchDatabase(workDir);
  try {
    const started = Date.now();
    await migrateDatabase(handle);
    console.log(`${ENGINE}: ${WALLETS.toLocaleString()} funded wallets…`);
    const members: Member[] = [];
    for (let n = 0; n < WALLETS; n++) members.push(await member(handle, n));
    await handle.db.execute(sql`analyze`);
    await handle.close();
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const [a, b] = members as [Member, Member];
    const hotPair: Sender[] = [
      { cookie: a.cookie, partner: b.id },
      { cookie: b.cookie, partner: a.id },
    ];
    // Each sends to the member half the ring away, so the 8 requests in flight at once (consecutive
    // senders) touch 16 different wallets: this run measures transfers without lock contention.
    const ring: Sender[] = members.map((m, i) => ({
      cookie: m.cookie,
      partner: (members[(i + WALLETS / 2) % members.length] as Member).id,
    }));

    const results: Result[] = [];
    await measure(database, workDir, ring, hotPair, undefined, '', results);
    if (BASELINE) {
      await measure(database, workDir, ring, null, BASELINE, 'baseline: ', results);
      await measure(database, workDir, ring, null, undefined, 'again: ', results);
    }
    printResults(results, `Wallet transfers on ${ENGINE}, ${CONNECTIONS} connections, ${SECONDS} s each`);
    const ledger = await checkLedger(database);
    console.log(
      `\nledger after the run: ${ledger.transfers.toLocaleString()} transfers, ${ledger.unbalanced} unbalanced entries, ${ledger.drift} wallets off their ledger accounts`,
    );
    if (ledger.unbalanced > 0 || ledger.drift > 0) process.exitCode = 1;
  } finally {
    await drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
