/**
 * One address against the whole API (issue 31). Each attack comes from 127.0.0.2 in its own process
 * (abuse-attack.mjs) while this process, as another client at 127.0.0.1, asks for the trivial route
 * (GET /api/health/live) on a new connection every 50 ms; each attack's quiet figure is measured just
 * before it, back to back, since the machine's other work changes from minute to minute. The server
 * runs as production starts it, on PostgreSQL and Redis, with production's default limits.
 *
 *   settings  PATCH /api/me/settings, a 634 KB body of 60,000 unknown keys, 152 a minute
 *   pages     GET /app as the signed-in member (rendered on the server), 1,332 a minute
 *   slow      connections whose request body comes one byte every 10 s, 400 a second up to 19,000
 *
 *   npm run bench:abuse                                     # all three, on this checkout's build
 *   BENCH_SERVER_BUILD=/tmp/rc-before/apps/server/dist npx tsx bench/abuse.ts settings   # another build
 *   BENCH_KEEP=1 …, then BENCH_REUSE=<work folder> …      # one seed for an A/B (harness.ts)
 *   BENCH_PROFILES=20000 ABUSE_SECONDS=60 ABUSE_QUIET_SECONDS=15 npx tsx bench/abuse.ts
 *   ABUSE_SETTINGS_PER_MINUTE=590 ABUSE_PAGES_PER_MINUTE=6000 npx tsx bench/abuse.ts settings pages
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { seedBenchDatabase, startServer } from './harness';

const SECONDS = Number(process.env.ABUSE_SECONDS ?? 60);
const QUIET_SECONDS = Number(process.env.ABUSE_QUIET_SECONDS ?? 15);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ATTACKER = '127.0.0.2';
const PROBER = '127.0.0.1';

type Attack = 'settings' | 'pages' | 'slow';
/** The probe's rates (issue 31) unless set: ABUSE_SETTINGS_PER_MINUTE, ABUSE_PAGES_PER_MINUTE, ABUSE_SLOW_PER_SECOND, ABUSE_SLOW_CONNECTIONS. */
const setting = (name: string, probe: number) => Number(process.env[name] ?? probe);
const PLANS: Record<Attack, Record<string, number>> = {
  settings: { perMinute: setting('ABUSE_SETTINGS_PER_MINUTE', 152) },
  pages: { perMinute: setting('ABUSE_PAGES_PER_MINUTE', 1332) },
  slow: {
    perSecond: setting('ABUSE_SLOW_PER_SECOND', 400),
    connections: setting('ABUSE_SLOW_CONNECTIONS', 19_000),
  },
};

/** The trivial route once, on a new connection from PROBER: ms, or null when it failed or took 10 s. */
function liveOnce(origin: string): Promise<number | null> {
  const url = new URL('/api/health/live', origin);
  const started = performance.now();
  return new Promise((done) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        agent: false,
        localAddress: PROBER,
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => done(response.statusCode === 200 ? performance.now() - started : null));
      },
    );
    request.on('timeout', () => request.destroy());
    request.on('error', () => done(null));
  });
}

type Probe = { p50: number | null; p95: number | null; failed: number; count: number };

/** Measures the trivial route until `until` resolves. */
async function probeWhile(origin: string, until: Promise<unknown>): Promise<Probe> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const times: number[] = [];
  let failed = 0;
  while (!done) {
    const ms = await liveOnce(origin);
    if (ms === null) failed += 1;
    else times.push(ms);
    await new Promise((r) => setTimeout(r, 50));
  }
  const sorted = times.sort((a, b) => a - b);
  const at = (p: number) =>
    sorted.length === 0
      ? null
      : Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]?.toFixed(1));
  return { p50: at(0.5), p95: at(0.95), failed, count: times.length + failed };
}

/** Runs one attack in its own process and returns what it printed. */
function attack(
  kind: Attack,
  origin: string,
  cookie: string,
  workDir: string,
): Promise<Record<string, unknown>> {
  const file = join(workDir, `abuse-${kind}-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ kind, origin, cookie, from: ATTACKER, seconds: SECONDS, ...PLANS[kind] }),
  );
  const child = spawn(process.execPath, [join(import.meta.dirname, 'abuse-attack.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((done, fail) =>
    child.on('exit', (code) =>
      code === 0
        ? done(JSON.parse(out.trim().split('\n').at(-1) as string))
        : fail(new Error(`${kind}: exit ${code}`)),
    ),
  );
}

/** The most file descriptors the server held while `until` ran (Linux /proc). */
async function peakDescriptors(pid: number, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let peak = 0;
  while (!done) {
    peak = Math.max(peak, readdirSync(`/proc/${pid}/fd`).length);
    await new Promise((r) => setTimeout(r, 500));
  }
  return peak;
}

async function main() {
  const chosen = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : Object.keys(PLANS)) as Attack[];
  const seeded = await seedBenchDatabase();
  // Production's limits: the benchmark's own (no limits) unset, so the server takes its defaults.
  const server = await startServer(seeded.database, false, {
    REDIS_URL,
    API_RATE_LIMIT_PER_ADDRESS: undefined,
    PAGE_RATE_LIMIT_PER_ADDRESS: undefined,
    PAGE_RATE_LIMIT_PER_MEMBER: undefined,
    CONNECTIONS_PER_ADDRESS: undefined,
    LOG_LEVEL: 'error',
  });
  const cookie = seeded.viewers[0]?.cookie as string;
  const rows: string[] = [];
  try {
    for (const kind of chosen) {
      console.log(
        `\n${kind} ${JSON.stringify(PLANS[kind])}: quiet ${QUIET_SECONDS} s, then the attack for ${SECONDS} s`,
      );
      const quiet = await probeWhile(server.origin, new Promise((r) => setTimeout(r, QUIET_SECONDS * 1000)));
      const running = attack(kind, server.origin, cookie, seeded.workDir);
      const [during, descriptors, result] = await Promise.all([
        probeWhile(server.origin, running),
        peakDescriptors(server.pid, running),
        running,
      ]);
      console.log(`  attack: ${JSON.stringify(result)}`);
      console.log(`  server's peak file descriptors: ${descriptors}`);
      const ratio = quiet.p50 && during.p50 ? (during.p50 / quiet.p50).toFixed(2) : '-';
      rows.push(
        `${kind.padEnd(10)} ${String(quiet.p50).padStart(9)} ${String(during.p50).padStart(10)} ${String(during.p95).padStart(10)} ${`${during.failed}/${during.count}`.padStart(12)} ${ratio.padStart(7)}`,
      );
      // Let the server finish what the attack left (slow bodies, queued renders) before the next quiet figure.
      await new Promise((r) => setTimeout(r, 5_000));
    }
  } finally {
    await server.stop();
    await seeded.dispose();
  }
  console.log(
    `\n/api/health/live from another client (ms), ${process.env.BENCH_SERVER_BUILD ?? 'this build'}`,
  );
  console.log(
    `${'attack'.padEnd(10)} ${'quiet p50'.padStart(9)} ${'attack p50'.padStart(10)} ${'attack p95'.padStart(10)} ${'failed'.padStart(12)} ${'ratio'.padStart(7)}`,
  );
  for (const row of rows) console.log(row);
}

await main();
