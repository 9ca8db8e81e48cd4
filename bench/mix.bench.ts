/**
 * The mixed load (PERF.md: the figure that counts). The server runs in its own process as production
 * starts it, on PostgreSQL and Redis; another process (mix-load.mjs) sends 200 signed-in members'
 * requests at 20 connections in this mix: 30% feed, 20% GET /api/me, 15% swipes (each viewer's next
 * unseen targets), 10% chat reads and 8% message sends (in real open matches), 5% search (the five
 * filter mixes in turn), 5% notifications, 4% profile views, 3% wallet (balance and history, and one
 * in five a $1 transfer to another viewer with its own Idempotency-Key). It prints each route's
 * count, req/s, p50/p95/p99 and non-2xx, the mix's req/s, and the trivial route
 * (GET /api/health/live) measured alone by the same process before the mix's 3 s warm-up and just after the mix.
 * On Linux it also prints the cores each process used during the mix and the ceiling that puts on the
 * mix (printCpu). Beside the mix, two probes take the floor in the same run (probeLine): a route that
 * does nothing, and one that makes a round trip to PostgreSQL and to Redis.
 *
 * The messages are sent by the viewers and by 2,000 more matched members (more with sockets): the
 * app lets a member send 30 messages a minute, and 8% of the mix from 200 members would be more than
 * that. Each sender is kept at 15 a minute by the load process.
 *
 *   npm run bench:mix                                   # PostgreSQL at 127.0.0.1:5432, Redis at 127.0.0.1:6379
 *   BENCH_KEEP=1 npm run bench:mix                      # keep the database; it prints the BENCH_REUSE folder
 *   BENCH_REUSE=/tmp/rc-bench-… npm run bench:mix       # measure again on a kept database (no seeding)
 *   BENCH_MIX_SOCKETS=10000 npm run bench:mix           # 10,000 members' sockets open during the mix (another
 *                                                       # process): chat send → receive p50/p99 of the mix's sends
 *   BENCH_MIX_BUILDS=dist-a,. npm run bench:mix         # A/B on the same data: the runs alternate A B B A …
 *   BENCH_MIX_BUILDS='.,.~--max-semi-space-size=64' npm run bench:mix         # a node flag
 *   BENCH_MIX_BUILDS='.,.+LOG_LEVEL=info' npm run bench:mix                   # a server setting
 *   BENCH_MIX_ROUNDS=3 BENCH_SECONDS=10 BENCH_CONNECTIONS=20 BENCH_REDIS_URL=redis://… npm run bench:mix
 *
 * A side of an A/B is `build[~node flags][+NAME=value…]`: `.` is this checkout's apps/server/dist
 * (rebuilt at the start), `dist-a` a copy beside it (`cp -r apps/server/dist apps/server/dist-a` before
 * changing the code), or another checkout's path (built, with its own node_modules).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import {
  ENGINE,
  type Member,
  PROFILES,
  ROOT,
  recordSwipes,
  SECONDS,
  SERVER_ENTRY,
  type Seeded,
  type ServerBuild,
  seedBenchDatabase,
  startServer,
  swipeOffset,
} from './harness';
import {
  type Chat,
  MIX_ROUTES,
  prepareMix,
  type RouteKey,
  SENDS_PER_MEMBER_MINUTE,
  TRANSFER_CENTS,
  writeConversations,
} from './mix-data';
import { SEARCH_MIXES } from './search-mixes';

const VIEWERS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SOCKETS = Number(process.env.BENCH_MIX_SOCKETS ?? 0);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WARMUP_SECONDS = 3;
/** Matched members beyond the viewers who send messages (in pairs; every socket's member is one). */
const CHAT_MEMBERS = 2 * Math.ceil(Math.max(2000, SOCKETS - VIEWERS) / 2);
const P99_TARGET_MS = 50;

// --- A/B sides --------------------------------------------------------------------------------------

type Side = { label: string; build: ServerBuild; env: Record<string, string> };

/** A server's `server.js`: `.` this checkout's, a build folder beside apps/server/dist, or another checkout's. */
function serverEntry(build: string): string {
  if (build === '.' || build === '') return SERVER_ENTRY;
  const candidates = [
    join(ROOT, 'apps/server', build, 'server.js'),
    join(resolve(build), 'apps/server/dist/server.js'),
    join(resolve(build), 'server.js'),
  ];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`no server build at '${build}' (looked for ${candidates.join(', ')})`);
  return found;
}

