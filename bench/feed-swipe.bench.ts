/**
 * Feed and swipe throughput on a seeded database of 100,000 profiles, each printed as a ratio to a
 * trivial route (GET /api/health/live, no I/O) measured in the same run, so the figures compare
 * across machines. Not a test: it prints and exits.
 *
 *   npm run bench                                   # embedded PGlite in memory
 *   BENCH_DATABASE_URL=postgres://… npm run bench   # a scratch database on PostgreSQL (created and dropped)
 *   BENCH_PROFILES=20000 BENCH_SECONDS=5 npm run bench
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createMemoryBus } from '../apps/server/src/adapters/bus/memory';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { DatabaseHandle } from '../apps/server/src/db/client';
import { accounts, profiles, safetySettings, userRoles, users } from '../apps/server/src/db/schema';
import { openScratchDatabase } from '../apps/server/src/db/scratch';
import { createMemoryStorage } from '../apps/server/src/db/seed/memory-storage';
import { hashPassword } from '../apps/server/src/lib/password-hash';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const VIEWERS = 20;
const PASSWORD = 'bench-password-2026';

/** Writes the profiles inside the database with generate_series: seconds, not minutes. */
async function seedProfiles(handle: DatabaseHandle) {
  const id = (g: string) => sql.raw(`('00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`);
  await handle.db.execute(sql`
    insert into users (id, email, name)
    select ${id('g')}, 'bench-' || g || '@bench.test', 'Bench ' || g from generate_series(1, ${PROFILES}) g`);
  await handle.db.execute(sql`
    insert into profiles (user_id, name, age, tier_level, tier_subscription_active, user_type, gender,
      last_active, popularity_score, is_sponsored, lat, lng, geo_lat, geo_lng, city, state, bio)
    select ${id('g')}, 'Bench ' || g, 21 + (g % 40), g % 5, true,
      (case when g % 2 = 0 then 'men' else 'women' end)::user_type,
      (case when g % 2 = 0 then 'male' else 'female' end)::gender,
      now() - ((g * 7919) % 100000) * interval '1 minute', (g * 31) % 100, g % 97 = 0,
      25.7 + (g % 200) * 0.002, -80.2 + (g % 300) * 0.002, 25.7 + (g % 200) * 0.002, -80.2 + (g % 300) * 0.002,
      'Miami', 'FL', 'Benchmark member'
    from generate_series(1, ${PROFILES}) g`);
  await handle.db.execute(sql`insert into safety_settings (user_id) select user_id from profiles`);
  await handle.db.execute(sql`analyze`);
}

async function createViewers(handle: DatabaseHandle) {
  const hash = await hashPassword(PASSWORD);
  const viewers: { id: string; email: string; userType: 'men' | 'women' }[] = [];
  for (let i = 0; i < VIEWERS; i += 1) {
    const viewer = {
      id: randomUUID(),
      email: `viewer-${i}@bench.test`,
      userType: i % 2 === 0 ? 'men' : 'women',
    } as const;
    await handle.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: viewer.id, email: viewer.email, name: `Viewer ${i}` });
      await tx.insert(accounts).values({
        id: randomUUID(),
        accountId: viewer.id,
        providerId: 'credential',
        userId: viewer.id,
        password: hash,
      });
      await tx.insert(profiles).values({
        userId: viewer.id,
        name: `Viewer ${i}`,
        age: 35,
        tierLevel: 4,
        tierSubscriptionActive: true,
        userType: viewer.userType,
        gender: viewer.userType === 'men' ? 'male' : 'female',
        ageRangeMin: 18,
        ageRangeMax: 65,
        lat: 25.76,
        lng: -80.19,
        geoLat: 25.76,
        geoLng: -80.19,
      });
      await tx.insert(userRoles).values({ userId: viewer.id, role: 'user' });
      await tx.insert(safetySettings).values({ userId: viewer.id });
    });
    viewers.push(viewer);
  }
  return viewers;
}

