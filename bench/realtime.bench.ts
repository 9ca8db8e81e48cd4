/**
 * The realtime channel under load. The server runs in its own process as production starts it;
 * another process (realtime-load.mjs) opens one WebSocket per member (1,000, then 10,000), measures
 * the server's memory per idle socket, then sends messages at 200 per second through the HTTP API
 * between matched pairs and measures send→receive latency at the receiver's socket (p50/p95/p99).
 * Targets (issue 9, PostgreSQL): p50 ≤ 10 ms and p99 ≤ 50 ms at 10,000 sockets; ≤ 40 KB per idle socket.
 *
 *   npm run bench:realtime
 *   BENCH_SOCKETS=1000,5000 BENCH_RATE=200 BENCH_SECONDS=10 npm run bench:realtime
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import {
  ENGINE,
  type Member,
  openBenchDatabase,
  seedBenchDatabase,
  seedChatPairs,
  startServer,
} from './harness';

const SIZES = (process.env.BENCH_SOCKETS ?? '1000,10000').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const targets = { p50: 10, p99: 50, kbPerSocket: 40 };

/** Resident memory of a process, in KB (Linux). */
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** CPU time a process has used so far, in ms (user + system; Linux clock ticks are 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function main() {
  const largest = Math.max(...SIZES);
  const seeded = await seedBenchDatabase();
  try {
    // Members 1..largest each get a session; (1,2), (3,4) … are matched (even numbers are men).
    const handle = await openBenchDatabase(seeded.database);
    const { members, matches } = await seedChatPairs(handle, largest, 'rt-');
    await handle.close();
    const matchOf = new Map(matches.map((m) => [m.user1, m.id]));

    const rows: string[] = [];
    for (const size of SIZES) {
      const server = await startServer(seeded.database, false);
      try {
        const group = members.slice(0, size);
        const pairs = [];
        for (let i = 0; i + 1 < group.length; i += 2) {
          const [a, b] = [group[i] as Member, group[i + 1] as Member];
          const matchId = matchOf.get([a.id, b.id].sort()[0] as string);
          if (matchId) pairs.push({ matchId, sender: i % 4 === 0 ? a : b });
        }
        // Warm the server (JIT, pool) before the baseline.
        for (let i = 0; i < 50; i += 1) await fetch(`${server.origin}/api/health/live`);
        const before = rssKb(server.pid);
        const file = join(seeded.workDir, `realtime-${randomBytes(4).toString('hex')}.json`);
        writeFileSync(
          file,
          JSON.stringify({ origin: server.origin, members: group, pairs, rate: RATE, seconds: SECONDS }),
        );
        const child = spawn(process.execPath, [join(import.meta.dirname, 'realtime-load.mjs'), file], {
          stdio: ['pipe', 'pipe', 'inherit'],
        });
        const lines = createInterface({ input: child.stdout });
        // A load process that dies (a refused socket, say) ends the run instead of leaving it waiting.
        const exited = new Promise<never>((_, fail) =>
          child.once('exit', (code) => fail(new Error(`realtime-load.mjs exited with code ${code}`))),
        );
        const next = () =>
          Promise.race([
            new Promise<Record<string, number>>((done) => lines.once('line', (l) => done(JSON.parse(l)))),
            exited,
          ]);
        const opened = await next();
        await new Promise((r) => setTimeout(r, 2000));
        const idle = rssKb(server.pid);
        const cpuBefore = cpuMs(server.pid);
        child.stdin.write('go\n');
        const done = await next();
        const serverCpuPerMessage = (cpuMs(server.pid) - cpuBefore) / (done.sent as number);
        const perSocket = (idle - before) / (opened.sockets as number);
        rows.push(
          `${String(size).padStart(7)} ${String(done.sent).padStart(6)} ${String(done.received).padStart(9)} ${String(done.errors).padStart(7)} ${(done.achievedRate as number).toFixed(0).padStart(7)} ${(done.p50 ?? Number.NaN).toFixed(1).padStart(8)} ${(done.p95 ?? Number.NaN).toFixed(1).padStart(8)} ${(done.p99 ?? Number.NaN).toFixed(1).padStart(8)} ${perSocket.toFixed(1).padStart(10)} ${serverCpuPerMessage.toFixed(2).padStart(11)}`,
        );
      } finally {
        await server.stop();
      }
    }
    console.log(
      `\nrealtime · ${ENGINE} · server: node dist/server.js (production) · load: realtime-load.mjs in another process · ${RATE} messages/s for ${SECONDS} s\n`,
    );
    console.log(
      'sockets   sent  received  errors  msgs/s   p50 ms   p95 ms   p99 ms  KB/socket  server CPU ms/msg',
    );
    for (const row of rows) console.log(row);
    console.log(
      `\ntargets at 10,000 sockets: p50 ≤ ${targets.p50} ms, p99 ≤ ${targets.p99} ms; ≤ ${targets.kbPerSocket} KB per idle socket (server RSS growth / sockets)`,
    );
  } finally {
    await seeded.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
