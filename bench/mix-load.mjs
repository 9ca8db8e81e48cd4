// The mixed load, in its own process (like load.mjs): node bench/mix-load.mjs <plan.json>.
// Runs, on one set of keep-alive connections: the mix for a warm-up (not recorded), the trivial route
// alone, the mix, and the trivial route alone again, each for the planned seconds. Writes to the
// plan's result file every request's latency by route (ms), the status codes, the time each message
// was sent (wall-clock ms, for the sockets process to match with its arrival) and where the swipe and
// sender rotations stopped; prints nothing but errors.
//
// A Node client rather than wrk: wrk's Lua sees neither which request a response answers nor a
// clock, so it cannot give each route its own latencies. node:http with keep-alive costs the load
// process a share of a core, which the result reports (`cpu`).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { generatedMemberId, targetId } from './targets.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const port = Number(new URL(plan.origin).port);
const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
const MINUTE_MS = 60_000;

/** One request: its latency is measured from the moment it is handed to the connection to its last byte. */
function send({ method, path, headers = {}, body }) {
  return new Promise((done) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host: `localhost:${port}`,
          ...headers,
          ...(payload === undefined
            ? {}
            : {
                origin: plan.origin,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              }),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => {
          if (res.statusCode >= 300) chunks.push(chunk);
        });
        res.on('end', () =>
          done({
            status: res.statusCode,
            ms: performance.now() - started,
            error: res.statusCode >= 300 ? Buffer.concat(chunks).toString('utf8').slice(0, 300) : undefined,
          }),
        );
      },
    );
    req.on('error', (error) => done({ status: 0, ms: performance.now() - started, error: error.message }));
    req.end(payload);
  });
}

// --- What each route of the mix sends. Every route takes the viewers in its own turn. -------------

const viewers = plan.viewers;
const turns = new Map();
const nextTurn = (route) => {
  const turn = turns.get(route) ?? 0;
  turns.set(route, turn + 1);
  return turn;
};
const viewerFor = (route) => {
  const turn = nextTurn(route);
  return { turn, index: turn % viewers.length, viewer: viewers[turn % viewers.length] };
};
const signedIn = (viewer) => ({ cookie: viewer.cookie });

/** Each viewer's next unseen target, as load.mjs takes them (likes for even viewers, passes for odd). */
const swipeCursors = viewers.map(() => plan.swipeOffset);

/**
 * The message senders in turn, each kept under `sendsPerMemberMinute` in any 60 s of this process
 * (half the app's per-member limit: a fixed minute in Redis may also hold the previous run's sends).
 * The rotation goes on where the previous run stopped. `overBudget` counts the sends made while
 * every sender was at its budget (they may be refused with 429: the pool is too small for the rate).
 */
const senders = plan.senders;
let senderCursor = plan.sendCursor % senders.length;
const recentSends = new Map();
let overBudget = 0;
function nextSender(now) {
  for (let tried = 0; tried < senders.length; tried += 1) {
    const sender = senders[senderCursor];
    senderCursor = (senderCursor + 1) % senders.length;
    const times = (recentSends.get(sender.id) ?? []).filter((t) => now - t < MINUTE_MS);
    if (times.length < plan.sendsPerMemberMinute) {
      times.push(now);
      recentSends.set(sender.id, times);
      return sender;
    }
  }
  overBudget += 1;
  return senders[senderCursor];
}

/** Messages sent in the recorded mix: id → wall-clock ms when the request left. */
const sentAt = {};
let recording = false;
const wallClock = () => performance.timeOrigin + performance.now();

/** A transfer partner for a viewer: another viewer it is not matched with, in turn. */
const viewerIds = viewers.map((v) => v.id);
function transferPartner(index, turn) {
  const own = viewers[index];
  for (let step = 0; step < viewers.length; step += 1) {
    const candidate = viewerIds[(index + 1 + ((turn + step) % (viewers.length - 1))) % viewers.length];
    if (candidate !== own.id && !own.matchedWith.includes(candidate)) return candidate;
  }
  throw new Error(`viewer ${own.id} is matched with every other viewer`);
}

