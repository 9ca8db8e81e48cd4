// The load generator, in its own process so that it never competes with the server's event loop:
// node bench/load.mjs <plan.json>. Prints autocannon's summary as one line of JSON.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let turn = 0;
const cursors = new Map();

/** Each request takes the next viewer's cookie; a swipe takes that viewer's next unseen target. */
function setupRequest(request) {
  const v = turn++ % plan.viewers.length;
  const viewer = plan.viewers[v];
  const headers = { ...request.headers, cookie: viewer.cookie };
  if (plan.kind !== 'swipe') return { ...request, headers };
  const next = (cursors.get(v) ?? 0) + 1;
  cursors.set(v, next);
  const target = viewer.targets[next % viewer.targets.length];
  return {
    ...request,
    headers: { ...headers, origin: plan.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ target_id: target, direction: v % 2 === 0 ? 'right' : 'left' }),
  };
}

const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  requests: [
    plan.kind === 'plain'
      ? { method: 'GET', path: plan.path }
      : { method: plan.kind === 'swipe' ? 'POST' : 'GET', path: plan.path, setupRequest },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  })}\n`,
);
