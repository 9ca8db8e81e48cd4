/**
 * The request path under load, on 100,000 profiles. The server runs in its own process exactly as
 * production starts it (`node apps/server/dist/server.js`, NODE_ENV=production); the load comes from
 * another process (bench/load.mjs: wrk when Debian's `wrk` is installed, else autocannon). Every route is printed with req/s, p50 and p99 and
 * its ratio to the trivial route (GET /api/health/live, no I/O) measured in the same run, and the SQL
 * statements each route runs per request (from a second server started with STATEMENT_STATS=true).
 * Not a test: it prints and exits.
 *
 *   npm run bench                                          # PostgreSQL at 127.0.0.1:5432 (scratch database)
 *   BENCH_DATABASE_URL=postgres://… npm run bench          # another PostgreSQL server
 *   BENCH_ENGINE=pglite npm run bench                      # the embedded database
 *   BENCH_PROFILES=20000 BENCH_SECONDS=5 BENCH_CONNECTIONS=10 npm run bench
 *   BENCH_LOAD=autocannon npm run bench                    # the Node load generator even where wrk is installed
 *   BENCH_KEEP=1 npm run bench                             # keep the database afterwards (to EXPLAIN)
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { sessions } from '../apps/server/src/db/schema';
import { createMemberDirectly, SESSION_SETTINGS, signSessionToken } from '../apps/server/src/modules/auth';
import { deriveSecrets } from '../apps/server/src/secrets';

const ROOT = resolve(import.meta.dirname, '..');
const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ENGINE = process.env.BENCH_ENGINE === 'pglite' ? 'pglite' : 'postgres';
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const VIEWERS = 20;
const AUTH_SECRET = randomBytes(36).toString('base64url');

type Viewer = { id: string; cookie: string; targets: string[] };

/** Writes the profiles inside the database with generate_series: seconds, not minutes. */
async function seedProfiles(handle: DatabaseHandle) {
  const id = (g: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
  await handle.db.execute(sql`
    insert into users (id, email, name)
    select ${id('g')}, 'bench-' || g || '@bench.test', 'Bench ' || g from generate_series(1, ${PROFILES}) g`);
  await handle.db.execute(sql`
    insert into profiles (user_id, name, age, tier_level, tier_subscription_active, tier_subscription_ends_at,
      user_type, gender, last_active, popularity_score, is_sponsored, lat, lng, geo_lat, geo_lng, city, state, bio)
    select ${id('g')}, 'Bench ' || g, 21 + (g % 40), g % 5, true, now() + interval '365 days',
      (case when g % 2 = 0 then 'men' else 'women' end)::user_type,
      (case when g % 2 = 0 then 'male' else 'female' end)::gender,
      now() - ((g * 7919) % 100000) * interval '1 minute', (g * 31) % 100, g % 97 = 0,
      25.7 + (g % 200) * 0.002, -80.2 + (g % 300) * 0.002, 25.7 + (g % 200) * 0.002, -80.2 + (g % 300) * 0.002,
      'Miami', 'FL', 'Benchmark member'
    from generate_series(1, ${PROFILES}) g`);
  await handle.db.execute(sql`insert into safety_settings (user_id) select user_id from profiles`);
  await handle.db.execute(
    sql`insert into photos (user_id, position, key_large, key_small, key_blur, width, height, status)
        select user_id, 0, 'bench/l', 'bench/s', 'bench/b', 1080, 1350, 'approved' from profiles`,
  );
}

/** Tier-4 viewers (they see every tier), each signed in with a session written directly. */
async function createViewers(handle: DatabaseHandle): Promise<Viewer[]> {
  const writer = { locationKey: deriveSecrets(AUTH_SECRET).locationJitter };
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWERS; i += 1) {
    const userType = i % 2 === 0 ? 'men' : 'women';
    const { id } = await createMemberDirectly(handle.db, writer, {
      email: `viewer-${i}@bench.test`,
      name: `Viewer ${i}`,
      acceptedTermsAt: new Date(),
      profile: {
        age: 35,
        tierLevel: 4,
        tierSubscriptionActive: true,
        tierSubscriptionEndsAt: new Date(Date.now() + 365 * 86_400_000),
        userType,
        gender: userType === 'men' ? 'male' : 'female',
        ageRangeMin: 18,
        ageRangeMax: 65,
        location: { lat: 25.76, lng: -80.19 },
      },
    });
    const token = randomBytes(24).toString('base64url');
    await handle.db.insert(sessions).values({
      token,
      userId: id,
      expiresAt: new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000),
    });
    const wanted = userType === 'men' ? 'women' : 'men';
    // Every viewer swipes on its own slice of the other type, so no swipe is a refused repeat.
    const targets = await handle.db.execute<{ id: string }>(
      sql`select user_id as id from profiles where user_type = ${wanted} and name like 'Bench %'
          order by user_id offset ${Math.floor(i / 2) * 2000} limit 2000`,
    );
    viewers.push({
      id,
      cookie: `rc.session_token=${encodeURIComponent(signSessionToken(token, AUTH_SECRET))}`,
      targets: targets.rows.map((r) => r.id),
    });
  }
  return viewers;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** Starts `node dist/server.js` as production does and waits until it answers. */
async function startServer(database: { url?: string; dataDir?: string }, statementStats: boolean) {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: origin,
      AUTH_SECRET,
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'false',
      SEED_DEMO: 'false',
      STATEMENT_STATS: String(statementStats),
      API_RATE_LIMIT_PER_ADDRESS: '100000000',
      ...(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: database.dataDir }),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health/live`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

type Load = {
  tool: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
};

/** One load run from a separate process. */
function load(plan: object, workDir: string): Load {
  const file = join(workDir, `plan-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify(plan));
  const out = execFileSync(process.execPath, [join(import.meta.dirname, 'load.mjs'), file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.trim().split('\n').at(-1) as string) as Load;
}

