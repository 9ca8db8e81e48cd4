// The fault tests' load process: node bench/faults/fault-load.mjs <plan.json>. It opens a realtime
// socket for every chat member (each reconnects and resumes as the web app does: decision 064), prints
// {"phase":"open"} when they are open, and runs the mixed load (mix-requests.mjs) through the proxy for
// the planned seconds while the parent breaks something. Then it waits (up to `settleSeconds`) until
// every accepted message has reached its receiver's socket and writes to the plan's result file:
// every request (when, route, status, latency, Retry-After), the accepted messages, which of them
// arrived (and how often), and the sockets' reconnects and resumes.
import { readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';
import { createClient, createMix } from '../mix-requests.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const GOING_AWAY = 4503;
const RECONNECT_STEPS_MS = [1_000, 2_000, 5_000, 10_000];
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const started = performance.now();
const now = () => performance.now() - started;

// --- Sockets that come back ---------------------------------------------------------------------

/**
 * Message id → its receiver's arrivals, after the client dropped the event ids it had seen: two
 * arrivals of one message are a message (and its notice) shown twice.
 */
const arrivals = new Map();
const counters = {
  reconnects: 0,
  goingAway: 0,
  resumes: 0,
  resumedEvents: 0,
  // The same event id again (live and resumed, or relayed twice): dropped by the client, as the web app does.
  redelivered: 0,
  tooOld: 0,
  refused: 0,
  /** Close code → how many closes (4503: going away; 1006: the connection dropped). */
  closes: {},
  /** Handshakes refused, by status. */
  handshakes: {},
};

function noteEvent(member, frame) {
  if (frame.type === 'message.created' && frame.payload.receiver_id === member.id) {
    const list = arrivals.get(frame.payload.id) ?? [];
    list.push({ at: now(), eventId: frame.id ?? null });
    arrivals.set(frame.payload.id, list);
  }
}

/**
 * One member's socket, as the web app keeps it: a live event or a resumed one is taken once per
 * event id; on any close it reconnects after a short jittered wait and asks the server for the events
 * after the last position it saw (GET /api/realtime/missed), page by page, before going on live.
 */
function resumingSocket(member) {
  let position = null;
  const handled = new Set();
  let socket = null;
  let stopped = false;
  let failures = 0;
  const take = (frame) => {
    if (typeof frame.position === 'number' && (position === null || frame.position > position))
      position = frame.position;
    if (frame.id) {
      if (handled.has(frame.id)) {
        counters.redelivered += 1;
        return;
      }
      handled.add(frame.id);
    }
    noteEvent(member, frame);
  };
  const resume = async () => {
    if (position === null) return;
    counters.resumes += 1;
    for (;;) {
      const res = await fetch(`${plan.origin}/api/realtime/missed?after=${position}`, {
        headers: { cookie: member.cookie },
      });
      if (res.status !== 200) throw new Error(`missed: ${res.status}`);
      const body = await res.json();
      if (body.too_old) counters.tooOld += 1;
      for (const frame of body.events) {
        counters.resumedEvents += 1;
        take(frame);
      }
      position = Math.max(position, body.position);
      if (!body.has_more) return;
    }
  };
  const connect = () =>
    new Promise((done) => {
      const ws = new WebSocket(`${plan.origin.replace(/^http/, 'ws')}/api/realtime`, {
        headers: { cookie: member.cookie, origin: plan.origin },
      });
      socket = ws;
      let opened = false;
      // Frames that arrive while the resume is read wait their turn: the stream stays in order.
      let backlog = [];
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString());
        if (frame.type === 'hello') {
          if (position === null) position = frame.position;
          return;
        }
        if (backlog) backlog.push(frame);
        else take(frame);
      });
      ws.once('open', async () => {
        opened = true;
        failures = 0;
        // A resume refused (the instance is busy, the proxy has none ready) is asked again, as the
        // web app does, until it answers or the socket closes.
        for (let attempt = 0; ws.readyState === WebSocket.OPEN; attempt += 1) {
          try {
            await resume();
            break;
          } catch {
            counters.refused += 1;
            await sleep(Math.min(5_000, 250 * 2 ** attempt) * (0.5 + Math.random()));
          }
        }
        for (const frame of backlog) take(frame);
        backlog = null;
        done();
      });
      ws.once('unexpected-response', (_request, response) => {
        counters.handshakes[response.statusCode] = (counters.handshakes[response.statusCode] ?? 0) + 1;
        response.resume();
        // Refused: closing it leads to the reconnect below, as a refused tab's socket would.
        ws.terminate();
      });
      ws.once('close', async (code) => {
        counters.closes[code] = (counters.closes[code] ?? 0) + 1;
        if (code === GOING_AWAY) counters.goingAway += 1;
        if (!opened) done();
        if (stopped) return;
        counters.reconnects += 1;
        // The web app's steps back (apps/web/src/lib/realtime.ts): 1, 2, 5, then 10 s, each with up to
        // 30% jitter; a socket that opened starts again from the first.
        const step = RECONNECT_STEPS_MS[Math.min(failures, RECONNECT_STEPS_MS.length - 1)];
        failures += 1;
        await sleep(step * (1 + Math.random() * 0.3));
        if (!stopped) connect();
      });
      ws.on('error', () => {});
    });
  return {
    open: connect,
    stop() {
      stopped = true;
      socket?.terminate();
    },
  };
}

const sockets = plan.socketMembers.map(resumingSocket);
for (let i = 0; i < sockets.length; i += 100)
  await Promise.all(sockets.slice(i, i + 100).map((s) => s.open()));
process.stdout.write(`${JSON.stringify({ phase: 'open', sockets: sockets.length })}\n`);

// --- The mix ------------------------------------------------------------------------------------

const accepted = new Map();
const client = createClient({ origin: plan.origin, connections: plan.connections });
const mix = createMix(plan, {
  sent(send, result) {
    if (result.status === 201)
      accepted.set(send.id, { at: now(), receiverId: send.receiverId, matchId: send.matchId });
  },
});
/** [ms since start, route, status, latency ms, Retry-After or null] per request. */
const requests = [];
const samples = {};
const mixStarted = now();
const deadline = performance.now() + plan.seconds * 1000;
await Promise.all(
  Array.from({ length: plan.connections }, async () => {
    while (performance.now() < deadline) {
      const { label, request } = mix.next();
      const at = now();
      const r = await client.send(request);
      request.after?.(r);
      requests.push([Math.round(at), label, r.status, Math.round(r.ms * 10) / 10, r.retryAfter ?? null]);
      const key = `${label} ${r.status}`;
      if (r.error && !(key in samples)) samples[key] = r.error;
    }
  }),
);
const mixEnded = now();
client.destroy();

// Every accepted message should reach its receiver: wait for the stragglers (a resume after a restart).
const settleBy = performance.now() + plan.settleSeconds * 1000;
while (performance.now() < settleBy && [...accepted.keys()].some((id) => !arrivals.has(id))) await sleep(200);
for (const socket of sockets) socket.stop();

writeFileSync(
  plan.resultFile,
  JSON.stringify({
    mixStarted,
    mixEnded,
    requests,
    samples,
    accepted: Object.fromEntries(accepted),
    arrivals: Object.fromEntries(arrivals),
    sockets: counters,
    swipesUsed: mix.swipesUsed,
    sendCursor: mix.sendCursor,
  }),
);
process.exit(0);
