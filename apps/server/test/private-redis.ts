import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port';

export const REDIS_SERVER = '/usr/bin/redis-server';
/** Whether this machine can start a private Redis (tests that stop one skip without it). */
export const hasRedisServer = existsSync(REDIS_SERVER);

/**
 * A Redis of the test's own on a spare port, without persistence, that the test may stop and start
 * again on the same port (the shared Redis of the machine is never stopped). Started in the
 * foreground as our child, so it is stopped by its own process id.
 */
export async function startPrivateRedis(port?: number) {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS_SERVER,
      ['--port', String(chosen), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await untilListening(chosen);
  };
  await start();
  return {
    port: chosen,
    url: `redis://127.0.0.1:${chosen}`,
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      running.kill('SIGKILL');
      await once(running, 'exit');
    },
    start,
  };
}

async function untilListening(port: number, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(25);
  }
  throw new Error(`redis-server did not listen on ${port}`);
}
