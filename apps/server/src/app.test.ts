import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { request, startTestApp, TEST_AUTH_SECRET, TEST_ORIGIN, useTestApp } from '../test/app';
import { matchedPair } from '../test/discovery';
import { signedInMember } from '../test/factories';
import { TEST_ID_DOCUMENT_KEYS, TEST_MESSAGE_KEYS, TEST_VAPID } from '../test/message-keys';
import { loadConfig } from './config';

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
    // Helmet's other headers too, worked out once at start-up (plugins/security.ts), on every reply.
    for (const reply of [res, await request(t.app, 'GET', '/api/no-such-route')]) {
      expect(reply.headers['content-security-policy']).toBe(csp);
      expect(reply.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });
});

describe('behind a proxy', () => {
  it('keys per-address limits on the nearest untrusted hop with TRUST_PROXY=1, not a client-written one', async () => {
    const { trustProxy } = loadConfig(
      { TRUST_PROXY: '1', AUTH_SECRET: TEST_AUTH_SECRET },
      { messageKeys: TEST_MESSAGE_KEYS, idDocumentKeys: TEST_ID_DOCUMENT_KEYS, vapid: TEST_VAPID },
    );
    const proxied = await startTestApp({ trustProxy });
    const email = 'proxied-guess@example.test';
    const guess = (remoteAddress: string, forwardedFor: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress,
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
        payload: { email, password: 'wrong-password' },
      });
    const failuresFrom = (address: string) =>
      proxied.app.ctx.signInFailures.perAccountAndAddress.count(`${email}|${address}`);
    try {
      // Through our proxy on loopback: the address it saw, not the one the client wrote first.
      expect((await guess('127.0.0.1', '1.1.1.1, 2.2.2.2')).statusCode).toBe(401);
      expect(await failuresFrom('2.2.2.2')).toBe(1);
      expect(await failuresFrom('1.1.1.1')).toBe(0);
      // Straight from the internet: its own address, whatever it writes.
      expect((await guess('203.0.113.9', '3.3.3.3')).statusCode).toBe(401);
      expect(await failuresFrom('203.0.113.9')).toBe(1);
      expect(await failuresFrom('3.3.3.3')).toBe(0);
    } finally {
      await proxied.dispose();
    }
  });
});