async function statementsOf(origin: string, path: string, cookie: string, init: RequestInit = {}) {
  const res = await fetch(`${origin}${path}`, { ...init, headers: { cookie, origin, ...init.headers } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return Number(res.headers.get('x-statements'));
}

async function main() {
  // Always the current code, compiled as `npm start` compiles it.
  execFileSync('npm', ['run', 'build', '-w', '@royal/server'], { cwd: ROOT, stdio: 'ignore' });
  if (!existsSync(SERVER_ENTRY)) throw new Error(`the server build did not produce ${SERVER_ENTRY}`);
  const workDir = mkdtempSync(join(tmpdir(), 'rc-bench-'));
  const started = Date.now();
  let database: { url?: string; dataDir?: string };
  let handle: DatabaseHandle;
  let dropDatabase = async () => {};
  if (ENGINE === 'postgres') {
    const name = `rc_bench_${randomBytes(4).toString('hex')}`;
    const admin = await createDatabase({ databaseUrl: BASE_URL });
    await admin.db.execute(sql.raw(`create database ${name}`));
    await admin.close();
    const url = new URL(BASE_URL);
    url.pathname = `/${name}`;
    database = { url: url.toString() };
    handle = await createDatabase({ databaseUrl: database.url });
    dropDatabase = async () => {
      const again = await createDatabase({ databaseUrl: BASE_URL });
      await again.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await again.close();
    };
  } else {
    database = { dataDir: workDir };
    handle = await createDatabase({ dataDir: join(workDir, 'db') });
  }
  try {
    await migrateDatabase(handle);
    console.log(`${ENGINE}: seeding ${PROFILES.toLocaleString()} profiles…`);
    await seedProfiles(handle);
    const viewers = await createViewers(handle);
    await handle.db.execute(sql`analyze`);
    await handle.close();
    console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // Statements per request, from a server that counts them. The first request of a session
    // resolves it from the database (a miss); the next ones find it in the actor cache (a hit).
    const counting = await startServer(database, true);
    const counts: Record<string, { miss: number; hit: number }> = {};
    try {
      const probe = viewers[0] as Viewer;
      const other = viewers[1] as Viewer;
      counts.me = {
        miss: await statementsOf(counting.origin, '/api/me', probe.cookie),
        hit: await statementsOf(counting.origin, '/api/me', probe.cookie),
      };
      counts.feed = {
        miss: await statementsOf(counting.origin, '/api/discovery/feed', other.cookie),
        hit: await statementsOf(counting.origin, '/api/discovery/feed', other.cookie),
      };
      const swipe = (viewer: Viewer, target: string) =>
        statementsOf(counting.origin, '/api/swipes', viewer.cookie, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ target_id: target, direction: 'right' }),
        });
      const swiper = viewers[2] as Viewer;
      counts.swipe = {
        miss: await swipe(swiper, swiper.targets.pop() as string),
        hit: await swipe(swiper, swiper.targets.pop() as string),
      };
    } finally {
      await counting.stop();
    }

    const server = await startServer(database, false);
    const results: { name: string; load: Load; statements?: { miss: number; hit: number } }[] = [];
    try {
      const plan = (kind: string, path: string, seconds = SECONDS) => ({
        kind,
        path,
        origin: server.origin,
        connections: CONNECTIONS,
        seconds,
        viewers,
      });
      // Warm the JIT, the pool, the caches and PostgreSQL's plans before measuring.
      for (const [kind, path] of [
        ['plain', '/api/health/live'],
        ['get', '/api/me'],
        ['get', '/api/discovery/feed'],
      ] as const) {
        load(plan(kind, path, 2), workDir);
      }
      results.push({
        name: 'trivial GET /api/health/live',
        load: load(plan('plain', '/api/health/live'), workDir),
      });
      results.push({
        name: 'GET /api/me',
        load: load(plan('get', '/api/me'), workDir),
        statements: counts.me,
      });
      results.push({
        name: 'GET /api/discovery/feed',
        load: load(plan('get', '/api/discovery/feed'), workDir),
        statements: counts.feed,
      });
      results.push({
        name: 'POST /api/swipes',
        load: load(plan('swipe', '/api/swipes'), workDir),
        statements: counts.swipe,
      });
    } finally {
      await server.stop();
    }

    const trivial = results[0]?.load.rps ?? 1;
    console.log(
      `\n${PROFILES.toLocaleString()} profiles · ${ENGINE} · server: node dist/server.js (production) · load: ${results[0]?.load.tool ?? '?'} in another process · ${CONNECTIONS} connections · ${SECONDS} s per route\n`,
    );
    console.log(
      'route                           req/s    p50 ms   p99 ms   non-2xx   ratio   statements (session miss / hit)',
    );
    for (const { name, load: r, statements } of results) {
      const stmts = statements ? `${statements.miss} / ${statements.hit}` : '-';
      console.log(
        `${name.padEnd(30)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.non2xx + r.errors).padStart(9)}   ${(r.rps / trivial).toFixed(3).padStart(5)}   ${stmts}`,
      );
    }
    const me = counts.me as { miss: number; hit: number };
    console.log(
      `\nthe session itself: ${me.miss - me.hit} statement on a cache miss, 0 on a hit (GET /api/me runs ${me.hit} of its own)`,
    );
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept: ${database.url ?? database.dataDir}`);
    else {
      await dropDatabase();
      rmSync(workDir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