/** `build[~node flags][+NAME=value…]` (see the top of this file). */
function parseSide(spec: string): Side {
  const [head = '', ...settings] = spec.split('+');
  const [build = '.', flags = ''] = head.split('~');
  const env: Record<string, string> = {};
  for (const setting of settings) {
    const at = setting.indexOf('=');
    if (at < 1) throw new Error(`'${setting}' in BENCH_MIX_BUILDS is not NAME=value`);
    env[setting.slice(0, at)] = setting.slice(at + 1);
  }
  return {
    label: spec,
    build: { entry: serverEntry(build), nodeArgs: flags.split(' ').filter(Boolean) },
    env,
  };
}

// --- One run: a server, the sockets (if asked), the load ---------------------------------------------

type RouteStats = { latencies: number[]; statuses: Record<string, number>; samples: Record<string, string> };
type LoadResult = {
  trivialBefore: RouteStats & { seconds: number };
  trivialAfter: RouteStats & { seconds: number };
  mix: { seconds: number; routes: Partial<Record<RouteKey, RouteStats>> };
  /** The floor probes sent during the mix (mix-load.mjs): no work, and a round trip to PostgreSQL and Redis. */
  probes: { live: RouteStats; ready: RouteStats };
  loadCpu: number;
  machine: MachineCpu | null;
  sentAt: Record<string, number>;
  swipesUsed: number;
  sendCursor: number;
  overBudget: number;
};
/** Cores each process group used during the mix (cpu-shares.mjs). */
type MachineCpu = {
  cores: number;
  busy: number;
  server: number;
  postgres: number;
  redis: number;
  load: number;
  sockets: number;
  other: number;
};
type Run = { side: Side; load: LoadResult; chat?: number[]; chatSent: number };

