// The load generator, in its own process so that it never competes with the server's event loop:
// node bench/load.mjs <plan.json>. Prints one line of JSON: { tool, rps, p50, p95, p99, non2xx, errors, total }
// (autocannon measures no p95: null there).
//
// wrk (Debian's `wrk`, written in C) is used when it is installed: on a 2-core machine a Node load
// generator takes most of a core away from the server and PostgreSQL, which lowers every figure and
// the heavier routes most. BENCH_LOAD=autocannon forces the Node generator (also the fallback).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { luaTargetId, targetId } from './targets.mjs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));

function hasWrk() {
  if (process.env.BENCH_LOAD === 'autocannon') return false;
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version exits 1 after printing its version; only a missing binary throws ENOENT.
    return error.code !== 'ENOENT';
  }
}

/**
 * The request rotation, the same for both generators: each request takes the next viewer's cookie;
 * a swipe takes that viewer's next unseen target, liking for even viewers and passing for odd ones.
 */
const isSwipe = plan.kind === 'swipe';
const method = isSwipe ? 'POST' : 'GET';

async function withAutocannon() {
  let turn = 0;
  const cursors = new Map();
  function setupRequest(request) {
    const v = turn++ % plan.viewers.length;
    const viewer = plan.viewers[v];
    const headers = { ...request.headers, cookie: viewer.cookie };
    if (!isSwipe) return { ...request, headers };
    const next = (cursors.get(v) ?? plan.offset ?? 0) + 1;
    cursors.set(v, next);
    const target = targetId(viewer.targets, next);
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
      plan.kind === 'plain' ? { method: 'GET', path: plan.path } : { method, path: plan.path, setupRequest },
    ],
  });
  return {
    tool: 'autocannon',
    rps: result.requests.average,
    p50: result.latency.p50,
    p95: null,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    total: result.requests.total,
  };
}

/** The same rotation as a wrk Lua script (one thread: wrk needs far less than a core here). */
function withWrk() {
  const lua = (s) => JSON.stringify(s); // a JSON string is a valid Lua string literal for these values
  const viewers = plan.kind === 'plain' ? [] : plan.viewers;
  const script = `
local cookies = { ${viewers.map((v) => lua(v.cookie)).join(', ')} }
local ranges = { ${
    isSwipe
      ? viewers
          .map(
            (v) =>
              `{ ${Object.entries(v.targets)
                .map(([k, n]) => `${k} = ${Number(n)}`)
                .join(', ')} }`,
          )
          .join(', ')
      : ''
  } }
${luaTargetId}
local start = ${Number(plan.offset ?? 0)}
local cursors = {}
local turn = 0
request = function()
  if #cookies == 0 then return wrk.format("GET", ${lua(plan.path)}) end
  local v = (turn % #cookies) + 1
  turn = turn + 1
  local headers = { ["cookie"] = cookies[v] }
  if ${isSwipe ? 'false' : 'true'} then return wrk.format("GET", ${lua(plan.path)}, headers) end
  local next = (cursors[v] or start) + 1
  cursors[v] = next
  local target = target_id(ranges[v], next)
  local direction = "left"
  if (v - 1) % 2 == 0 then direction = "right" end
  headers["origin"] = ${lua(plan.origin)}
  headers["content-type"] = "application/json"
  return wrk.format("POST", ${lua(plan.path)}, headers, '{"target_id":"' .. target .. '","direction":"' .. direction .. '"}')
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('RESULT {"tool":"wrk","rps":%.1f,"p50":%.2f,"p95":%.2f,"p99":%.2f,"non2xx":%d,"errors":%d,"total":%d}\\n',
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout, summary.requests))
end
`;
  const file = `${process.argv[2]}.lua`;
  writeFileSync(file, script);
  const out = execFileSync(
    'wrk',
    [
      '-t1',
      `-c${plan.connections}`,
      `-d${plan.seconds}s`,
      '--latency',
      '-s',
      file,
      `${plan.origin}${plan.path}`,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const line = out.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`wrk printed no result:\n${out}`);
  return JSON.parse(line.slice('RESULT '.length));
}

const result = hasWrk() ? withWrk() : await withAutocannon();
process.stdout.write(`${JSON.stringify(result)}\n`);