const ROUTES = {
  feed: () => ({ method: 'GET', path: '/api/discovery/feed', headers: signedIn(viewerFor('feed').viewer) }),
  me: () => ({ method: 'GET', path: '/api/me', headers: signedIn(viewerFor('me').viewer) }),
  swipe: () => {
    const { index, viewer } = viewerFor('swipe');
    swipeCursors[index] += 1;
    return {
      method: 'POST',
      path: '/api/swipes',
      headers: signedIn(viewer),
      body: {
        target_id: targetId(viewer.targets, swipeCursors[index]),
        direction: index % 2 === 0 ? 'right' : 'left',
      },
    };
  },
  chatRead: () => {
    const { turn, viewer } = viewerFor('chatRead');
    const match = viewer.matches[Math.floor(turn / viewers.length) % viewer.matches.length];
    return { method: 'GET', path: `/api/matches/${match}/messages`, headers: signedIn(viewer) };
  },
  // Timed for the sockets process when the receiver holds a socket; a send that is refused never arrives.
  send: () => {
    const sender = nextSender(Date.now());
    const id = randomUUID();
    const timed = recording && sender.receiverHasSocket;
    if (timed) sentAt[id] = wallClock();
    return {
      method: 'POST',
      path: `/api/matches/${sender.matchId}/messages`,
      headers: { cookie: sender.cookie },
      body: { id, content: 'Are you free on Friday evening?' },
      after: (r) => {
        if (timed && r.status !== 201) delete sentAt[id];
      },
    };
  },
  search: () => {
    const { turn, viewer } = viewerFor('search');
    const query = plan.searchQueries[Math.floor(turn / viewers.length) % plan.searchQueries.length];
    return { method: 'GET', path: `/api/search?${query}`, headers: signedIn(viewer) };
  },
  notifications: () => ({
    method: 'GET',
    path: '/api/notifications',
    headers: signedIn(viewerFor('notifications').viewer),
  }),
  // A member of the type the viewer looks for, spread over all of them.
  profile: () => {
    const { turn, viewer } = viewerFor('profile');
    const k = (turn * 7919) % viewer.targets.count;
    return {
      method: 'GET',
      path: `/api/members/${generatedMemberId(2 * k + viewer.targets.first)}`,
      headers: signedIn(viewer),
    };
  },
  walletBalance: () => ({
    method: 'GET',
    path: '/api/wallet',
    headers: signedIn(viewerFor('walletBalance').viewer),
  }),
  walletHistory: () => ({
    method: 'GET',
    path: '/api/wallet/transactions',
    headers: signedIn(viewerFor('walletHistory').viewer),
  }),
  transfer: () => {
    const { turn, index, viewer } = viewerFor('transfer');
    return {
      method: 'POST',
      path: '/api/wallet/transfers',
      headers: { ...signedIn(viewer), 'idempotency-key': randomUUID() },
      body: {
        receiver_id: transferPartner(index, Math.floor(turn / viewers.length)),
        amount_cents: plan.transferCents,
      },
    };
  },
};

/**
 * The weighted mix as a smooth weighted round robin (nginx's): every route gets exactly its share of
 * each stretch of requests, spread evenly rather than in runs, and the order is the same every run.
 */
const weights = plan.routes.map((r) => ({ key: r.key, weight: r.weight, current: 0 }));
const totalWeight = weights.reduce((sum, r) => sum + r.weight, 0);
function nextRoute() {
  let best = weights[0];
  for (const r of weights) {
    r.current += r.weight;
    if (r.current > best.current) best = r;
  }
  best.current -= totalWeight;
  return best.key;
}

// --- Phases ---------------------------------------------------------------------------------------

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
      let stats = byLabel[label];
      if (!stats) {
        stats = { latencies: [], statuses: {}, samples: {} };
        byLabel[label] = stats;
      }
      stats.latencies.push(Math.round(r.ms * 1000) / 1000);
      stats.statuses[r.status] = (stats.statuses[r.status] ?? 0) + 1;
      if (r.error && !(r.status in stats.samples)) stats.samples[r.status] = r.error;
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, loop));
  return { seconds: (last - started) / 1000, byLabel };
}

const trivial = () => ({ label: 'trivial', request: { method: 'GET', path: '/api/health/live' } });
const mixed = () => {
  const key = nextRoute();
  return { label: key, request: ROUTES[key]() };
};

await phase(plan.warmupSeconds, mixed);
await phase(1, trivial);
const before = await phase(plan.seconds, trivial);
recording = true;
const cpuBefore = process.cpuUsage();
const mix = await phase(plan.seconds, mixed);
const cpu = process.cpuUsage(cpuBefore);
recording = false;
const after = await phase(plan.seconds, trivial);
agent.destroy();

writeFileSync(
  plan.resultFile,
  JSON.stringify({
    trivialBefore: { seconds: before.seconds, ...before.byLabel.trivial },
    trivialAfter: { seconds: after.seconds, ...after.byLabel.trivial },
    mix: { seconds: mix.seconds, routes: mix.byLabel },
    // A core's share the load process used during the mix (user + system CPU over wall time).
    loadCpu: (cpu.user + cpu.system) / 1000 / (mix.seconds * 1000),
    sentAt,
    swipesUsed: Math.max(...swipeCursors),
    sendCursor: senderCursor,
    overBudget,
  }),
);