type Result = { name: string; rps: number; p50: number; p99: number; errors: number; requests: number };

async function measure(name: string, options: autocannon.Options): Promise<Result> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    requests: result.requests.total,
  };
}

async function main() {
  const started = Date.now();
  const handle = await openScratchDatabase(process.env.BENCH_DATABASE_URL, 'rc_bench');
  console.log(`database: ${handle.kind}; seeding ${PROFILES.toLocaleString()} profiles…`);
  await seedProfiles(handle);
  const viewers = await createViewers(handle);
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const port = 3900 + Math.floor(Math.random() * 50);
  const origin = `http://localhost:${port}`;
  const config = loadConfig(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), DATA_DIR: '/tmp/rc-bench' },
    {
      authSecret: 'bench-secret-bench-secret-bench-secret-0123',
      seedDemo: false,
      webDist: undefined,
      rateLimits: {
        apiPerAddressPerMinute: 10_000_000,
        authPerAddressPerMinute: 10_000,
        authFailuresPerAccountPer15Min: 10_000,
      },
    },
  );
  const app = await buildApp(config, {
    database: handle,
    storage: createMemoryStorage(),
    bus: createMemoryBus(),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port });

  const cookies: string[] = [];
  for (const viewer of viewers) {
    const res = await fetch(`${origin}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: viewer.email, password: PASSWORD }),
    });
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }

  // Each viewer swipes through distinct opposite-type targets, so no swipe is a refused repeat.
  const targetsByType = {
    men: (
      await handle.db.execute<{ id: string }>(
        sql`select user_id as id from profiles where user_type = 'women' and name like 'Bench %' limit 50000`,
      )
    ).rows.map((r) => r.id),
    women: (
      await handle.db.execute<{ id: string }>(
        sql`select user_id as id from profiles where user_type = 'men' and name like 'Bench %' limit 50000`,
      )
    ).rows.map((r) => r.id),
  };
  const cursors = viewers.map(() => 0);
  let turn = 0;

  const url = `${origin}`;
  const trivial = await measure('trivial GET /api/health/live', { url: `${url}/api/health/live` });
  // The cost of a signed-in request alone (session lookup + presenter), to read the others against.
  const me = await measure('session GET /api/me', {
    url,
    requests: [
      {
        method: 'GET',
        path: '/api/me',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[turn++ % cookies.length] as string },
        }),
      },
    ],
  });
  const feed = await measure('feed GET /api/discovery/feed', {
    url,
    requests: [
      {
        method: 'GET',
        path: '/api/discovery/feed',
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[turn++ % cookies.length] as string },
        }),
      },
    ],
  });
  const swipe = await measure('swipe POST /api/swipes', {
    url,
    requests: [
      {
        method: 'POST',
        path: '/api/swipes',
        setupRequest: (req) => {
          const v = turn++ % viewers.length;
          const viewer = viewers[v] as (typeof viewers)[number];
          const targets = targetsByType[viewer.userType];
          cursors[v] = (cursors[v] ?? 0) + 1;
          const target = targets[(cursors[v] as number) % targets.length];
          return {
            ...req,
            headers: {
              ...req.headers,
              cookie: cookies[v] as string,
              origin,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ target_id: target, direction: v % 2 === 0 ? 'right' : 'left' }),
          };
        },
      },
    ],
  });

  console.log(
    `\n${PROFILES.toLocaleString()} profiles · ${handle.kind} · ${CONNECTIONS} connections · ${SECONDS} s each\n`,
  );
  console.log('route                               req/s    p50 ms   p99 ms   non-2xx   ratio to trivial');
  for (const r of [trivial, me, feed, swipe]) {
    console.log(
      `${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(9)}   ${(r.rps / trivial.rps).toFixed(3)}`,
    );
  }
  // Let autocannon's last in-flight requests finish before the pool closes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await app.close();
  await handle.dispose();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
