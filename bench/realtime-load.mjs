// The realtime load, in its own process: node bench/realtime-load.mjs <plan.json>.
// Opens one socket per member of the plan, waits until all are joined and idle (then reports, so
// the caller can read the server's memory), sends messages at the planned rate through the HTTP API
// between matched pairs, and measures send→receive latency at the receiving member's socket.
// Prints lines of JSON: {"phase":"open",…} once every socket is joined, then {"phase":"done",…}.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { openSockets } from './sockets.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const sentAt = new Map();
const latencies = [];
let errors = 0;

const sockets = await openSockets(plan.origin, plan.members, (_member, message) => {
  const started = sentAt.get(message.id);
  if (started !== undefined) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
});
process.stdout.write(`${JSON.stringify({ phase: 'open', sockets: sockets.length })}\n`);
// The caller measures the idle server now; wait for its word on stdin.
await new Promise((done) => process.stdin.once('data', done));

const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function send(pair) {
  const id = randomUUID();
  const body = JSON.stringify({ id, content: 'Are you free on Friday evening?' });
  sentAt.set(id, process.hrtime.bigint());
  return new Promise((done) => {
    const req = request(
      `${plan.origin}/api/matches/${pair.matchId}/messages`,
      {
        method: 'POST',
        agent,
        headers: {
          cookie: pair.sender.cookie,
          origin: plan.origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        if (res.statusCode !== 201) errors += 1;
        res.resume();
        res.on('end', done);
      },
    );
    req.on('error', () => {
      errors += 1;
      done();
    });
    req.end(body);
  });
}

const total = plan.rate * plan.seconds;
const interval = 1000 / plan.rate;
const started = Date.now();
const inFlight = [];
for (let i = 0; i < total; i += 1) {
  const due = started + i * interval;
  const wait = due - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  inFlight.push(send(plan.pairs[i % plan.pairs.length]));
}
await Promise.all(inFlight);
await new Promise((r) => setTimeout(r, 1000));
latencies.sort((a, b) => a - b);
const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? null;
process.stdout.write(
  `${JSON.stringify({
    phase: 'done',
    sent: total,
    received: latencies.length,
    errors,
    achievedRate: total / ((Date.now() - started - 1000) / 1000),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  })}\n`,
);
for (const socket of sockets) socket.terminate();
agent.destroy();
process.exit(0);
