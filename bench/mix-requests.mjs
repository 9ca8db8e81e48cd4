// The mixed load's requests (PERF.md's mix), shared by the benchmark's load process (mix-load.mjs) and
// the fault tests' (faults/fault-load.mjs): what each route sends, in the weighted order, and a keep-
// alive client that times each request. No I/O at import.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { generatedMemberId, targetId } from './targets.mjs';

const MINUTE_MS = 60_000;

/**
 * A keep-alive client for `origin` with `connections` sockets. `send()` resolves with the status (0
 * for a connection error), the latency from the moment the request is handed to the connection to
 * its last byte, the body of a refusal (first 300 characters) and the Retry-After header.
 */
export function createClient({ origin, connections }) {
  const port = Number(new URL(origin).port);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
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
                  origin,
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
              retryAfter: res.headers['retry-after'],
            }),
          );
        },
      );
      req.on('error', (error) => done({ status: 0, ms: performance.now() - started, error: error.message }));
      req.end(payload);
    });
  }
  return { send, destroy: () => agent.destroy() };
}

/**
 * The mix of `plan` (mix.bench.ts writes it): `next()` gives the next request and its route's key in
 * the weighted order; every route takes the viewers in its own turn. `hooks.sent(send, result)` hears
 * each message send's outcome (`send`: id, matchId, sender id, receiverId when the plan names it).
 */
export function createMix(plan, hooks = {}) {
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
          hooks.sent?.(
            { id, matchId: sender.matchId, senderId: sender.id, receiverId: sender.receiverId },
            r,
          );
        },
      };
    },
    search: () => {
      const { turn, viewer } = viewerFor('search');
      // The mixes in turn, one search to the next (each lap of the viewers shifted by one, so every
      // viewer asks each of them): any few seconds of the mix sample all five. Taken a whole lap of
      // 200 viewers at a time, an 8 s run measured one or two of them, a different pair by its length.
      const lap = Math.floor(turn / viewers.length);
      const query = plan.searchQueries[(turn + lap) % plan.searchQueries.length];
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

  const next = () => {
    const key = nextRoute();
    return { label: key, request: ROUTES[key]() };
  };
  return {
    next,
    sentAt,
    setRecording(on) {
      recording = on;
    },
    get swipesUsed() {
      return Math.max(...swipeCursors);
    },
    get sendCursor() {
      return senderCursor;
    },
    get overBudget() {
      return overBudget;
    },
  };
}
