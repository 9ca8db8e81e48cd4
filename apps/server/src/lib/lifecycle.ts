import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * The process's shutdown state (decision 064). On SIGTERM the instance first *drains*: readiness
 * (`/api/health/ready`) answers "not ready" so the proxy stops sending it new requests, and every
 * reply asks its client to close the connection, so a kept-alive connection is not reused here.
 * Only after SHUTDOWN_DRAIN_MS (a few of the proxy's health checks) does the app close: sockets are
 * told to reconnect elsewhere (REALTIME_CLOSE.goingAway), the HTTP server stops accepting,
 * idle connections are closed, requests in flight finish, jobs stop taking work.
 *
 * One flag per process: one process serves one app (tests that build several reset it).
 */
let draining = false;

/** Whether this instance is shutting down: readiness fails, replies say `Connection: close`. */
export const isDraining = (): boolean => draining;

export function startDraining(): void {
  draining = true;
}

/** Tests only: the next app in this process starts serving normally. */
export function stopDraining(): void {
  draining = false;
}

/**
 * While draining, every reply closes its connection after it: a proxy or client keeping the
 * connection alive opens its next one (to another instance) instead of sending here again. Node
 * finishes the reply under way first, so nothing is cut mid-request.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}

/**
 * The graceful shutdown: drain, wait `drainMs` for the proxy to notice, then close the app (its
 * preClose hook closes the sockets with the reconnect code; the HTTP server closes idle connections
 * and waits for requests in flight; onClose stops jobs and the delivery worker and closes the
 * database). Bounding the whole is the caller's (server.ts: close-with-grace's delay).
 */
export async function shutDown(app: FastifyInstance, { drainMs }: { drainMs: number }): Promise<void> {
  startDraining();
  app.log.info({ drainMs }, 'draining: readiness fails, then the app closes');
  if (drainMs > 0) await sleep(drainMs);
  app.server.closeIdleConnections();
  await app.close();
}
