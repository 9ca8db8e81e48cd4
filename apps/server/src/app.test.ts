import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../test/app';

const t = useTestApp();

describe('platform', () => {
  it('reports the health of the database, bus and storage', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { ok: true },
      bus: { ok: true, kind: 'memory' },
      storage: { ok: true },
    });
  });

  it('documents every API route with its schemas at /api/docs', async () => {
    const res = await request(t.app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json() as {
      paths: Record<string, Record<string, { responses: object; requestBody?: object }>>;
    };
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([path, ops]) =>
        Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    // Every registered API route appears, with its path parameters in OpenAPI form.
    const registered = t.app.apiRoutes.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(registered.length).toBeGreaterThan(10);
    for (const route of registered) expect(documented, route).toContain(route);
    for (const expected of [
      'POST /api/auth/sign-up',
      'POST /api/auth/sign-in',
      'POST /api/auth/sign-out',
      'GET /api/me',
      'GET /api/me/settings',
      'PATCH /api/me/settings',
      'GET /api/notifications',
      'GET /api/health',
      'GET /api/photos/{id}',
    ]) {
      expect(registered).toContain(expected);
    }
    expect(spec.paths['/api/auth/sign-in']?.post?.requestBody).toBeDefined();
    expect(Object.keys(spec.paths['/api/me']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401']),
    );
  });

  it('answers unknown API routes with a 404 error body', async () => {
    const res = await request(t.app, 'GET', '/api/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('turns malformed JSON into a validation error, not a crash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('sends a strict content security policy', async () => {
    const res = await request(t.app, 'GET', '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
