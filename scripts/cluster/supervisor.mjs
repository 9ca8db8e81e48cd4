// Two app instances behind HAProxy on one PostgreSQL and one Redis: started, restarted one at a time,
// killed and stopped. Used by `npm run cluster` (scripts/cluster.mjs) and by the fault tests
// (`npm run test:faults`), which run the same set-up under load (docs/decisions/068-two-instances-and-fault-tests.md).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.js');
export const HAPROXY_CONFIG = join(ROOT, 'deploy/haproxy.cfg');

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** @param {string} line */
function writeStderr(line) {
  process.stderr.write(line);
}

/** HAProxy from Debian's package (`apt-get install haproxy`), or undefined when it is missing. */
export function haproxyBinary() {
  const candidates = [
    ...(process.env.PATH ?? '').split(':').map((dir) => join(dir, 'haproxy')),
    '/usr/sbin/haproxy',
    '/usr/local/sbin/haproxy',
  ];
  return candidates.find((file) => existsSync(file));
}

/** Each line a child prints, prefixed with its name, to `write` (stderr by default). */
function pipeLines(stream, name, write) {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => write(`[${name}] ${line}\n`));
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`; `alive()` false stops it early. */
async function until200(url, timeoutMs, alive, what) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`${what} exited before it was ready`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s (${url})`);
    await sleep(100);
  }
}

/**
 * One app instance: `node apps/server/dist/server.js` on `port` with `env`. `start()` resolves once
 * it answers ready (database, Redis and migrations checked by the app); `stop()` sends SIGTERM and
 * waits for the exit, which the app delays until its requests are answered (graceful shutdown);
 * `kill()` sends SIGKILL.
 */
export function appInstance({ name, port, env, log = writeStderr, nodeArgs = [] }) {
  let child = null;
  let exited = Promise.resolve({ code: null, signal: null });
  const origin = `http://127.0.0.1:${port}`;
  const instance = {
    name,
    port,
    origin,
    get pid() {
      return child?.pid;
    },
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    async start({ readyTimeoutMs = 90_000 } = {}) {
      if (instance.running) throw new Error(`${name} is already running`);
      child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, SERVER_ENTRY], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, ...env, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const current = child;
      exited = new Promise((done) => current.once('exit', (code, signal) => done({ code, signal })));
      pipeLines(child.stdout, name, log);
      pipeLines(child.stderr, name, log);
      await until200(`${origin}/api/health/ready`, readyTimeoutMs, () => current.exitCode === null, name);
    },
    /** SIGTERM and the exit it leads to; resolves with the exit code (0 after a clean drain). */
    async stop(signal = 'SIGTERM') {
      if (!instance.running) return exited;
      child.kill(signal);
      return exited;
    },
    kill() {
      return instance.stop('SIGKILL');
    },
  };
  return instance;
}

/**
 * HAProxy in the foreground with deploy/haproxy.cfg, its addresses from the environment. `serverState()`
 * reads which instances the proxy's health checks find up (its status page, as CSV).
 */
export function haproxy({ bind, instances, statsBind, log = writeStderr }) {
  const binary = haproxyBinary();
  if (!binary)
    throw new Error(
      'HAProxy is not installed: `apt-get install -y haproxy` (Debian) puts it at /usr/sbin/haproxy',
    );
  let child = null;
  let exited = Promise.resolve();
  const proxy = {
    origin: `http://${bind.replace(/^0\.0\.0\.0/, '127.0.0.1')}`,
    async start() {
      child = spawn(binary, ['-db', '-f', HAPROXY_CONFIG], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          RC_PROXY_BIND: bind,
          RC_INSTANCE_1: `127.0.0.1:${instances[0].port}`,
          RC_INSTANCE_2: `127.0.0.1:${instances[1].port}`,
          RC_STATS_BIND: statsBind,
          RC_DEPLOY_DIR: join(ROOT, 'deploy'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const current = child;
      exited = new Promise((done) => current.once('exit', done));
      pipeLines(child.stdout, 'proxy', log);
      pipeLines(child.stderr, 'proxy', log);
      await until200(`http://${statsBind}/`, 10_000, () => current.exitCode === null, 'HAProxy');
    },
    /** { app1: 'UP' | 'DOWN' | …, app2: … } as the proxy's checks see them now. */
    async serverState() {
      const res = await fetch(`http://${statsBind}/;csv`, { signal: AbortSignal.timeout(1000) });
      const lines = (await res.text()).split('\n');
      const header = (lines[0] ?? '').replace(/^# /, '').split(',');
      const at = (column) => header.indexOf(column);
      const state = {};
      for (const line of lines.slice(1)) {
        const cells = line.split(',');
        if (cells[at('pxname')] === 'app' && /^app\d$/.test(cells[at('svname')] ?? ''))
          state[cells[at('svname')]] = (cells[at('status')] ?? '').split(' ')[0];
      }
      return state;
    },
    /** Waits until the proxy's checks find `server` in `status` (UP after a start, DOWN after a drain began). */
    async waitFor(server, status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          if ((await proxy.serverState())[server] === status) return;
        } catch {}
        if (Date.now() > deadline)
          throw new Error(`HAProxy did not see ${server} ${status} within ${timeoutMs / 1000} s`);
        await sleep(100);
      }
    },
    async stop() {
      if (child && child.exitCode === null) {
        // SIGUSR1: HAProxy's soft stop (finishes its open requests).
        child.kill('SIGUSR1');
        await Promise.race([exited, sleep(5000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await exited;
    },
  };
  return proxy;
}

/**
 * The whole set-up: instance 1 first (it migrates the database and writes the demo data when asked),
 * then instance 2, then the proxy. `rollingRestart()` restarts one instance at a time and waits until
 * the proxy sends to it again before the next: members never find both away.
 */
export async function startCluster({ proxyBind, statsBind, ports, env, log = writeStderr, nodeArgs = [] }) {
  const instances = ports.map((port, i) => appInstance({ name: `app${i + 1}`, port, env, log, nodeArgs }));
  const proxy = haproxy({ bind: proxyBind, instances, statsBind, log });
  const cluster = {
    origin: proxy.origin,
    instances,
    proxy,
    /** Restarts `instance` (graceful stop, start, ready) and waits until the proxy sends to it again. */
    async restart(instance, { signal = 'SIGTERM' } = {}) {
      const exit = await instance.stop(signal);
      await instance.start();
      await proxy.waitFor(instance.name, 'UP');
      return exit;
    },
    async rollingRestart({ onStep = (_step) => {} } = {}) {
      const exits = [];
      for (const instance of instances) {
        onStep(`${instance.name}: SIGTERM`);
        const exit = await cluster.restart(instance);
        exits.push({ name: instance.name, ...exit });
        onStep(`${instance.name}: back (exit code ${exit.code ?? exit.signal})`);
      }
      return exits;
    },
    async stop() {
      await proxy.stop();
      await Promise.all(instances.map((instance) => instance.stop()));
    },
  };
  try {
    for (const instance of instances) await instance.start();
    await proxy.start();
    for (const instance of instances) await proxy.waitFor(instance.name, 'UP');
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return cluster;
}
