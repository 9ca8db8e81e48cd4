// The wallet benchmark's load generator, in its own process (like load.mjs): node bench/wallet-load.mjs <plan.json>.
// Every request is a peer transfer of $1.00 from the next sender to its partner, with a fresh
// Idempotency-Key. Prints one line of JSON: { tool, rps, p50, p95, p99, non2xx, errors, total }.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let turn = 0;
const result = await autocannon({
  url: plan.origin,
  connections: plan.connections,
  duration: plan.seconds,
  requests: [
    {
      method: 'POST',
      path: '/api/wallet/transfers',
      setupRequest(request) {
        const sender = plan.senders[turn++ % plan.senders.length];
        return {
          ...request,
          headers: {
            ...request.headers,
            cookie: sender.cookie,
            origin: plan.origin,
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify({ receiver_id: sender.partner, amount_cents: 100 }),
        };
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    tool: 'autocannon',
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: null,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  })}\n`,
);
