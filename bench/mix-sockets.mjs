// The mixed load's sockets (bench:mix with BENCH_MIX_SOCKETS), in their own process beside the load
// process: node bench/mix-sockets.mjs <plan.json>. Opens one socket per member of the plan, prints
// {"phase":"open",…} once all are open, then notes when each message reaches its receiver's socket
// (wall-clock ms, which the load process also stamps its sends with: both read the same clock). On
// "stop" from stdin it writes {"<message id>": receivedAt, …} to the plan's result file and exits.
import { readFileSync, writeFileSync } from 'node:fs';
import { openSockets } from './sockets.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const receivedAt = {};
const sockets = await openSockets(plan.origin, plan.members, (_member, message) => {
  receivedAt[message.id] = performance.timeOrigin + performance.now();
});
process.stdout.write(`${JSON.stringify({ phase: 'open', sockets: sockets.length })}\n`);
await new Promise((done) => process.stdin.once('data', done));
writeFileSync(plan.resultFile, JSON.stringify(receivedAt));
for (const socket of sockets) socket.terminate();
process.exit(0);