describe('bad input everywhere', () => {
  it('refuses control characters in any body field, query string or path parameter with 400', async () => {
    const { session } = await signedInMember(t.app);
    const cases = [
      request(t.app, 'POST', '/api/auth/sign-up', {
        body: { email: 'nul\u0000@example.test', password: 'opal-terrace-5' },
      }),
      request(t.app, 'POST', '/api/auth/sign-in', {
        body: { email: 'a@example.test', password: 'pass\u0000word' },
      }),
      request(t.app, 'PATCH', '/api/me/settings', { session, body: { emergency_contact_name: 'Ann\u0000' } }),
      request(t.app, 'PATCH', '/api/me/settings', {
        session,
        body: { emergency_contact_name: 'Ann\u001b[2J' },
      }),
      request(t.app, 'GET', '/api/discovery/feed?cursor=abc%00def', { session }),
      request(t.app, 'GET', '/api/members/%00', { session }),
      // A right-to-left override reorders what others read: "x\u202Eevil" shows as "xlive".
      request(t.app, 'PATCH', '/api/me/profile', { session, body: { name: 'x\u202eevil' } }),
      // The C1 controls (U+0080–U+009F): U+009B is a terminal's escape, as ESC [ is.
      request(t.app, 'PATCH', '/api/me/profile', { session, body: { name: 'Ab\u009bc' } }),
      request(t.app, 'PATCH', '/api/me/settings', { session, body: { emergency_contact_name: 'Ann\u0085' } }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(res.json().error.message).toBe('Text must not contain control characters');
    }
    // Line breaks and tabs are text, not control: they reach the field's own rules.
    const multiline = await request(t.app, 'PATCH', '/api/me/settings', {
      session,
      body: { emergency_contact_name: 'Ann\tLee' },
    });
    expect(multiline.statusCode).toBe(200);
  });

  it('refuses invisible characters in a name, which would let one name pass for another', async () => {
    const { session } = await signedInMember(t.app, { name: 'Victoria' });
    const res = await request(t.app, 'PATCH', '/api/me/profile', {
      session,
      body: { name: 'Vic\u200btoria' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Names must not contain invisible characters',
    });
  });

  it('refuses a name that breaks the line, shows nothing or piles up accents', async () => {
    const { session } = await signedInMember(t.app, { name: 'Victoria' });
    const cases: Array<[string, string]> = [
      ['Chris\ntian', 'Names must fit on one line'],
      ['Chris\u2028tian', 'Names must fit on one line'],
      ['\u200e', 'Names must not contain invisible characters'],
      ['\u200d\u200c', 'Names must not contain invisible characters'],
      ['\u{1f600}\u{1f600}\u{1f600}', 'Your name must include at least one letter'],
      ['\u2800', 'Names must not contain invisible characters'],
      ['\u3164', 'Names must not contain invisible characters'],
      ['Vic\u180etoria', 'Names must not contain invisible characters'],
      ['Vic\u200dtoria', 'Names must not contain invisible characters'],
      ['Victoria\u{e0041}\u{e0042}', 'Names must not contain invisible characters'],
      ['\u{e0001}Victoria', 'Names must not contain invisible characters'],
      [`Ze${'\u0301'.repeat(48)}`, 'Names must not stack so many accents on one letter'],
    ];
    for (const [name, message] of cases) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // Names in other scripts and with marks and joiners as they are written still pass.
    for (const name of [
      'Nguye\u0302\u0303n Thi\u0323 Thu',
      'مریم\u200cسادات',
      'Zoë',
      'Анастасия',
      'सत्य',
      'မျှော်',
      '葛\u{e0100}城',
    ]) {
      const res = await request(t.app, 'PATCH', '/api/me/profile', { session, body: { name } });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a message that would arrive as an empty bubble', async () => {
    const { him, matchId } = await matchedPair(t.app);
    for (const content of ['\u200b', '\u200b\u200b\u2060\u3164', ' \u2800 ']) {
      const res = await request(t.app, 'POST', `/api/matches/${matchId}/messages`, {
        session: him.session,
        body: { id: randomUUID(), content },
      });
      expect(res.statusCode, JSON.stringify(content)).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Message cannot be empty',
      });
    }
  });

  it('refuses a password of one character repeated, six spaces included', async () => {
    for (const password of ['      ', 'zzzzzzzz']) {
      const res = await request(t.app, 'POST', '/api/auth/sign-up', {
        body: { email: `repeat-${password.length}@example.test`, password },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'WEAK_PASSWORD',
        message: 'This password is too common. Choose a less predictable one.',
      });
    }
  });
});

describe('errors Fastify and Node produce themselves', () => {
  it('share the one error shape: unknown paths and methods, too large a body', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await t.app.inject({ method: 'DELETE', url: '/api/me', headers: { origin: 'http://localhost:3000' } }),
      await t.app.inject({ method: 'GET', url: '/api' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(Object.keys(res.json())).toEqual(['error']);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' } });
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Malformed request' } });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000' },
      payload: 'hello',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.code).toBe('VALIDATION_FAILED');
    // A body type no route reads (an HTML form post) is refused as such, not as a validation failure.
    const formPost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:3000' },
      payload: 'email=a%40example.test&password=x',
    });
    expect(formPost.statusCode).toBe(415);
    expect(formPost.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This type of request body is not accepted here' },
    });
  });

  it('answers oversized headers (431) and a missing Host header (400) in the same shape, from a real socket', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      // Also one that names an Upgrade it is not making (no `Connection: upgrade`).
      for (const extra of ['', 'Upgrade: h2c\r\n']) {
        const noHost = await rawRequest(
          new URL(address),
          `GET /api/me HTTP/1.1\r\n${extra}Connection: close\r\n\r\n`,
        );
        expect(noHost, extra).toMatch(/^HTTP\/1\.1 400 /);
        expect(noHost.toLowerCase()).toContain('cache-control: no-store');
        expect(JSON.parse(noHost.slice(noHost.indexOf('\r\n\r\n') + 4))).toEqual({
          error: { code: 'VALIDATION_FAILED', message: 'Malformed request' },
        });
      }

      const reply = await rawRequest(
        new URL(address),
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      );
      expect(reply).toMatch(/^HTTP\/1\.1 431 /);
      const json = JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4));
      expect(json).toEqual({
        error: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' },
      });
    } finally {
      await t.app.server.close();
    }
  });
});

function rawRequest(url: URL, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(raw));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}
