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
import {
  ENGINE,
  type Load,
  type LoadPlan,
  load,
  PROFILES,
  printResults,
  reserveTargets,
  SECONDS,
  seedBenchDatabase,
  startServer,
  statementsOf,
  targetId,
  type Viewer,
} from './harness';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function main() {
  const { database, viewers, workDir, dispose } = await seedBenchDatabase();
  try {
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
      // Two targets of its own, which no load run (and no later command on a kept database) takes.
      const first = reserveTargets(workDir, 2);
      counts.swipe = {
        miss: await swipe(swiper, targetId(swiper.targets, first + 1)),
        hit: await swipe(swiper, targetId(swiper.targets, first + 2)),
      };
    } finally {
      await counting.stop();
    }

    const server = await startServer(database, false);
    const results: {
      name: string;
      load: Load;
      statements?: { miss: number; hit: number };
      trivialRps?: number;
    }[] = [];
    let trivialSeries = '';
    try {
      const plan = (kind: LoadPlan['kind'], path: string, seconds = SECONDS): LoadPlan => ({
        kind,
        path,
        origin: server.origin,
        connections: CONNECTIONS,
        seconds,
        viewers,
      });
      // Warm the JIT, the pool, the caches and PostgreSQL's plans before measuring. The swipe warms
      // up just before its own run (in `measure`): its writes would otherwise land before the reads
      // are measured, and change the viewers' feeds (a swiped member leaves the feed).
      for (const [kind, path] of [
        ['plain', '/api/health/live'],
        ['get', '/api/me'],
        ['get', '/api/discovery/feed'],
      ] as const) {
        load(plan(kind, path, 2), workDir);
      }
      // The trivial route is measured before and after every route, and each route's ratio is taken
      // against the mean of the two runs around it. This machine's speed drifts by tens of percent
      // from one minute to the next; one trivial run at the start would set every ratio by the
      // minute it happened to run in. Every trivial run is printed below the table.
      const trivialRuns = [load(plan('plain', '/api/health/live'), workDir)];
      const measure = (
        name: string,
        kind: LoadPlan['kind'],
        path: string,
        statements: { miss: number; hit: number },
      ) => {
        if (kind === 'swipe') load(plan(kind, path, 2), workDir);
        const route = load(plan(kind, path), workDir);
        const before = trivialRuns.at(-1) as Load;
        const after = load(plan('plain', '/api/health/live'), workDir);
        trivialRuns.push(after);
        results.push({ name, load: route, statements, trivialRps: (before.rps + after.rps) / 2 });
      };
      measure('GET /api/me', 'get', '/api/me', counts.me as { miss: number; hit: number });
      measure(
        'GET /api/discovery/feed',
        'get',
        '/api/discovery/feed',
        counts.feed as { miss: number; hit: number },
      );
      measure('POST /api/swipes', 'swipe', '/api/swipes', counts.swipe as { miss: number; hit: number });
      results.unshift({ name: 'trivial GET /api/health/live', load: trivialRuns[0] as Load });
      trivialSeries = trivialRuns.map((run) => Math.round(run.rps).toLocaleString()).join(' · ');
    } finally {
      await server.stop();
    }

    const me = counts.me as { miss: number; hit: number };
    printResults(
      results.map((r) => ({
        name: r.name,
        load: r.load,
        trivialRps: r.trivialRps,
        ...(r.statements
          ? { statements: `${r.statements.miss} / ${r.statements.hit} (session miss / hit)` }
          : {}),
      })),
      `${PROFILES.toLocaleString()} profiles · ${ENGINE} · server: node dist/server.js (production) · ${CONNECTIONS} connections · ${SECONDS} s per route`,
    );
    console.log(
      `\nthe trivial route, measured first and after each route: ${trivialSeries} req/s; each ratio is taken against the mean of the two runs around its route`,
    );
    console.log(
      `\nthe session itself: ${me.miss - me.hit} statement on a cache miss, 0 on a hit; GET /api/me's own view: ${me.hit} statement`,
    );
  } finally {
    await dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
