import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { AppError, ErrorCode } from '@royal/shared';
import type { Redis } from 'ioredis';

/**
 * Marks a route's rate limit as one that refuses while Redis is away (decision 063): the routes that
 * check a password, a code or a link, or that send mail or take an application. Their limit is what
 * stands between a guesser and an account, and an in-process fallback would give each instance its
 * own budget. The mark is a symbol property: @fastify/rate-limit merges a route's limit into its
 * store's options with Object.assign, which copies it, so the store sees it in `child`.
 */
const FAILS_CLOSED = Symbol('rate limit fails closed');

export function failsClosed<T extends object>(limit: T): T {
  return { ...limit, [FAILS_CLOSED]: true };
}

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type StoreCtor = new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  ...rest: unknown[]
) => FastifyRateLimitStore;

// The plugin's own two stores (its package has no `exports` map, so their files are reachable), so
// that with Redis up nothing differs from the plugin's default Redis store.
const load = createRequire(import.meta.url);
const RedisStore = load('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = load('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { [FAILS_CLOSED]?: true };

class OutageAwareStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly closed: boolean,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        // The AppError reaches the error handler as the request's refusal: 503 with Retry-After.
        if (this.closed) return callback(new AppError(ErrorCode.SERVICE_UNAVAILABLE));
        // Reads and ordinary writes go on, counted by this instance alone until Redis is back.
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    return new OutageAwareStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      routeOptions[FAILS_CLOSED] === true,
    );
  }
}

/**
 * The rate limits' store with Redis: counts in Redis (every instance shares them), and when Redis
 * cannot answer, fails open to an in-process count — or, for a route marked `failsClosed`, refuses.
 */
export function outageAwareStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends OutageAwareStore {
    // The plugin constructs the store with its global settings, these two among them (untyped there).
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        false,
      );
    }
  };
}
