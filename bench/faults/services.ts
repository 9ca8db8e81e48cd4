/**
 * The fault tests' own PostgreSQL and Redis: private instances on spare ports in a scratch folder,
 * which a scenario may stop, restart or slow down without touching the machine's shared services.
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** PostgreSQL's programs: PG_BIN, or the first folder that holds pg_ctl. */
function postgresBin(): string {
  const candidates = [
    process.env.PG_BIN,
    '/usr/local/bin',
    ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb')));
  if (!found) throw new Error('PostgreSQL server programs (initdb, pg_ctl) not found: set PG_BIN');
  return found;
}

/** initdb and pg_ctl refuse to run as root: as root they run as the `postgres` user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  if (process.getuid?.() !== 0) return [command, args];
  return ['runuser', ['-u', 'postgres', '--', command, ...args]];
}

function run(command: string, args: string[]) {
  const [file, argv] = asServerUser(command, args);
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/**
 * The same, without blocking: this process reads the app instances' logs (their stdout pipes), so
 * while it waited on a slow shutdown (3.2 s in one CI run) nothing drained them, the instances'
 * writes backed up, and their answers came late: a harness's delay scored as the app's.
 */
async function runAsync(command: string, args: string[]) {
  const [file, argv] = asServerUser(command, args);
  await promisify(execFile)(file, argv, { encoding: 'utf8' });
}

export type PrivatePostgres = {
  url: string;
  port: number;
  start(): Promise<void>;
  /** A fast shutdown: connections are cut, as a server restart or a failover cuts them. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  /** Stops the server at once (synchronous: safe in a process 'exit' handler). */
  disposeNow(): void;
};

export async function privatePostgres(workDir: string, port: number): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dataDir = join(workDir, 'pg');
  mkdirSync(dataDir, { recursive: true });
  chmodSync(workDir, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres', dataDir]);
  run(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    '-c max_connections=200',
    '-c shared_buffers=256MB',
    // Durable commits, as production keeps them: the ledger checks mean something.
    '-c fsync=on',
  ].join(' ');
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const pgCtlAsync = (...args: string[]) => runAsync(join(bin, 'pg_ctl'), ['-D', dataDir, ...args]);
  const db: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await pgCtlAsync('-o', options, '-l', join(dataDir, 'server.log'), '-w', '-t', '60', 'start');
    },
    async stop() {
      await pgCtlAsync('-m', 'fast', '-w', 'stop');
    },
    async restart() {
      await db.stop();
      await db.start();
    },
    disposeNow() {
      try {
        pgCtl('-m', 'immediate', '-w', 'stop');
      } catch (error) {
        // Whatever pg_ctl says, the server must not outlive the run (its folder is removed next).
        const pidFile = join(dataDir, 'postmaster.pid');
        const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
        if (pid > 0) process.kill(pid, 'SIGQUIT');
        console.warn(
          `pg_ctl stop failed (${(error as Error).message.split('\n')[0]}); sent SIGQUIT to ${pid}`,
        );
      }
    },
  };
  await db.start();
  return db;
}

export type PrivateRedis = {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Kills the server at once (synchronous: safe in a process 'exit' handler). */
  disposeNow(): void;
};

export async function privateRedis(port: number): Promise<PrivateRedis> {
  let child: ChildProcess | null = null;
  const redis: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--loglevel',
          'warning',
        ],
        { stdio: 'ignore' },
      );
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          if (execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).trim() === 'PONG')
            return;
        } catch {}
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not start`);
        await sleep(100);
      }
    },
    async stop() {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((done) => current.once('exit', done));
      current.kill('SIGKILL');
      await exited;
    },
    disposeNow() {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  await redis.start();
  return redis;
}
