import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { SERVER_ROOT } from '../src/config';
import { formatMessageKeys, newMessageKey } from '../src/lib/message-crypto';

/** The secrets a test's server processes share (sessions signed with `authSecret` are theirs). */
export function serverSecrets() {
  return {
    authSecret: randomBytes(36).toString('base64url'),
    messageKeys: formatMessageKeys([newMessageKey()]).trim(),
  };
}

export type ServerProcess = {
  child: ChildProcess;
  /** Resolves when the server stops at `pauseAt` (TEST_PAUSE_AT, lib/pause-point.ts). */
  paused: Promise<void>;
};

/**
 * A real server process on PostgreSQL, started from source as a developer would, for the tests that
 * kill it (SIGKILL) and start it again on the same database. Resolves once it answers
 * /api/health/live; its errors reach the test's output, a pause notice does not.
 */
export function startServerProcess(options: {
  databaseUrl: string;
  port: number;
  dataDir: string;
  secrets: ReturnType<typeof serverSecrets>;
  pauseAt?: string;
}): Promise<ServerProcess> {
  const { databaseUrl, port, dataDir, secrets, pauseAt } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: secrets.authSecret,
      MESSAGE_KEYS: secrets.messageKeys,
      LOG_LEVEL: 'error',
      DEMO_MODE: 'false',
      API_RATE_LIMIT_PER_ADDRESS: '100000',
      // These tests sign members up without invitations; the invite rule has its own tests.
      INVITE_ONLY: 'false',
      ...(pauseAt ? { TEST_PAUSE_AT: pauseAt } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const paused = new Promise<void>((resolve) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (pauseAt && seen.includes(`PAUSED ${pauseAt}`)) resolve();
      if (!seen.includes('PAUSED')) process.stderr.write(chunk);
    });
  });
  return (async () => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://localhost:${port}/api/health/live`)).ok) return { child, paused };
      } catch {}
      if (Date.now() > deadline) throw new Error('server did not start within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
}

/** Kills a server process at once (SIGKILL) and waits until it is gone. */
export async function killServerProcess(server: ServerProcess | undefined) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGKILL');
  await exited;
}
