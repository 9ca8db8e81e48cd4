/**
 * The faults, each with the promise issue 38 makes for it. A scenario breaks something at a known
 * moment of the load (`fault`) and judges the load's counts afterwards (`judge`).
 */
import pg from 'pg';
import type { FaultContext } from './context';
import {
  type AfterRun,
  describeFailures,
  failedStatus,
  type LoadResult,
  messageAndLedgerVerdicts,
  requestsOf,
  type Verdict,
} from './verdicts';

export type { Verdict };

type Facts = Record<string, number>;

export type Scenario = {
  name: string;
  title: string;
  /** How long the load runs. */
  seconds: number;
  /** More settings for the instances. */
  env?: (workDir: string) => Record<string, string>;
  fault(context: FaultContext): Promise<Facts>;
  judge(result: LoadResult, after: AfterRun, facts: Facts): Verdict[];
};

const READ_ROUTES = new Set([
  'feed',
  'me',
  'chatRead',
  'search',
  'notifications',
  'profile',
  'walletBalance',
  'walletHistory',
]);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Sign-in attempts (a wrong password) through the proxy: [status, Retry-After, ms] each. */
async function signInProbe(
  origin: string,
): Promise<{ status: number; retryAfter: string | null; ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'viewer-0@bench.test', password: 'not-the-password' }),
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer();
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch {
    return { status: 0, retryAfter: null, ms: performance.now() - started };
  }
}

