import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { EventBus } from '../src/adapters/bus';
import { createMemoryBus } from '../src/adapters/bus/memory';
import { createRedisBus } from '../src/adapters/bus/redis';
import { createMemoryStorage } from '../src/adapters/storage/memory';
import { type App, type BuildOptions, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { emptyAppTables, openTestDatabase, workerTestDatabase } from './database';
import { TEST_ID_DOCUMENT_KEYS, TEST_MESSAGE_KEYS, TEST_VAPID } from './message-keys';

export const TEST_ORIGIN = 'http://localhost:3000';
export const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: TEST_ORIGIN, DATA_DIR: '/tmp/rc-test-data' },
    {
      authSecret: TEST_AUTH_SECRET,
      messageKeys: TEST_MESSAGE_KEYS,
      idDocumentKeys: TEST_ID_DOCUMENT_KEYS,
      vapid: TEST_VAPID,
      databaseInMemory: true,
      seedDemo: false,
      rateLimits: {
        apiPerAddressPerMinute: 100_000,
        authPerAddressPerMinute: 100_000,
        uploadsPerAddressPerMinute: 100_000,
        waitlistPerAddressPerHour: 100_000,
        authMailPerAddressPerHour: 100_000,
        authFailuresPerAccountPer15Min: 1_000,
        authFailuresPerAccountPerHour: 10_000,
      },
      ...overrides,
    },
  );
}

export type TestAppOptions = {
  /**
   * 'file' (default): one app for the test file, on the worker's database emptied for it (the
   * template's state); tests create their own members with unique e-mails. 'test': every test starts from the template's state — no rows — for tests that
   * read lists spanning all members (the feed, search) and must see only their own. The file's copy
   * is emptied after each test (one TRUNCATE of the app's tables, ~60 ms), which leaves exactly what
   * a fresh copy would hold at a tenth of the cost of loading one.
   */
  isolation?: 'file' | 'test';
  build?: Omit<BuildOptions, 'database'>;
};

/** A test app on `database`: memory storage and bus, no logger, jobs off unless asked for. */
export async function readyTestApp(
  database: DatabaseHandle,
  overrides: Partial<AppConfig>,
  build: TestAppOptions['build'],
) {
  const app = await buildApp(testConfig(overrides), {
    storage: createMemoryStorage(),
    bus: createMemoryBus(),
    logger: false,
    jobs: false,
    ...build,
    database,
  });
  await app.ready();
  return app;
}

/** An app on its own fresh copy of the migrated template database, for tests that need one. */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  build: TestAppOptions['build'] = {},
  database: { onStatement?: () => void } = {},
) {
  const handle = await openTestDatabase(database);
  const app = await readyTestApp(handle, overrides, build);
  return {
    app,
    async dispose() {
      await app.close();
      await handle.dispose();
    },
  };
}

export function useTestApp(overrides: Partial<AppConfig> = {}, options: TestAppOptions = {}) {
  const state = {} as { app: App; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const database = await workerTestDatabase();
    await emptyAppTables(database.db);
    const app = await readyTestApp(database, overrides, options.build);
    state.app = app;
    // The app leaves the worker's database open: the next file empties and reuses it.
    state.dispose = () => app.close();
  });
  if (options.isolation === 'test') {
    afterEach(async () => {
      await emptyAppTables(state.app.ctx.db);
    });
  }
  afterAll(async () => {
    await state.dispose?.();
  });
  return {
    get app() {
      return state.app;
    },
  };
}

export type Session = { cookie: string; userId: string };

/** Shorthand for a same-origin request as the browser would make it, optionally signed in. */
export function request(
  app: App,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  options: { session?: Session | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      origin: TEST_ORIGIN,
      ...(options.session ? { cookie: options.session.cookie } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.map((c) => c.split(';')[0]).join('; ');
}

/**
 * An app on its own database whose SQL statements are counted: reset `statements` before the
 * requests to count.
 */
export function useCountedApp() {
  const state = { statements: 0 } as { app: App; statements: number; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const started = await startTestApp({}, {}, { onStatement: () => (state.statements += 1) });
    state.app = started.app;
    state.dispose = started.dispose;
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return state;
}

/**
 * Two API instances on one database, as two servers behind a load balancer. They share one
 * in-process bus, or, with `redisBusFrom` (CI's PostgreSQL pass sets TEST_REDIS_URL), each gets its
 * own Redis bus, exactly as two servers would. `config` is both instances' (e.g. `redisUrl`, for
 * the counters every instance must share).
 */
export function useTwoInstances(
  build: Omit<BuildOptions, 'database' | 'bus'> = {},
  { redisBusFrom, config = {} }: { redisBusFrom?: string; config?: Partial<AppConfig> } = {},
) {
  const state = {} as { a: App; b: App; dispose?: () => Promise<void> };
  beforeAll(async () => {
    const database = await openTestDatabase();
    const shared = createMemoryBus();
    // One deployment's channel for the pair, which no other test's pair on the same Redis hears.
    const channelPrefix = `rc-test:${randomUUID()}:`;
    const buses: EventBus[] = [];
    const busFor = async (): Promise<EventBus> => {
      const bus = redisBusFrom ? await createRedisBus(redisBusFrom, channelPrefix) : shared;
      buses.push(bus);
      return bus;
    };
    const instance = async () =>
      buildApp(testConfig(config), {
        storage: createMemoryStorage(),
        logger: false,
        jobs: false,
        ...build,
        database,
        bus: await busFor(),
      });
    state.a = await instance();
    state.b = await instance();
    await Promise.all([state.a.ready(), state.b.ready()]);
    state.dispose = async () => {
      await state.a.close();
      await state.b.close();
      // The apps were handed their buses, so they leave them open.
      await Promise.all([...new Set(buses)].map((bus) => bus.close()));
      await database.dispose();
    };
  });
  afterAll(async () => {
    await state.dispose?.();
  });
  return state;
}

/** Runs `body` with the app's error log captured (each call's arguments), then puts the log back. */
export async function withErrorLog<T>(app: App, body: (errors: unknown[][]) => Promise<T>): Promise<T> {
  const errors: unknown[][] = [];
  const original = app.ctx.log.error;
  app.ctx.log.error = ((...args: unknown[]) => void errors.push(args)) as typeof original;
  try {
    return await body(errors);
  } finally {
    app.ctx.log.error = original;
  }
}
