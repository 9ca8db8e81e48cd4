import type { Redis } from 'ioredis';
import type { EventBus } from './adapters/bus';
import type { ObjectStorage } from './adapters/storage/types';
import type { AppConfig } from './config';
import type { DatabaseHandle, Db } from './db/client';
import type { AttemptCounter } from './lib/attempt-counter';
import type { Auth } from './modules/auth/auth';

/** What services need from the running app, passed explicitly instead of reaching for globals. */
export type AppContext = {
  config: AppConfig;
  database: DatabaseHandle;
  db: Db;
  storage: ObjectStorage;
  bus: EventBus;
  redis: Redis | undefined;
  auth: Auth;
  signInFailures: AttemptCounter;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every API route registered (method and path), for the documentation test. */
    apiRoutes: readonly { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** Set by the `requireMember` pre-handler; read it through `memberOf(request)`. */
    member: import('./plugins/session').Member | null;
  }
}
