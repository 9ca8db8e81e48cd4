import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createMemoryBus } from '../src/adapters/bus/memory';
import { type App, buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import { createMemoryStorage } from '../src/db/seed/memory-storage';
import { openTestDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:3000';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_ORIGIN: TEST_ORIGIN, DATA_DIR: '/tmp/rc-test-data' },
    {
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      databaseInMemory: true,
      seedDemo: false,
      rateLimits: {
        apiPerAddressPerMinute: 100_000,
        authPerAddressPerMinute: 100_000,
        authFailuresPerAccountPer15Min: 1_000,
      },
      ...overrides,
    },
  );
}

/**
 * One app and one database per test file (PGlite takes seconds to open). Tests create their own
 * members with unique e-mails, so they never depend on each other's rows or order.
 */
export function useTestApp(overrides: Partial<AppConfig> = {}) {
  const state = {} as { app: App; dispose: () => Promise<void> };
  beforeAll(async () => {
    const database = await openTestDatabase();
    const app = await buildApp(testConfig(overrides), {
      database,
      storage: createMemoryStorage(),
      bus: createMemoryBus(),
      logger: false,
    });
    await app.ready();
    state.app = app;
    state.dispose = async () => {
      await app.close();
      await database.dispose();
    };
  });
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