export const SCENARIOS: Scenario[] = [
  {
    name: 'rolling-restart',
    title: 'both instances restarted one at a time (SIGTERM, drain, start) under the mixed load',
    seconds: 50,
    async fault(c) {
      await c.at(5_000);
      const exits = await c.cluster.rollingRestart({ onStep: (step: string) => c.note(step) });
      return {
        restarted: exits.length,
        cleanExits: exits.filter((e: { code: number | null }) => e.code === 0).length,
      };
    },
    judge(result, after, facts) {
      const requests = requestsOf(result);
      const notOk = requests.filter((r) => r.status < 200 || r.status >= 300);
      return [
        {
          ok: facts.restarted === 2 && facts.cleanExits === 2,
          what: 'instances restarted, each exiting cleanly after its drain',
          counted: `${facts.restarted} restarted, ${facts.cleanExits} exit code 0`,
        },
        {
          ok: notOk.length === 0,
          what: 'requests failed',
          counted: `${notOk.length} of ${requests.length} (${describeFailures(notOk)})`,
        },
        ...messageAndLedgerVerdicts(result, after),
      ];
    },
  },
  {
    name: 'sigkill',
    title: 'one instance killed (SIGKILL) under the mixed load, started again 10 s later',
    seconds: 40,
    async fault(c) {
      await c.at(5_000);
      const instance = c.cluster.instances[0];
      const killedAt = c.now();
      await instance.kill();
      c.note(`${instance.name}: SIGKILL`);
      await c.cluster.proxy.waitFor(instance.name, 'DOWN');
      const downAt = c.now();
      c.note(`HAProxy sees ${instance.name} DOWN`);
      await c.at(15_000);
      await instance.start();
      await c.cluster.proxy.waitFor(instance.name, 'UP');
      c.note(`${instance.name}: started again, UP`);
      return { killedAt, downAt };
    },
    judge(result, after, facts) {
      const requests = requestsOf(result);
      const failed = requests.filter((r) => failedStatus(r.status));
      // In flight on the killed instance: begun before the kill, or in the moment before the proxy
      // noticed the connection gone (its retry covers a refused connection, not a request half-sent).
      const late = failed.filter((r) => r.at > (facts.killedAt ?? 0) + 1_000);
      const refused = requests.filter((r) => r.status >= 400 && r.status < 500);
      return [
        {
          ok: late.length === 0 && failed.length <= 16,
          what: 'requests failed (only those in flight on the killed instance may)',
          counted: `${failed.length} of ${requests.length} (${describeFailures(failed)}); ${late.length} begun more than 1 s after the kill`,
        },
        { ok: refused.length === 0, what: 'requests refused (4xx)', counted: describeFailures(refused) },
        ...messageAndLedgerVerdicts(result, after),
      ];
    },
  },
  {
    name: 'postgres-restart',
    title: 'PostgreSQL stopped for 5 s (fast shutdown) and started again under the mixed load',
    seconds: 40,
    async fault(c) {
      await c.at(5_000);
      const stoppedAt = c.now();
      await c.pg.stop();
      c.note('PostgreSQL stopped');
      await sleep(5_000);
      await c.pg.start();
      const startedAt = c.now();
      c.note('PostgreSQL started');
      return { stoppedAt, startedAt };
    },
    judge(result, after, facts) {
      const requests = requestsOf(result);
      const failed = requests.filter((r) => failedStatus(r.status));
      const unclear = failed.filter((r) => r.status !== 503 || !r.retryAfter);
      const slow = failed.filter((r) => r.ms > 2_000);
      const lastFailure = Math.max(0, ...failed.map((r) => r.at + r.ms));
      const recoveredIn = lastFailure - (facts.startedAt ?? 0);
      const other = requests.filter((r) => r.status >= 400 && r.status < 500);
      return [
        {
          ok: unclear.length === 0 && slow.length === 0,
          what: 'requests in the gap answered 503 with Retry-After within 2 s',
          counted: `${failed.length} failed (${describeFailures(failed)}); ${unclear.length} without 503 + Retry-After; ${slow.length} slower than 2 s (slowest ${Math.max(0, ...failed.map((r) => r.ms)).toFixed(0)} ms)${
            slow.length
              ? `: ${slow
                  .slice(0, 5)
                  .map((r) => `${r.route} begun at ${(r.at / 1000).toFixed(1)} s took ${r.ms.toFixed(0)} ms`)
                  .join(', ')}`
              : ''
          }`,
        },
        {
          ok: recoveredIn <= 10_000,
          what: 'the pools recovered by themselves',
          counted: `last failure ${(recoveredIn / 1000).toFixed(1)} s after PostgreSQL was back`,
        },
        { ok: other.length === 0, what: 'requests refused (4xx)', counted: describeFailures(other) },
        ...messageAndLedgerVerdicts(result, after),
      ];
    },
  },
  {
    name: 'redis-outage',
    title: 'Redis stopped for 30 s under the mixed load; sign-in tried during the outage',
    seconds: 50,
    async fault(c) {
      await c.at(5_000);
      await c.redis.stop();
      c.note('Redis stopped');
      const probes = [];
      for (const at of [8_000, 15_000, 25_000]) {
        await c.at(at);
        probes.push(await signInProbe(c.origin));
      }
      await c.at(35_000);
      await c.redis.start();
      const backAt = c.now();
      c.note('Redis started');
      // Sign-in works again once the instances have reconnected (ioredis retries every second at most).
      let afterProbe = await signInProbe(c.origin);
      while (afterProbe.status !== 401 && c.now() - backAt < 15_000) {
        await sleep(500);
        afterProbe = await signInProbe(c.origin);
      }
      const workedAfter = c.now() - backAt;
      c.note(
        `sign-in during the outage: ${probes.map((p) => `${p.status}${p.retryAfter ? ` (Retry-After ${p.retryAfter})` : ''} in ${p.ms.toFixed(0)} ms`).join(', ')}; after: ${afterProbe.status}, ${(workedAfter / 1000).toFixed(1)} s after Redis was back`,
      );
      return {
        probes: probes.length,
        closedProbes: probes.filter((p) => p.status === 503 && p.retryAfter).length,
        afterStatus: afterProbe.status,
        workedAfter,
      };
    },
    judge(result, after, facts) {
      const requests = requestsOf(result);
      const notOk = requests.filter((r) => r.status < 200 || r.status >= 300);
      const reads = notOk.filter((r) => READ_ROUTES.has(r.route));
      return [
        {
          ok: reads.length === 0,
          what: 'reads failed (fail open)',
          counted: `${reads.length} (${describeFailures(reads)})`,
        },
        {
          ok: notOk.length === 0,
          what: 'any request failed (the app keeps serving)',
          counted: `${notOk.length} of ${requests.length} (${describeFailures(notOk)})`,
        },
        {
          ok: facts.closedProbes === facts.probes && facts.afterStatus === 401,
          what: 'sign-in fails closed during the outage (503 + Retry-After), works after',
          counted: `${facts.closedProbes} of ${facts.probes} refused with 503 + Retry-After; after: ${facts.afterStatus} (a wrong password), ${((facts.workedAfter ?? 0) / 1000).toFixed(1)} s after Redis was back`,
        },
        ...messageAndLedgerVerdicts(result, after),
      ];
    },
  },
  {
    name: 'slow-database',
    title: "the wallets' table locked for 12 s: transfers wait past the statement timeout",
    seconds: 35,
    async fault(c) {
      await c.at(5_000);
      const client = new pg.Client({
        connectionString: c.pg.url.replace(/\/postgres$/, `/${await benchDatabaseName(c)}`),
      });
      await client.connect();
      await client.query('begin');
      await client.query('lock table escrow_wallets in exclusive mode');
      const lockedAt = c.now();
      c.note('escrow_wallets locked (writes wait)');
      await sleep(12_000);
      await client.query('rollback');
      await client.end();
      const releasedAt = c.now();
      c.note('lock released');
      return { lockedAt, releasedAt };
    },
    judge(result, after, facts) {
      const requests = requestsOf(result);
      const during = (r: { at: number }) => r.at >= (facts.lockedAt ?? 0) && r.at <= (facts.releasedAt ?? 0);
      const failed = requests.filter((r) => r.status < 200 || r.status >= 300);
      const wallet = failed.filter((r) => r.route === 'transfer');
      const others = failed.filter((r) => r.route !== 'transfer');
      const unclear = wallet.filter((r) => r.status !== 503 && r.status !== 504);
      const othersDuring = requests.filter((r) => r.route !== 'transfer' && during(r));
      const slowOthers = othersDuring.filter((r) => r.ms > 1_000).length;
      return [
        {
          ok: unclear.length === 0,
          what: 'transfers past the timeout end with a clear error',
          counted: `${wallet.length} ended (${describeFailures(wallet)}), slowest ${Math.max(0, ...wallet.map((r) => r.ms)).toFixed(0)} ms`,
        },
        {
          ok: others.length === 0,
          what: 'other routes failed meanwhile (the pool is not exhausted)',
          counted: `${others.length} (${describeFailures(others)}); ${slowOthers} of ${othersDuring.length} slower than 1 s during the lock`,
        },
        ...messageAndLedgerVerdicts(result, after),
      ];
    },
  },
];

/** The scratch database the harness seeded (the instances' DATABASE_URL). */
async function benchDatabaseName(c: FaultContext): Promise<string> {
  const client = new pg.Client({ connectionString: c.pg.url });
  await client.connect();
  try {
    const rows = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like 'rc_bench_%' order by oid desc limit 1",
    );
    return rows.rows[0]?.datname as string;
  } finally {
    await client.end();
  }
}
