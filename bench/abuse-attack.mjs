// The attacker of abuse.ts, in its own process and from its own address (plan.from, e.g. 127.0.0.2),
// so that the trivial route measured from 127.0.0.1 is another client to the server and the attack's
// own work never delays that measurement: node bench/abuse-attack.mjs <plan.json>.
// Prints one line of JSON at the end (progress goes to stderr). Kinds (issue 31):
// - settings: PATCH /api/me/settings with a ~634 KB body of 60,000 unknown keys at plan.perMinute;
// - pages: GET /app as the signed-in member at plan.perMinute (a render has `private` caching);
// - slow: connections opened at plan.perSecond up to plan.connections, each sending a request whose
//   body comes one byte every 10 s.

import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const target = new URL(plan.origin);
const port = Number(target.port);
// The server listens on 127.0.0.1; `localhost` could resolve to ::1 first.
const host = '127.0.0.1';
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]);
};
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** One request from plan.from: status, reply bytes, the time to the whole reply, its cache-control. */
function send(method, path, headers, body) {
  const started = performance.now();
  return new Promise((done) => {
    const request = http.request(
      {
        host,
        port,
        method,
        path,
        agent,
        localAddress: plan.from,
        headers: { host: target.host, ...headers },
      },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          done({
            status: response.statusCode,
            bytes,
            ms: performance.now() - started,
            caching: String(response.headers['cache-control'] ?? ''),
          }),
        );
      },
    );
    request.on('error', (error) =>
      done({ status: error.code ?? 'error', bytes: 0, ms: performance.now() - started }),
    );
    request.end(body);
  });
}

/** Fires `make()` at `perMinute` for plan.seconds whatever the replies (an open loop), then waits for them. */
async function atRate(perMinute, make) {
  const results = [];
  const pending = [];
  const interval = 60_000 / perMinute;
  const started = performance.now();
  for (let n = 0; performance.now() - started < plan.seconds * 1000; n += 1) {
    pending.push(make().then((result) => results.push(result)));
    const next = started + (n + 1) * interval;
    await sleep(Math.max(0, next - performance.now()));
  }
  await Promise.all(pending);
  return results;
}

const countBy = (results, key) =>
  results.reduce((counts, result) => {
    const value = key(result);
    counts[value] = (counts[value] ?? 0) + 1;
    return counts;
  }, {});

async function settings() {
  const keys = {};
  for (let i = 0; i < 60_000; i += 1) keys[`k${i}`] = 1;
  const body = JSON.stringify(keys);
  const results = await atRate(plan.perMinute, () =>
    send('PATCH', '/api/me/settings', { cookie: plan.cookie, 'content-type': 'application/json' }, body),
  );
  return {
    sent: results.length,
    bodyBytes: Buffer.byteLength(body),
    statuses: countBy(results, (r) => r.status),
    replyBytesMax: Math.max(...results.map((r) => r.bytes)),
    p50: percentile(
      results.map((r) => r.ms),
      50,
    ),
  };
}

async function pages() {
  const results = await atRate(plan.perMinute, () =>
    send('GET', '/app', { cookie: plan.cookie, 'accept-encoding': 'gzip, deflate, br' }),
  );
  return {
    sent: results.length,
    statuses: countBy(results, (r) => r.status),
    // A page rendered for the member is `no-store, private`; the plain shell is `no-cache`.
    rendered: results.filter((r) => r.status === 200 && r.caching.includes('private')).length,
    p50: percentile(
      results.map((r) => r.ms),
      50,
    ),
  };
}

async function slow() {
  const state = { opened: 0, open: 0, maxOpen: 0, refused: 0, answered: {}, closedByServer: 0 };
  const sockets = new Set();
  let stopping = false;
  const openOne = () => {
    const socket = net.connect({ host, port, localAddress: plan.from });
    let connected = false;
    let drip;
    socket.on('connect', () => {
      connected = true;
      state.opened += 1;
      state.open += 1;
      state.maxOpen = Math.max(state.maxOpen, state.open);
      sockets.add(socket);
      socket.write(
        `PATCH /api/me/settings HTTP/1.1\r\nHost: ${target.host}\r\nCookie: ${plan.cookie}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2000\r\n\r\n{',
      );
      drip = setInterval(() => socket.write(' '), 10_000);
    });
    socket.once('data', (chunk) => {
      const status = /^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1] ?? 'other';
      state.answered[status] = (state.answered[status] ?? 0) + 1;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
      if (!connected) state.refused += 1;
      else {
        state.open -= 1;
        if (!stopping) state.closedByServer += 1;
      }
    });
  };
  const started = performance.now();
  const progress = setInterval(
    () => console.error(`  slow: ${Math.round((performance.now() - started) / 1000)} s, ${state.open} open`),
    10_000,
  );
  for (let n = 0; performance.now() - started < plan.seconds * 1000; n += 1) {
    if (n < plan.connections) openOne();
    await sleep(Math.max(0, started + ((n + 1) * 1000) / plan.perSecond - performance.now()));
  }
  clearInterval(progress);
  const openAtEnd = state.open;
  stopping = true;
  for (const socket of sockets) socket.destroy();
  return { ...state, openAtEnd };
}

const attacks = { settings, pages, slow };
const result = await attacks[plan.kind]();
console.log(JSON.stringify(result));
process.exit(0);
