import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** A command on a connection that stopped answering gives up after this long (decision 063). */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long the app waits at start for its first Redis connection before serving without it. */
const FIRST_CONNECTION_MS = 2_000;

/**
 * The app's Redis client (rate limits, attempt counters; the bus has its own connections). Every
 * key carries the deployment's prefix, put on by the client itself so no caller can forget it.
 *
 * While Redis is away a command fails at once instead of waiting in ioredis' offline queue until
 * it is back (which held requests for as long as the outage lasted): each caller has its answer for
 * an outage, an in-process fallback or a 503 (lib/attempt-counter.ts, plugins/rate-limit-store.ts).
 * Reconnection is ioredis' own, retried every second at most.
 */
export async function connectRedis(url: string, prefix: string, log: FastifyBaseLogger): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  // ioredis reports every failed reconnection; the log says when Redis went away and came back.
  // Without a listener ioredis would print each one to the console.
  let away = false;
  redis.on('error', (error) => {
    if (away) return;
    away = true;
    log.warn({ err: error }, 'redis unreachable: rate limits fall back per instance, sign-in refuses');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    log.info('redis reachable again');
  });
  await firstConnection(redis);
  return redis;
}

/** Resolves once connected, or after FIRST_CONNECTION_MS: the first requests find Redis ready. */
function firstConnection(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, FIRST_CONNECTION_MS);
    redis.once('ready', done);
  });
}

/** Closes the client: politely when connected; at once when not (QUIT cannot be sent then). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}
