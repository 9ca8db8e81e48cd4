/**
 * Where a request's time goes, one route at a time, on the platform benchmark's data:
 *
 *   BENCH_ROUTE=me,feed npm run bench:profile             # trivial, me, feed, swipe (default: feed)
 *   BENCH_NO_PROFILE=1 BENCH_ROUTE=trivial,me,feed,swipe npm run bench:profile
 *   BENCH_ROUTE=me@dist-a,me,me@dist-a,me npm run bench:profile   # A/B: `@folder` runs that build
 *   BENCH_ROUTE=feed~--max-semi-space-size=64,feed npm run bench:profile   # A/B: `~flags` (space-separated) for node
 *   (both together: route@build~flags)
 *
 * An A/B needs the other build beside the current one (`cp -r apps/server/dist apps/server/dist-a`
 * before rebuilding): both then run on the same seeded data, alternating, which the machine's
 * minute-to-minute spread (up to 40% on the trivial route) makes the only fair comparison.
 * Each route gets its own server (started as production starts it) and 2 + 8 s of load from wrk or
 * autocannon in another process. It prints req/s and the CPU time per request of the server, of all
 * PostgreSQL processes and of the whole machine (the load generator and the kernel included), read
 * from /proc: the ratios of the platform benchmark are, to a close approximation, the ratios of these
 * whole-machine figures. Unless BENCH_NO_PROFILE is set the server also writes a V8 CPU profile per
 * route (BENCH_PROF_DIR, default /tmp/cpuprof/<route>/), for Chromium's DevTools or any profile reader.
 */

import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LoadPlan, load, seedBenchDatabase, startServer } from './harness';

const ROUTES = {
  trivial: ['plain', '/api/health/live'],
  me: ['get', '/api/me'],
  feed: ['get', '/api/discovery/feed'],
  swipe: ['swipe', '/api/swipes'],
} as const;

/** CPU seconds used so far: the server, every postgres process, and the whole machine. */
function cpuNow(serverPid: number) {
  const ticks = (pid: string) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += ticks(pid);
    } catch {}
  }
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.split(/\s+/).slice(1).map(Number) ?? [];
  const busy = cpu.reduce((a, b) => a + b, 0) - (cpu[3] ?? 0) - (cpu[4] ?? 0);
  return { server: ticks(String(serverPid)) / 100, postgres: postgres / 100, machine: busy / 100 };
}

async function main() {
  const runs = (process.env.BENCH_ROUTE ?? 'feed').split(',');
  const profDir = process.env.BENCH_PROF_DIR ?? '/tmp/cpuprof';
  const { database, viewers, workDir, dispose } = await seedBenchDatabase();
  try {
    for (const run of runs) {
      const [route, flags = ''] = run.split('~') as [string, string | undefined];
      const [name, build] = route.split('@') as [keyof typeof ROUTES, string | undefined];
      const [kind, path] = ROUTES[name];
      // One folder per build and node flags, so the two sides of an A/B keep their own profiles.
      const dir = join(
        profDir,
        name,
        `${build ?? 'dist'}${flags ? `~${flags.replace(/[^\w=.-]+/g, '_')}` : ''}`,
      );
      mkdirSync(dir, { recursive: true });
      process.env.BENCH_SERVER_NODE_ARGS = `${flags} ${process.env.BENCH_NO_PROFILE ? '' : `--cpu-prof --cpu-prof-dir=${dir}`}`;
      if (build) process.env.BENCH_SERVER_BUILD = build;
      else delete process.env.BENCH_SERVER_BUILD;
      const server = await startServer(database, false);
      const plan = (seconds: number): LoadPlan => ({
        kind,
        path,
        origin: server.origin,
        connections: 10,
        seconds,
        viewers,
      });
      load(plan(2), workDir);
      const before = cpuNow(server.pid);
      const r = load(plan(8), workDir);
      const after = cpuNow(server.pid);
      await server.stop();
      // Background work (autovacuum, the job queue) can leave a route with no I/O a hair below zero.
      const per = (k: 'server' | 'postgres' | 'machine') =>
        Math.max(0, ((after[k] - before[k]) / r.total) * 1e6).toFixed(0);
      console.log(
        `${run}: ${Math.round(r.rps)} req/s, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}; CPU µs per request: server ${per('server')}, postgres ${per('postgres')}, whole machine ${per('machine')}`,
      );
    }
  } finally {
    await dispose();
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
