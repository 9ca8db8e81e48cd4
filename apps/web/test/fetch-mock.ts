import { vi } from 'vitest';

/** What a mocked endpoint answers: a status (200 by default) and a JSON body (none for 204). */
export type MockReply = { status?: number; body?: unknown };
/** `query`: the URL's search string without '?' ('' when none). */
export type MockRequest = { method: string; path: string; query: string; body: unknown };
/** The start-up session check (GET /api/session) and its two answers. */
export const SESSION = 'GET /api/session';
export const SIGNED_OUT: MockReply = { body: { user: null } };
export const signedInAs = (me: unknown): MockReply => ({ body: { user: me } });

export type MockHandler = MockReply | ((request: MockRequest) => MockReply | Promise<MockReply>);

const unhandled: string[] = [];

function describe(input: RequestInfo | URL, init?: RequestInit): MockRequest {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, 'http://localhost');
  const method = (init?.method ?? 'GET').toUpperCase();
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  return { method, path: url.pathname, query: url.search.slice(1), body };
}

function refuse(request: MockRequest): Promise<never> {
  const label = `${request.method} ${request.path}`;
  unhandled.push(label);
  return Promise.reject(new Error(`Unhandled fetch: ${label}. Mock it in the test with mockApi().`));
}

/** Installed before every test: any request the test did not mock fails the test. */
export function installStrictFetch(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => refuse(describe(input, init))),
  );
}

/** Drains the list of requests nobody mocked (checked after each test). */
export function takeUnhandledRequests(): string[] {
  return unhandled.splice(0);
}

export function jsonReply(reply: MockReply): Response {
  const status = reply.status ?? 200;
  if (reply.body === undefined || status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(reply.body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** An API error reply in the server's shape. */
export function apiError(status: number, code: string, message: string): MockReply {
  return { status, body: { error: { code, message } } };
}

/** The date plans of each of these chats: none (every open chat reads them for its date bar). */
export function noDatePlans(...matchIds: string[]): Record<string, MockReply> {
  return Object.fromEntries(
    matchIds.map((id) => [`GET /api/matches/${id}/date-plans`, { body: { items: [] } }]),
  );
}

/** A reply that never arrives (for loading states). */
export const never = (): Promise<MockReply> => new Promise(() => {});

/**
 * Replaces fetch with exact "METHOD /path" routes for this test. Returns the recorded requests;
 * anything not listed is refused and fails the test.
 */
export function mockApi(routes: Record<string, MockHandler>) {
  const calls: MockRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = describe(input, init);
      calls.push(request);
      const handler = routes[`${request.method} ${request.path}`];
      if (!handler) return refuse(request);
      const reply = typeof handler === 'function' ? await handler(request) : handler;
      return jsonReply(reply);
    }),
  );
  return {
    calls,
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
  };
}
