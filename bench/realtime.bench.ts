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
import { MATCH_EXPIRY_MS } from '@royal/shared';
import { sql } from 'drizzle-orm';
import { SESSION_SETTINGS } from '../apps/server/src/modules/auth';
import { ENGINE, openBenchDatabase, seedBenchDatabase, sessionCookie, startServer } from './harness';

const SIZES = (process.env.BENCH_SOCKETS ?? '1000,10000').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const targets = { p50: 10, p99: 50, kbPerSocket: 40 };

const memberId = (g: number) => `00000000-0000-4000-8000-${g.toString(16).padStart(12, '0')}`;

/** Resident memory of a process, in KB (Linux). */
const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** CPU time a process has used so far, in ms (user + system; Linux clock ticks are 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

type Member = { id: string; cookie: string };

async function main() {
  const largest = Math.max(...SIZES);
  const seeded = await seedBenchDatabase();
  try {
    // Members 1..largest each get a session; (1,2), (3,4) … are matched (even numbers are men).
    const handle = await openBenchDatabase(seeded.database);
    // Paid, verified members at tier 3: every one of them may write.
    await handle.db.execute(sql`
      update profiles set tier_level = 3, verified = true, tier_subscription_active = true
      where user_id <= ('00000000-0000-4000-8000-' || lpad(to_hex(${largest}::int), 12, '0'))::uuid
        and user_id::text like '00000000-0000-4000-8000-%'`);
    await handle.db.execute(sql`
      -- Sessions as sign-in writes them: not yet due for the daily refresh.
      insert into sessions (id, token, user_id, expires_at, created_at, updated_at)
      select gen_random_uuid(), 'rt-' || g, ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
        now() + ${`${SESSION_SETTINGS.expiresInSeconds} seconds`}::interval, now(), now()
      from generate_series(1, ${largest}) g`);
    await handle.db.execute(sql`
      insert into matches (user1_id, user2_id, expires_at)
      select least(a, b), greatest(a, b), now() + ${`${MATCH_EXPIRY_MS} milliseconds`}::interval
      from (select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid as a,
                   ('00000000-0000-4000-8000-' || lpad(to_hex(g + 1), 12, '0'))::uuid as b
            from generate_series(1, ${largest} - 1, 2) g) pairs`);
    // The rows just written get their statistics, as a live database's would have.
    await handle.db.execute(sql`analyze profiles, sessions, matches`);
    const matchRows = await handle.db.execute<{ id: string; user1_id: string }>(
      sql`select id, user1_id from matches`,
    );
    await handle.close();
    const matchOf = new Map(matchRows.rows.map((r) => [r.user1_id, r.id]));
    const members: Member[] = Array.from({ length: largest }, (_, i) => ({
      id: memberId(i + 1),
      cookie: sessionCookie(`rt-${i + 1}`),
    }));

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
