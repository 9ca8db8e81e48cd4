import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, useTestApp } from '../../../test/app';
import type { App } from '../../app';

// GET /metrics (decision 066): readable from METRICS_ALLOW (loopback by default) or with the token,
// refused with 403 FORBIDDEN from anywhere else, and a forwarded header lets no outsider in.

const OUTSIDER = '203.0.113.9';
const TOKEN = 'metrics-test-token-0123456789abcdef0123456789';

const scrape = (app: App, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

function expectRefused(response: Awaited<ReturnType<typeof scrape>>) {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({
    error: {
      code: 'FORBIDDEN',
      message: "Metrics are readable only from the operators' addresses or with the metrics token",
    },
  });
  expect(response.body).not.toContain('http_requests_total');
}

/** A sample's value in the exposition text: `name{labels} value`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with the default settings (loopback only, no token)', () => {
  const t = useTestApp();

  it('is refused from an address outside the allowed range', async () => {
    expectRefused(await scrape(t.app, OUTSIDER));
    expectRefused(await scrape(t.app, '10.0.0.7'));
    // No token is configured: a bearer token opens nothing.
    expectRefused(await scrape(t.app, OUTSIDER, { authorization: `Bearer ${TOKEN}` }));
  });

  it('is scraped from loopback, with request rates and latencies per route pattern after some requests', async () => {
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/health/live' });
    const secret = `/api/no-such-route-${Date.now()}`;
    await t.app.inject({ method: 'GET', url: secret });
    await t.app.inject({ method: 'GET', url: '/api/members/00000000-0000-4000-8000-000000000000' });

    const response = await scrape(t.app, '127.0.0.1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(
      sample(text, 'http_requests_total{method="GET",route="/api/health/live",status_class="2xx"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health/live"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health/live"}',
    );
    expect(sample(text, 'http_request_errors_total{method="GET",route="/api/health/live"}')).toBe(0);
    // The route's pattern, never the URL: an unknown path is one series, its text nowhere.
    expect(text).toContain('route="/api/members/:id"');
    expect(text).toContain('http_requests_total{method="GET",route="unmatched",status_class="4xx"}');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');

    // The scrape-time gauges and the process's own figures.
    expect(sample(text, 'royal_metrics_database_read_ok')).toBe(1);
    expect(sample(text, 'royal_outbox_lag_seconds{outbox="events"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'royal_outbox_pending{outbox="emails"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'royal_realtime_sockets')).toBe(0);
    expect(sample(text, 'royal_payment_failures_total{kind="checkout_declined"}')).toBe(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('process_cpu_seconds_total');
    // PGlite is one connection, not a pool: no pool figures there.
    if (t.app.ctx.database.kind === 'postgres') expect(text).toContain('royal_db_pool_clients{state="idle"}');
  });

  it('admits IPv6 loopback and loopback written as an IPv4-mapped address', async () => {
    expect((await scrape(t.app, '::1')).statusCode).toBe(200);
    expect((await scrape(t.app, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('lets no forwarded header in: an outsider naming loopback, or a proxy nobody declared', async () => {
    // An outsider writing the header itself: TRUST_PROXY is off, the connection's address counts.
    expectRefused(await scrape(t.app, OUTSIDER, { 'x-forwarded-for': '127.0.0.1' }));
    expectRefused(await scrape(t.app, OUTSIDER, { forwarded: 'for=127.0.0.1' }));
    // A proxy on this machine that TRUST_PROXY does not name would make everyone look like loopback:
    // a request naming a forwarded client is not admitted by address.
    expectRefused(await scrape(t.app, '127.0.0.1', { 'x-forwarded-for': OUTSIDER }));
    expectRefused(await scrape(t.app, '127.0.0.1', { 'x-real-ip': OUTSIDER }));
  });
});

describe('GET /metrics behind our proxy (TRUST_PROXY=1)', () => {
  const t = useTestApp({ trustProxy: 1 });

  it('judges the client the proxy saw, whatever the client wrote in X-Forwarded-For', async () => {
    // The proxy (loopback, trusted) appends the address it saw to what the client sent.
    expectRefused(await scrape(t.app, '127.0.0.1', { 'x-forwarded-for': OUTSIDER }));
    expectRefused(await scrape(t.app, '127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${OUTSIDER}` }));
    expectRefused(await scrape(t.app, '127.0.0.1', { 'x-forwarded-for': `::1, ${OUTSIDER}` }));
    // A client reaching the instance directly is no proxy of ours: its own address counts.
    expectRefused(await scrape(t.app, OUTSIDER, { 'x-forwarded-for': '127.0.0.1' }));
    // A scrape from this machine through the proxy, and one straight to the instance.
    expect((await scrape(t.app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    expect((await scrape(t.app, '127.0.0.1')).statusCode).toBe(200);
  });
});

describe('GET /metrics with a token and no address range', () => {
  let app: App;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ app, dispose } = await startTestApp({ metrics: { allow: [], token: TOKEN } }));
  });
  afterAll(async () => {
    await dispose();
  });

  it('admits the bearer of the token from anywhere, and nobody else, loopback included', async () => {
    expect((await scrape(app, OUTSIDER, { authorization: `Bearer ${TOKEN}` })).statusCode).toBe(200);
    expect((await scrape(app, OUTSIDER, { authorization: `bearer ${TOKEN}` })).statusCode).toBe(200);
    expectRefused(await scrape(app, '127.0.0.1'));
    expectRefused(await scrape(app, OUTSIDER, { authorization: `Bearer ${TOKEN}x` }));
    expectRefused(await scrape(app, OUTSIDER, { authorization: `Bearer ${TOKEN.slice(0, -1)}` }));
    expectRefused(await scrape(app, OUTSIDER, { authorization: TOKEN }));
    expectRefused(await scrape(app, OUTSIDER, { authorization: 'Bearer ' }));
  });
});