const exited = (child: ChildProcess, what: string) =>
  new Promise<void>((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${what} exited with code ${code}`)))),
  );

/** The members' sockets, in their own process: resolves once all are open; `stop()` gives the arrivals. */
async function openSockets(origin: string, members: Member[], workDir: string) {
  const plan = join(workDir, `mix-sockets-${randomBytes(4).toString('hex')}.json`);
  const resultFile = `${plan}.result.json`;
  writeFileSync(plan, JSON.stringify({ origin, members, resultFile }));
  const child = spawn(process.execPath, [join(import.meta.dirname, 'mix-sockets.mjs'), plan], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const done = exited(child, 'mix-sockets.mjs');
  const opened = new Promise<void>((ready) =>
    createInterface({ input: child.stdout }).once('line', () => ready()),
  );
  await Promise.race([opened, done]);
  return {
    pid: child.pid,
    async stop(): Promise<Record<string, number>> {
      child.stdin.write('stop\n');
      await done;
      return JSON.parse(readFileSync(resultFile, 'utf8'));
    },
  };
}

/** Where the message senders' rotation stopped (a file in the work folder, as the swipe cursor is). */
function sendCursor(workDir: string, next?: number): number {
  const file = join(workDir, 'mix-send-cursor');
  if (next !== undefined) writeFileSync(file, String(next));
  return existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
}

async function runMix(side: Side, seeded: Seeded, chat: Chat): Promise<Run> {
  const server = await startServer(seeded.database, false, { REDIS_URL, ...side.env }, side.build);
  try {
    if (chat.silent.length > 0) await writeConversations(server.origin, chat);
    const sockets = SOCKETS > 0 ? await openSockets(server.origin, chat.socketMembers, seeded.workDir) : null;
    let load: LoadResult;
    let arrivals: Record<string, number> | undefined;
    try {
      const plan = join(seeded.workDir, `mix-plan-${randomBytes(4).toString('hex')}.json`);
      const resultFile = `${plan}.result.json`;
      writeFileSync(
        plan,
        JSON.stringify({
          origin: server.origin,
          serverPid: server.pid,
          socketsPid: sockets?.pid,
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          routes: MIX_ROUTES,
          viewers: chat.viewers,
          swipeOffset: swipeOffset(seeded.workDir),
          senders: chat.senders,
          sendCursor: sendCursor(seeded.workDir),
          sendsPerMemberMinute: SENDS_PER_MEMBER_MINUTE,
          searchQueries: SEARCH_MIXES.map((m) => m.query),
          transferCents: TRANSFER_CENTS,
          resultFile,
        }),
      );
      const child = spawn(process.execPath, [join(import.meta.dirname, 'mix-load.mjs'), plan], {
        stdio: 'inherit',
      });
      await exited(child, 'mix-load.mjs');
      load = JSON.parse(readFileSync(resultFile, 'utf8'));
    } finally {
      arrivals = await sockets?.stop();
    }
    recordSwipes(seeded.workDir, load.swipesUsed, seeded.viewers);
    sendCursor(seeded.workDir, load.sendCursor);
    const chatLatencies = arrivals
      ? Object.entries(load.sentAt).flatMap(([id, sent]) => {
          const received = arrivals[id];
          return received === undefined ? [] : [received - sent];
        })
      : undefined;
    return { side, load, chat: chatLatencies, chatSent: Object.keys(load.sentAt).length };
  } finally {
    await server.stop();
  }
}

// --- Figures ----------------------------------------------------------------------------------------

type Summary = { count: number; rps: number; p50: number; p95: number; p99: number; failed: number };

function summarise(latencies: number[], statuses: Record<string, number>, seconds: number): Summary {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const failed = Object.entries(statuses)
    .filter(([status]) => !status.startsWith('2'))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    failed,
  };
}

const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1)).padStart(8);
const row = (name: string, share: string, s: Summary) =>
  `${name.padEnd(36)} ${share.padStart(6)} ${String(s.count).padStart(8)} ${s.rps.toFixed(0).padStart(7)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${String(s.failed).padStart(8)}`;
const HEADER = `${'route'.padEnd(36)} ${'share'.padStart(6)} ${'count'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'non-2xx'.padStart(8)}`;

/** One run's routes: each route's stats and the whole mix's, over the mix's own seconds. */
function mixFigures(runs: Run[]) {
  const seconds = runs.reduce((sum, r) => sum + r.load.mix.seconds, 0);
  const routes = MIX_ROUTES.map((route) => {
    const latencies = runs.flatMap((r) => r.load.mix.routes[route.key]?.latencies ?? []);
    const statuses: Record<string, number> = {};
    const samples: Record<string, string> = {};
    for (const r of runs) {
      const stats = r.load.mix.routes[route.key];
      for (const [status, n] of Object.entries(stats?.statuses ?? {}))
        statuses[status] = (statuses[status] ?? 0) + n;
      Object.assign(samples, stats?.samples);
    }
    return { route, summary: summarise(latencies, statuses, seconds), statuses, samples };
  });
  const statuses: Record<string, number> = {};
  for (const r of routes)
    for (const [status, n] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const all = summarise(
    runs.flatMap((r) => Object.values(r.load.mix.routes).flatMap((s) => s?.latencies ?? [])),
    statuses,
    seconds,
  );
  return { routes, all };
}

const trivialOf = (stats: RouteStats & { seconds: number }) =>
  summarise(stats.latencies, stats.statuses, stats.seconds);

/**
 * Where the machine's CPU went during the mix, and the ceiling that sets (PERF.md's floor for a mix):
 * requests cannot come faster than the cores divided by the CPU one request costs across the mix's
 * own processes (server, PostgreSQL, Redis, load, sockets), and at a fixed number of connections a
 * request's mean latency is at least connections ÷ req/s (Little's law). A p99 is above that mean.
 */
function printCpu(machine: MachineCpu, rps: number) {
  const groups: [string, number][] = [
    ['server', machine.server],
    ['PostgreSQL', machine.postgres],
    ['Redis', machine.redis],
    ['load', machine.load],
    ...(SOCKETS > 0 ? ([['sockets', machine.sockets]] as [string, number][]) : []),
  ];
  const own = groups.reduce((sum, [, cores]) => sum + cores, 0);
  console.log(
    `CPU during the mix, in cores of ${machine.cores}: ${groups.map(([name, cores]) => `${name} ${cores.toFixed(2)}`).join(' · ')} · anything else ${machine.other.toFixed(2)} · busy ${machine.busy.toFixed(2)}`,
  );
  const msPerRequest = (cores: number) => (1000 * cores) / rps;
  const ceiling = (machine.cores * 1000) / msPerRequest(own);
  console.log(
    `CPU a request: ${groups.map(([name, cores]) => `${name} ${msPerRequest(cores).toFixed(2)} ms`).join(' · ')} · in all ${msPerRequest(own).toFixed(2)} ms → at most ${ceiling.toFixed(0)} req/s on ${machine.cores} cores, so at ${CONNECTIONS} connections a request's mean latency is at least ${((1000 * CONNECTIONS) / ceiling).toFixed(1)} ms (Little's law)`,
  );
}

function printRun(run: Run, index: number, total: number) {
  const { routes, all } = mixFigures([run]);
  const before = trivialOf(run.load.trivialBefore);
  const after = trivialOf(run.load.trivialAfter);
  const trivialRps = (before.rps + after.rps) / 2;
  console.log(
    `\nmixed load${total > 1 ? ` · run ${index + 1} of ${total}, ${run.side.label}` : ''} · ${PROFILES.toLocaleString()} profiles · ${ENGINE} + Redis · server: node dist/server.js (production) · ${VIEWERS} members (+${CHAT_MEMBERS.toLocaleString()} chat members sending) · ${CONNECTIONS} connections · ${SECONDS} s · load: mix-load.mjs (node:http) in another process, ${(run.load.loadCpu * 100).toFixed(0)}% of a core\n`,
  );
  console.log(HEADER);
  for (const { route, summary } of routes)
    console.log(row(route.name, `${((100 * summary.count) / Math.max(1, all.count)).toFixed(1)}%`, summary));
  console.log(row('mix, all routes', '100%', all));
  console.log(row('trivial GET /api/health/live, before', '', before));
  console.log(row('trivial GET /api/health/live, after', '', after));
  console.log(
    `\nmix / trivial: ${(all.rps / trivialRps).toFixed(3)}× (${all.rps.toFixed(0)} req/s against the trivial route's mean of ${trivialRps.toFixed(0)})`,
  );
  if (run.load.machine) printCpu(run.load.machine, all.rps);
  console.log(probeLine([run]));
  if (run.chat) {
    const chat = summarise(run.chat, {}, 1);
    console.log(
      `chat send → receive at ${SOCKETS.toLocaleString()} sockets (the mix's sends to members holding one): ${chat.count} of ${run.chatSent} received, p50 ${chat.p50.toFixed(1)} ms, p95 ${chat.p95.toFixed(1)} ms, p99 ${chat.p99.toFixed(1)} ms`,
    );
  }
  const refused = routes.filter((r) => r.summary.failed > 0);
  for (const { route, statuses, samples } of refused) {
    const codes = Object.entries(statuses)
      .filter(([status]) => !status.startsWith('2'))
      .map(([status, n]) => `${status === '0' ? 'connection error' : status}×${n}`)
      .join(', ');
    console.log(`non-2xx ${route.name}: ${codes}; e.g. ${Object.values(samples)[0] ?? ''}`);
  }
  if (run.load.overBudget > 0)
    console.log(
      `${run.load.overBudget} sends were made with every sender at its ${SENDS_PER_MEMBER_MINUTE} a minute: more chat members are needed for this rate`,
    );
  const slow = routes.filter((r) => r.summary.p99 > P99_TARGET_MS).map((r) => r.route.name);
  console.log(
    slow.length === 0
      ? `every route's p99 ≤ ${P99_TARGET_MS} ms`
      : `p99 over ${P99_TARGET_MS} ms (PERF.md): ${slow.join(', ')}`,
  );
}

/** One probe's answers pooled over `runs` (its statuses summed, as mixFigures sums a route's). */
function probeOf(runs: Run[], name: keyof LoadResult['probes']) {
  const statuses: Record<string, number> = {};
  for (const r of runs)
    for (const [status, n] of Object.entries(r.load.probes[name].statuses))
      statuses[status] = (statuses[status] ?? 0) + n;
  return summarise(
    runs.flatMap((r) => r.load.probes[name].latencies),
    statuses,
    1,
  );
}

/**
 * The floor (PERF.md) in the same run: requests with the least work a route can have, sent beside
 * the mix at 20 a second each on connections of their own. No route can wait less for each step.
 */
function probeLine(runs: Run[]) {
  const live = probeOf(runs, 'live');
  const ready = probeOf(runs, 'ready');
  const failed = live.failed + ready.failed;
  return `floor during the mix (own connections, 20 a second each): GET /api/health/live (no work) p50 ${live.p50.toFixed(1)} / p99 ${live.p99.toFixed(1)} ms · GET /api/health/ready (a round trip to PostgreSQL and to Redis) p50 ${ready.p50.toFixed(1)} / p99 ${ready.p99.toFixed(1)} ms${failed > 0 ? ` · ${failed} non-2xx` : ''}`;
}

/** Each side's runs pooled: the mix's req/s and ratio per run, and every route's p50/p99 side by side. */
function printComparison(sides: Side[], runs: Run[]) {
  console.log(`\nA/B on the same data: ${runs.length} runs, alternating (A B B A …)\n`);
  const pooled = sides.map((side) => {
    const mine = runs.filter((r) => r.side === side);
    const ratios = mine.map((r) => {
      const trivial = (trivialOf(r.load.trivialBefore).rps + trivialOf(r.load.trivialAfter).rps) / 2;
      return { mix: mixFigures([r]).all.rps, trivial };
    });
    return { side, runs: mine, figures: mixFigures(mine), ratios, chat: mine.flatMap((r) => r.chat ?? []) };
  });
  for (const [i, { side, ratios }] of pooled.entries()) {
    const list = ratios.map(
      (r) => `${r.mix.toFixed(0)}/${r.trivial.toFixed(0)} = ${(r.mix / r.trivial).toFixed(3)}×`,
    );
    const mean = ratios.reduce((sum, r) => sum + r.mix / r.trivial, 0) / ratios.length;
    console.log(
      `${String.fromCharCode(65 + i)} ${side.label}: mix/trivial ${list.join(' · ')}; mean ${mean.toFixed(3)}×`,
    );
  }
  const labels = pooled.map((_, i) => String.fromCharCode(65 + i));
  console.log(
    `\n${"route (pooled over each side's runs)".padEnd(40)} ${labels.map((l) => `${`${l} p50`.padStart(8)} ${`${l} p99`.padStart(8)}`).join(' ')}`,
  );
  const lines: { name: string; values: Summary[] }[] = MIX_ROUTES.map((route, r) => ({
    name: route.name,
    values: pooled.map((p) => p.figures.routes[r]?.summary as Summary),
  }));
  lines.push({ name: 'mix, all routes', values: pooled.map((p) => p.figures.all) });
  if (SOCKETS > 0)
    lines.push({ name: 'chat send → receive', values: pooled.map((p) => summarise(p.chat, {}, 1)) });
  lines.push(
    { name: 'floor: GET /api/health/live', values: pooled.map((p) => probeOf(p.runs, 'live')) },
    { name: 'floor: GET /api/health/ready', values: pooled.map((p) => probeOf(p.runs, 'ready')) },
  );
  for (const { name, values } of lines)
    console.log(`${name.padEnd(40)} ${values.map((v) => `${ms(v.p50)} ${ms(v.p99)}`).join(' ')}`);
}

async function main() {
  const sides = (process.env.BENCH_MIX_BUILDS ?? '.').split(',').map(parseSide);
  const rounds = Number(process.env.BENCH_MIX_ROUNDS ?? (sides.length > 1 ? 2 : 1));
  const seeded = await seedBenchDatabase({ viewers: VIEWERS });
  try {
    const chat = await prepareMix(seeded, { chatMembers: CHAT_MEMBERS, sockets: SOCKETS });
    // A B, then B A: a machine whose speed drifts through the runs favours neither side.
    const order = Array.from({ length: rounds }, (_, round) =>
      round % 2 === 0 ? sides : [...sides].reverse(),
    ).flat();
    const runs: Run[] = [];
    for (const [i, side] of order.entries()) {
      const run = await runMix(side, seeded, chat);
      runs.push(run);
      printRun(run, i, order.length);
    }
    if (sides.length > 1) printComparison(sides, runs);
  } finally {
    await seeded.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
