/**
 * Browse/search under load on 100,000 profiles: p50/p95 for five filter mixes at 8 concurrent
 * clients, each with its ratio to the trivial route (GET /api/health/live, no I/O) measured in the
 * same run, and the statements each mix runs: the first search of a mix builds the snapshot its viewers
 * share (modules/search/snapshots.ts; its time is printed), later ones read one page. The server runs as
 * production starts it, the load comes from another process (bench/harness.ts). Targets (issue 8):
 * every mix p95 ≤ 50 ms on PostgreSQL and ≥ 0.10× the trivial route's throughput.
 *
 *   npm run bench:search                         # PostgreSQL at 127.0.0.1:5432 (scratch database)
 *   BENCH_ENGINE=pglite npm run bench:search     # the embedded database
 *   BENCH_PROFILES=20000 BENCH_SECONDS=5 npm run bench:search
 */
import {
  ENGINE,
  type LoadPlan,
  load,
  PROFILES,
  printResults,
  type Result,
  SECONDS,
  seedBenchDatabase,
  startServer,
  statementsOf,
  type Viewer,
} from './harness';
import { SEARCH_MIXES as MIXES } from './search-mixes';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const P95_TARGET_MS = 50;
const RATIO_TARGET = 0.1;

async function main() {
  const { database, viewers, workDir, dispose } = await seedBenchDatabase();
  try {
    const counting = await startServer(database, true);
    const statements = new Map<string, string>();
    const [probe, another] = viewers as [Viewer, Viewer];
    try {
      // Sessions are cached from here on.
      for (const viewer of [probe, another]) await statementsOf(counting.origin, '/api/me', viewer.cookie);
      for (const mix of MIXES) {
        // The first search of a mix builds its shared snapshot; another viewer's search then reads
        // only its page. Both are printed, with the first one's time (no load running).
        const started = performance.now();
        const first = await statementsOf(counting.origin, `/api/search?${mix.query}`, probe.cookie);
        const firstMs = performance.now() - started;
        const then = await statementsOf(counting.origin, `/api/search?${mix.query}`, another.cookie);
        statements.set(mix.name, `${first} first (${firstMs.toFixed(0)} ms), then ${then}`);
      }
    } finally {
      await counting.stop();
    }

    const server = await startServer(database, false);
    const results: Result[] = [];
    try {
      const plan = (kind: LoadPlan['kind'], path: string, seconds = SECONDS): LoadPlan => ({
        kind,
        path,
        origin: server.origin,
        connections: CONNECTIONS,
        seconds,
        viewers,
      });
      // Warm the JIT, the pool, the caches and PostgreSQL's plans before measuring.
      load(plan('plain', '/api/health/live', 2), workDir);
      for (const mix of MIXES) load(plan('get', `/api/search?${mix.query}`, 2), workDir);
      results.push({
        name: 'trivial GET /api/health/live',
        load: load(plan('plain', '/api/health/live'), workDir),
      });
      for (const mix of MIXES) {
        results.push({
          name: `search: ${mix.name}`,
          load: load(plan('get', `/api/search?${mix.query}`), workDir),
          statements: statements.get(mix.name) ?? '?',
        });
      }
    } finally {
      await server.stop();
    }
    printResults(
      results,
      `${PROFILES.toLocaleString()} profiles · ${ENGINE} · server: node dist/server.js (production) · ${CONNECTIONS} connections · ${SECONDS} s per mix`,
    );
    const trivial = results[0]?.load.rps ?? 1;
    const misses = results
      .slice(1)
      .filter(
        (r) =>
          (r.load.p95 ?? r.load.p99) > P95_TARGET_MS ||
          r.load.rps / trivial < RATIO_TARGET ||
          r.load.non2xx > 0,
      );
    console.log(
      misses.length === 0
        ? `\nevery mix: p95 ≤ ${P95_TARGET_MS} ms and ≥ ${RATIO_TARGET}× the trivial route`
        : `\nmissed the targets (p95 ≤ ${P95_TARGET_MS} ms, ≥ ${RATIO_TARGET}× trivial, no errors): ${misses.map((m) => m.name).join(', ')}`,
    );
  } finally {
    await dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
