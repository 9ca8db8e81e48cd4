import cookie from '@fastify/cookie';
import { AppError, ErrorCode } from '@royal/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { request, TEST_ORIGIN, testConfig, useTestApp } from '../../test/app';
import { signedInMember } from '../../test/factories';
import { registerErrorHandling } from './errors';
import { isApiPath, registerSecurity } from './security';

const t = useTestApp();

describe('Cache-Control: no-store on API replies', () => {
  it('is set on successful replies, signed in or not', async () => {
    expect((await request(t.app, 'GET', '/api/health/live')).headers['cache-control']).toBe('no-store');
    expect((await request(t.app, 'GET', '/api/health?verbose=1')).headers['cache-control']).toBe('no-store');
    const { session } = await signedInMember(t.app);
    const me = await request(t.app, 'GET', '/api/me', { session });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('is set on errors: 401, 404, 400 and the cross-origin 403', async () => {
    const signedOut = await request(t.app, 'GET', '/api/me');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');

    const missing = await request(t.app, 'GET', '/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');

    const invalid = await request(t.app, 'POST', '/api/auth/sign-up', { body: { email: 'not-an-email' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');

    const crossOrigin = await request(t.app, 'POST', '/api/auth/sign-out', {
      headers: { origin: 'https://evil.example' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.headers['cache-control']).toBe('no-store');
  });

  it("is set on the photo route's refusals, though its photos choose their own caching", async () => {
    const url = '/api/photos/00000000-0000-4000-8000-000000000000?size=large';
    const signedOut = await request(t.app, 'GET', url);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const { session } = await signedInMember(t.app);
    for (const path of [url, '/api/photos/00000000-0000-4000-8000-000000000000?size=huge']) {
      const refused = await request(t.app, 'GET', path, { session });
      expect(refused.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(refused.headers['cache-control'], path).toBe('no-store');
    }
  });

  it("replaces what a plugin set: the API docs' own files", async () => {
    const res = await request(t.app, 'GET', '/api/docs/static/logo.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('knows which paths are API paths', () => {
    for (const url of ['/api', '/api/', '/api/me', '/api?x=1', '/api/docs/json'])
      expect(isApiPath(url), url).toBe(true);
    for (const url of ['/', '/apix', '/apiary', '/assets/api/x.js', '/members/api'])
      expect(isApiPath(url), url).toBe(false);
  });
});

describe('Cache-Control: no-store under the rate limit', () => {
  // Only the general API limit is low here; the other limits keep the test helpers' values.
  const limited = useTestApp({ rateLimits: { ...testConfig().rateLimits, apiPerAddressPerMinute: 2 } });

  it('is set on the 429', async () => {
    let last = await request(limited.app, 'GET', '/api/me');
    for (let i = 0; i < 5 && last.statusCode !== 429; i++)
      last = await request(limited.app, 'GET', '/api/me');
    expect(last.statusCode).toBe(429);
    expect(last.json().error.code).toBe('RATE_LIMITED');
    expect(last.headers['cache-control']).toBe('no-store');
  });
});

describe('Cache-Control chosen by a route', () => {
  it('is kept when the route declares its own caching (photos); not otherwise; other paths get nothing added', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    await app.register(cookie);
    await registerSecurity(app, testConfig(), undefined);
    app.get('/api/own', { config: { ownCaching: true } }, async (_request, reply) =>
      reply.header('cache-control', 'private, max-age=3600').send({ ok: true }),
    );
    // A route (or a plugin's) that sets a header without declaring it gets no-store all the same.
    app.get('/api/undeclared', async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=0').send({ ok: true }),
    );
    app.get('/api/default', async () => ({ ok: true }));
    // Its refusals are not what it caches: no-store, as every other error.
    app.get('/api/own-refused', { config: { ownCaching: true } }, async () => {
      throw new AppError(ErrorCode.NOT_FOUND, 'Photo not found');
    });
    app.get('/not-api', async () => 'page');
    await app.ready();
    const headers = { origin: TEST_ORIGIN };
    expect((await app.inject({ url: '/api/own', headers })).headers['cache-control']).toBe(
      'private, max-age=3600',
    );
    expect((await app.inject({ url: '/api/undeclared', headers })).headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/api/default', headers })).headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ url: '/api/own-refused', headers });
    expect(refused.statusCode).toBe(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ url: '/not-api', headers })).headers['cache-control']).toBeUndefined();
    await app.close();
  });
});
