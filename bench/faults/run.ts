/**
 * The fault tests (issue 38): the two-instance set-up of `npm run cluster` (HAProxy and two app
 * instances, on a private PostgreSQL and a private Redis started here) under the mixed load, while
 * one thing breaks. Each scenario prints what the load process counted (requests failed, messages
 * lost or shown twice, the ledger after the run) and fails when a promise does not hold.
 *
 *   npm run test:faults                           # every scenario (about 8 minutes)
 *   npm run test:faults -- rolling-restart sigkill
 *
 * Needs HAProxy (`apt-get install -y haproxy`), PostgreSQL's server programs (initdb, pg_ctl: PG_BIN)
 * and redis-server. Nothing of the machine's own PostgreSQL or Redis is used.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startCluster } from '../../scripts/cluster/supervisor.mjs';
import type { FaultContext } from './context';
import { SCENARIOS, type Verdict } from './scenarios';
import { privatePostgres, privateRedis } from './services';
import { failureBursts, type LoadResult, requestsOf } from './verdicts';

// A small population: the faults, not the feed's size, are under test.
process.env.BENCH_PROFILES ??= '8000';
const PORTS = { pg: 55432, redis: 56379, proxy: 18080, stats: 18404, apps: [13101, 13102] };
const CONNECTIONS = 16;
const VIEWERS = 40;
const CHAT_MEMBERS = 400;
const SETTLE_SECONDS = 30;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function main() {
  const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const scenarios = wanted.length ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  if (scenarios.length === 0)
    throw new Error(`no scenario named ${wanted.join(', ')}: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const work = mkdtempSync(join(tmpdir(), 'rc-faults-'));
  const pg = await privatePostgres(work, PORTS.pg);
  const redis = await privateRedis(PORTS.redis);
  // However the run ends (an error, Ctrl-C, a promise left pending), the private servers end with it.
  let cleaned = false;
  const cleanUp = () => {
    if (cleaned) return;
    cleaned = true;
    pg.disposeNow();
    redis.disposeNow();
    rmSync(work, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      cleanUp();
      process.exit(130);
    });
  process.env.BENCH_DATABASE_URL = pg.url;
  // The harness reads BENCH_DATABASE_URL when it loads: imported after it is set.
  const harness = await import('../harness');
  const mixData = await import('../mix-data');
  const { SEARCH_MIXES } = await import('../search-mixes');
  const { checkAfterRun } = await import('./verdicts');
  const failures: string[] = [];
  try {
    const seeded = await harness.seedBenchDatabase({ viewers: VIEWERS });
    const chat = await mixData.prepareMix(seeded, {
      chatMembers: CHAT_MEMBERS,
      sockets: CHAT_MEMBERS + VIEWERS,
    });
    const database = seeded.database;
    const origin = `http://localhost:${PORTS.proxy}`;
    const env = {
      ...harness.serverEnvironment(database),
      PUBLIC_ORIGIN: origin,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      DATA_DIR: join(work, 'data'),
    };
    let conversationsWritten = false;
    let sendCursor = 0;
    for (const scenario of scenarios) {
      const log: { at: number; line: string }[] = [];
      const cluster = await startCluster({
        proxyBind: `127.0.0.1:${PORTS.proxy}`,
        statsBind: `127.0.0.1:${PORTS.stats}`,
        ports: PORTS.apps,
        env: { ...env, ...scenario.env?.(work) },
        log: (line: string) => {
          // The instances' warnings and errors, kept for the scenario's report.
          if (log.length < 20000) log.push({ at: performance.now(), line: line.trimEnd() });
        },
      }).catch((error) => {
        console.error(
          log
            .slice(-30)
            .map((l) => l.line)
            .join('\n'),
        );
        throw error;
      });
      try {
        if (!conversationsWritten) {
          await mixData.writeConversations(origin, chat);
          conversationsWritten = true;
        }
        const plan = join(work, `${scenario.name}.plan.json`);
        const resultFile = `${plan}.result.json`;
        writeFileSync(
          plan,
          JSON.stringify({
            origin,
            connections: CONNECTIONS,
            seconds: scenario.seconds,
            settleSeconds: SETTLE_SECONDS,
            routes: mixData.MIX_ROUTES,
            viewers: chat.viewers,
            swipeOffset: harness.swipeOffset(seeded.workDir),
            senders: chat.senders,
            sendCursor,
            sendsPerMemberMinute: mixData.SENDS_PER_MEMBER_MINUTE,
            searchQueries: SEARCH_MIXES.map((m) => m.query),
            transferCents: mixData.TRANSFER_CENTS,
            socketMembers: chat.socketMembers,
            resultFile,
          }),
        );
        console.log(`\n== ${scenario.name}: ${scenario.title}`);
        const child: ChildProcess = spawn(
          process.execPath,
          [join(import.meta.dirname, 'fault-load.mjs'), plan],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
          },
        );
        const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
        await new Promise<void>((opened, failed) => {
          createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', () => opened());
          exited.then((code) =>
            failed(new Error(`the load process exited (${code}) before its sockets opened`)),
          );
        });
        const t0 = performance.now();
        const notes: { at: number; text: string }[] = [];
        const context: FaultContext = {
          cluster,
          pg,
          redis,
          origin,
          now: () => performance.now() - t0,
          at: async (ms) => {
            const wait = ms - (performance.now() - t0);
            if (wait > 0) await sleep(wait);
          },
          note: (text) => notes.push({ at: performance.now() - t0, text }),
        };
        const faultDone = scenario.fault(context);
        const code = await exited;
        const faultFacts = await faultDone;
        if (code !== 0) throw new Error(`the load process exited with ${code}`);
        const result = JSON.parse(readFileSync(resultFile, 'utf8')) as LoadResult;
        harness.recordSwipes(seeded.workDir, result.swipesUsed, seeded.viewers);
        sendCursor = result.sendCursor;
        const after = await checkAfterRun(database, result);
        // The proxy's view of the instances, on the scenario's clock, among the scenario's own notes.
        const proxySaw = log
          .filter((l) => /^\[proxy\] \[WARNING\].*Server app\/app\d is (UP|DOWN)/.test(l.line))
          .map((l) => ({
            at: l.at - t0,
            text: `HAProxy: ${l.line.match(/Server app\/(app\d is (?:UP|DOWN)(?:, reason: [^,]*(?:, info: "[^"]*")?)?)/)?.[1]}`,
          }));
        const timeline = [
          ...notes,
          ...proxySaw.map((p) => ({ at: p.at, text: p.text })),
          ...failureBursts(requestsOf(result)),
        ].sort((a, b) => a.at - b.at);
        for (const { at, text } of timeline)
          console.log(`   ${(at / 1000).toFixed(1).padStart(5)} s  ${text}`);
        const verdicts: Verdict[] = scenario.judge(result, after, faultFacts ?? {});
        for (const v of verdicts) {
          console.log(`   ${v.ok ? 'PASS' : 'FAIL'}  ${v.what}: ${v.counted}`);
          if (!v.ok) failures.push(`${scenario.name}: ${v.what} (${v.counted})`);
        }
        if (verdicts.some((v) => !v.ok)) {
          console.log(`   sockets: ${JSON.stringify(result.sockets)}`);
          for (const [key, sample] of Object.entries(result.samples).slice(0, 8))
            console.log(`   e.g. ${key}: ${sample.slice(0, 200)}`);
          const errors = log
            .map((l) => l.line)
            .filter((l) => /"level":(50|60)/.test(l))
            .slice(0, 15);
          if (errors.length)
            console.log(`   instances' errors (first ${errors.length}):\n     ${errors.join('\n     ')}`);
          // A 503 the app chose (a dependency away) is a warning; none here means the proxy answered.
          const warnings = log
            .map((l) => l.line)
            .filter((l) => /"level":40/.test(l))
            .slice(0, 5)
            .map((l) => l.slice(0, 600));
          if (warnings.length)
            console.log(
              `   instances' warnings (first ${warnings.length}):\n     ${warnings.join('\n     ')}`,
            );
        }
      } finally {
        await cluster.stop();
        // Whatever the scenario stopped is running again for the next one.
        await redis.start().catch(() => {});
      }
    }
    await seeded.dispose();
  } finally {
    cleanUp();
  }
  console.log(
    failures.length === 0
      ? `\nfault tests: every promise held (${scenarios.map((s) => s.name).join(', ')})`
      : `\nfault tests FAILED:\n  ${failures.join('\n  ')}`,
  );
  process.exit(failures.length === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
