#!/usr/bin/env node
// `npm run cluster`: Royal Circle as production runs it, on this machine: two app instances behind
// HAProxy (deploy/haproxy.cfg), both on one PostgreSQL and one Redis, with the demo data.
//
//   npm run cluster                      # http://localhost:8080 (needs `apt-get install -y haproxy`)
//   kill -HUP <the printed pid>          # rolling restart: one instance at a time, no failed request
//   Ctrl-C                               # stops the proxy, then both instances (each drains first)
//
// Settings (environment): CLUSTER_PORT (8080), CLUSTER_APP_PORTS (3101,3102), CLUSTER_STATS_PORT
// (8404), DATABASE_URL (postgres://postgres@127.0.0.1:5432/royal_circle_cluster, created when
// missing), REDIS_URL (redis://127.0.0.1:6379), CLUSTER_DATA_DIR (data/cluster: the shared uploads
// and the secrets every instance must share), DEMO_MODE (true), CLUSTER_NO_BUILD=1 skips the build.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { haproxyBinary, ROOT, startCluster } from './cluster/supervisor.mjs';

const env = process.env;
const proxyPort = Number(env.CLUSTER_PORT ?? 8080);
const appPorts = (env.CLUSTER_APP_PORTS ?? '3101,3102').split(',').map(Number);
const statsPort = Number(env.CLUSTER_STATS_PORT ?? 8404);
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/royal_circle_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = resolve(ROOT, env.CLUSTER_DATA_DIR ?? 'data/cluster');
const publicOrigin = env.PUBLIC_ORIGIN ?? `http://localhost:${proxyPort}`;

/** Creates the database when the server has none of that name (a fresh machine's first run). */
async function ensureDatabase(url) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return; // someone else's database, named as they like: used as is
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`create database ${name}`);
      console.log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * The secrets every instance must share (sessions, message and ID-image keys, the web push key):
 * from the environment, or generated once into the cluster's data folder, readable by this user only.
 */
function sharedSecrets() {
  const file = join(dataDir, 'cluster-secrets.json');
  const generated = {
    AUTH_SECRET: randomBytes(36).toString('base64url'),
    MESSAGE_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    ID_DOCUMENT_KEYS: `id1:${randomBytes(32).toString('base64')}`,
    VAPID_PRIVATE_KEY: randomBytes(32).toString('base64url'),
  };
  const kept = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  // A file from before a secret existed gets it added, and keeps the others.
  const stored = { ...generated, ...kept };
  if (Object.keys(stored).length !== Object.keys(kept).length) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return {
    AUTH_SECRET: env.AUTH_SECRET ?? stored.AUTH_SECRET,
    MESSAGE_KEYS: env.MESSAGE_KEYS ?? stored.MESSAGE_KEYS,
    ID_DOCUMENT_KEYS: env.ID_DOCUMENT_KEYS ?? stored.ID_DOCUMENT_KEYS,
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY ?? stored.VAPID_PRIVATE_KEY,
  };
}

async function main() {
  if (!haproxyBinary()) {
    console.error('HAProxy is not installed. On Debian: apt-get install -y haproxy');
    process.exit(1);
  }
  if (!env.CLUSTER_NO_BUILD) {
    console.log('building the web app and the server…');
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  }
  await ensureDatabase(databaseUrl);
  const cluster = await startCluster({
    proxyBind: `127.0.0.1:${proxyPort}`,
    statsBind: `127.0.0.1:${statsPort}`,
    ports: appPorts,
    env: {
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: publicOrigin,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: env.REDIS_PREFIX ?? 'royal-cluster',
      DATA_DIR: dataDir,
      // The proxy on this machine is who connects: the member's address is in X-Forwarded-For.
      TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
      DEMO_MODE: env.DEMO_MODE ?? 'true',
      SEED_DEMO: env.SEED_DEMO ?? env.DEMO_MODE ?? 'true',
      LOG_LEVEL: env.LOG_LEVEL ?? 'info',
      ...(env.SMTP_URL ? { SMTP_URL: env.SMTP_URL } : {}),
      ...sharedSecrets(),
    },
  });
  console.log(
    [
      '',
      `  Royal Circle (two instances behind HAProxy) is running at ${publicOrigin}`,
      `  instances: ${cluster.instances.map((i) => `${i.name} ${i.origin}`).join(', ')}`,
      `  HAProxy status: http://127.0.0.1:${statsPort}/`,
      `  rolling restart: kill -HUP ${process.pid}     stop: Ctrl-C`,
      '',
    ].join('\n'),
  );

  let restarting = false;
  process.on('SIGHUP', async () => {
    if (restarting) return;
    restarting = true;
    try {
      await cluster.rollingRestart({ onStep: (step) => console.log(`rolling restart: ${step}`) });
      console.log('rolling restart: done');
    } catch (error) {
      console.error(`rolling restart failed: ${error.message}`);
    } finally {
      restarting = false;
    }
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the proxy and both instances…');
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(1);
});
