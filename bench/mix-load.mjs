// The mixed load, in its own process (like load.mjs): node bench/mix-load.mjs <plan.json>.
// Runs, on one set of keep-alive connections: the trivial route alone, the mix for a warm-up (not
// recorded), the mix (with the floor probes beside it, on connections of their own), and the trivial
// route alone again, each for the planned seconds. Writes to the
// plan's result file every request's latency by route (ms), the status codes, the time each message
// was sent (wall-clock ms, for the sockets process to match with its arrival) and where the swipe and
// sender rotations stopped; prints nothing but errors.
//
// A Node client rather than wrk: wrk's Lua sees neither which request a response answers nor a
// clock, so it cannot give each route its own latencies. node:http with keep-alive costs the load
// process a share of a core, which the result reports (`loadCpu`), beside what every other process on
// the machine used during the mix (`machine`).
import { readFileSync, writeFileSync } from 'node:fs';
import { cpuShares, cpuSnapshot } from './cpu-shares.mjs';
import { createClient, createMix } from './mix-requests.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const client = createClient({ origin: plan.origin, connections: plan.connections });
const mixRequests = createMix(plan);
const send = client.send;

// --- Phases ---------------------------------------------------------------------------------------

const newStats = () => ({ latencies: [], statuses: {}, samples: {} });

/** Adds one answer to a route's stats: its latency, its status, the first body of each refusal. */
function record(stats, r) {
  stats.latencies.push(Math.round(r.ms * 1000) / 1000);
  stats.statuses[r.status] = (stats.statuses[r.status] ?? 0) + 1;
  if (r.error && !(r.status in stats.samples)) stats.samples[r.status] = r.error;
}

/** Runs `plan.connections` request loops for `seconds`; `pick()` gives each next request and its label. */
async function phase(seconds, pick) {
  const byLabel = {};
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let last = started;
  const loop = async () => {
    while (performance.now() < deadline) {
      const { label, request: next } = pick();
      const r = await send(next);
      next.after?.(r);
      last = performance.now();
      byLabel[label] ??= newStats();
      record(byLabel[label], r);
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return { seconds: (last - started) / 1000, byLabel };
}

// --- Floor probes -----------------------------------------------------------------------------------

/**
 * PERF.md's floor for a route, in the same run as the mix: during it, on connections of their own,
 * the least a route can do, sent at a steady pace (an open loop: 20 a second each, next to nothing
 * beside the mix): `live` does no work, so it takes only the waits in the server's event loop and
 * the machine's run queue; `ready` adds one round trip to PostgreSQL (a pooled connection's
 * `select 1`) and one to Redis, side by side. A route of the mix waits at least as long for each
 * of its own steps.
 */
const PROBES = { live: '/api/health/live', ready: '/api/health/ready' };
const PROBE_EVERY_MS = 50;

async function probe(path, seconds) {
  const own = createClient({ origin: plan.origin, connections: 1 });
  const stats = newStats();
  const deadline = performance.now() + seconds * 1000;
  let due = performance.now();
  while (performance.now() < deadline) {
    record(stats, await own.send({ method: 'GET', path }));
    due += PROBE_EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    else due = performance.now();
  }
  own.destroy();
  return stats;
}

const trivial = () => ({ label: 'trivial', request: { method: 'GET', path: '/api/health/live' } });
const mixed = mixRequests.next;

await phase(1, trivial);
const before = await phase(plan.seconds, trivial);
// The warm-up runs right before the mix it warms. Run first, it left the server idle for the whole
// trivial phase (9-21 s), and every search snapshot (15 s TTL) had expired when the recorded mix
// began, so its searches waited for rebuilds a server under a steady mix does not make them wait for.
await phase(plan.warmupSeconds, mixed);
mixRequests.setRecording(true);
const cpuBefore = process.cpuUsage();
const machineBefore = cpuSnapshot();
const [mix, ...probed] = await Promise.all([
  phase(plan.seconds, mixed),
  ...Object.values(PROBES).map((path) => probe(path, plan.seconds)),
]);
const probes = Object.fromEntries(Object.keys(PROBES).map((name, i) => [name, probed[i]]));
const cpu = process.cpuUsage(cpuBefore);
const machine = cpuShares(machineBefore, cpuSnapshot(), {
  server: plan.serverPid,
  sockets: plan.socketsPid,
  load: process.pid,
});
mixRequests.setRecording(false);
const after = await phase(plan.seconds, trivial);
client.destroy();

writeFileSync(
  plan.resultFile,
  JSON.stringify({
    trivialBefore: { seconds: before.seconds, ...before.byLabel.trivial },
    trivialAfter: { seconds: after.seconds, ...after.byLabel.trivial },
    mix: { seconds: mix.seconds, routes: mix.byLabel },
    probes,
    // A core's share the load process used during the mix (user + system CPU over wall time).
    loadCpu: (cpu.user + cpu.system) / 1000 / (mix.seconds * 1000),
    // Cores each process group used during the mix (cpu-shares.mjs), or null off Linux.
    machine,
    sentAt: mixRequests.sentAt,
    swipesUsed: mixRequests.swipesUsed,
    sendCursor: mixRequests.sendCursor,
    overBudget: mixRequests.overBudget,
  }),
);
