import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../test/app';
import { signedInMember } from '../../test/factories';
import { cacheControlFor, IMMUTABLE, REVALIDATE } from './web';

// A web build as Vite (plus the compression step) writes it, in a temporary folder: index.html and a
// hashed script with their .br/.gz siblings, the script's source map, a favicon, a dotfile, and a
// symlink pointing out of the folder. `secret.txt` sits beside the build and must never be reachable.
const base = mkdtempSync(join(tmpdir(), 'rc-web-'));
const dist = join(base, 'dist');
const SCRIPT = 'assets/index-AbCd12_-.js';
const INDEX =
  '<!doctype html><html><head><title>Royal Circle</title></head><body><div id="root"></div></body></html>';
const JS = `console.log(${JSON.stringify('royal '.repeat(200))});\n//# sourceMappingURL=index-AbCd12_-.js.map\n`;
mkdirSync(join(dist, 'assets'), { recursive: true });
const SIGNIN = INDEX.replace(
  '<div id="root">',
  '<div id="root" data-prerendered="signin"><main>Sign in</main>',
);
for (const [file, text] of [
  ['index.html', INDEX],
  ['signin.html', SIGNIN],
  [SCRIPT, JS],
] as const) {
  writeFileSync(join(dist, file), text);
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
}
writeFileSync(join(dist, `${SCRIPT}.map`), '{"version":3,"sources":["../src/main.tsx"],"mappings":""}');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// The installable app's files (docs/decisions/070): the service worker, the two faces' manifests.
const WORKER = 'self.addEventListener("fetch", () => {});\n';
const MANIFEST = JSON.stringify({ name: 'Royal Circle', start_url: '/app', icons: [] });
const NEUTRAL_MANIFEST = JSON.stringify({ name: 'Circle', start_url: '/app', icons: [] });
writeFileSync(join(dist, 'sw.js'), WORKER);
writeFileSync(join(dist, 'manifest.webmanifest'), MANIFEST);
writeFileSync(join(dist, 'manifest-neutral.webmanifest'), NEUTRAL_MANIFEST);
writeFileSync(join(dist, '.env'), 'SECRET=dotfile');
writeFileSync(join(base, 'secret.txt'), 'TOP SECRET outside dist');
symlinkSync(join(base, 'secret.txt'), join(dist, 'leak.txt'));

const t = useTestApp({ webDist: dist });
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const varyOn = (header: unknown) =>
  String(header)
    .split(',')
    .map((v) => v.trim().toLowerCase());

/** A request over a real socket, so the path reaches the server exactly as written (no URL clean-up). */
async function raw(path: string): Promise<{ status: number; body: string }> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web app: precompressed assets', () => {
  it('sends brotli to a client that accepts br', async () => {
    const res = await get(`/${SCRIPT}`, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(varyOn(res.headers.vary)).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('prefers brotli when both are accepted, gzip when only gzip is', async () => {
    expect(
      (await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding'],
    ).toBe('br');
    const gz = await get(`/${SCRIPT}`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOn(gz.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);
  });

  it('sends the plain file otherwise, still varying on Accept-Encoding', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'deflate' },
    ];
    for (const headers of variants) {
      const res = await get(`/${SCRIPT}`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varyOn(res.headers.vary)).toContain('accept-encoding');
      expect(res.body).toBe(JS);
    }
  });

  it('caches hashed assets for a year, whatever the encoding; HEAD works too', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(`/${SCRIPT}`, { 'accept-encoding': encoding });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: `/${SCRIPT}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('makes everything that is not a hashed asset revalidate', async () => {
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect(cacheControlFor('assets/index-AbCd12_-.js.br')).toBe(IMMUTABLE);
    expect(cacheControlFor('assets/logo.svg')).toBe(REVALIDATE);
    expect(cacheControlFor('index.html')).toBe(REVALIDATE);
    expect(cacheControlFor('favicon-AbCd12_-.svg')).toBe(REVALIDATE);
  });
});

describe('web app: what is never served', () => {
  it('answers 404 for source maps, even though the build holds one', async () => {
    for (const url of [`/${SCRIPT}.map`, `/${SCRIPT}.map?x=1`, `/${SCRIPT.replace('.js', '.JS')}.MAP`]) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('mappings');
      expect(res.body).not.toContain('<!doctype html>');
    }
  });

  it('answers 404 for the compressed siblings asked for by name, and for missing assets', async () => {
    expect((await get(`/${SCRIPT}.br`)).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
    const missing = await get('/assets/gone-ZZZZ9999.js', { accept: 'text/html' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<!doctype html>');
  });

  it('answers 404 for a directory', async () => {
    for (const url of ['/assets', '/assets/']) expect((await get(url)).statusCode).toBe(404);
  });

  it('never sends a dotfile or a file behind a symlink out of the build', async () => {
    for (const url of ['/.env', '/leak.txt']) {
      const res = await get(url);
      expect(res.body).not.toContain('SECRET');
    }
  });

  it('refuses dot-dot paths, plain or encoded, and never escapes the build folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%5csecret.txt',
      '/assets/%00/../secret.txt',
      '/%zz',
    ];
    for (const url of attempts) {
      const injected = await get(url);
      expect(injected.body, url).not.toContain('TOP SECRET');
      const overSocket = await raw(url);
      expect(overSocket.body, url).not.toContain('TOP SECRET');
      expect(overSocket.status, url).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('web app: single-page fallback', () => {
  it('sends index.html for / and deep links, revalidated, precompressed when accepted', async () => {
    for (const url of ['/', '/index.html', '/discover', '/members/123?tab=photos', '/some/deep/link/']) {
      const plain = await get(url);
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-type']).toMatch(/^text\/html/);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(INDEX);
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(varyOn(br.headers.vary)).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('sends a prerendered page for its own path only, revalidated and precompressed', async () => {
    for (const url of ['/signin', '/signin?next=%2Fapp']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(SIGNIN);
    }
    for (const url of ['/signin/more', '/app/signin', '/signi'])
      expect((await get(url)).body, url).toBe(INDEX);
  });

  it('sends a signed-in member from a prerendered (signed-out) page to the app', async () => {
    const { session } = await signedInMember(t.app);
    for (const url of ['/signin', '/signin?next=%2Fapp']) {
      const res = await request(t.app, 'GET', url, { session });
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe('/app');
      expect(varyOn(res.headers.vary)).toContain('cookie');
    }
    // A signed-out visitor, or one whose cookie names no session, gets the page.
    const stale = await get('/signin', { cookie: 'rc.session_token=not-a-session' });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toBe(SIGNIN);
    expect(varyOn(stale.headers.vary)).toContain('cookie');
  });

  it('leaves unknown API paths as API 404s', async () => {
    for (const url of ['/api/nope', '/api/members/x/y/z', '/api']) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const health = await get('/api/health/live');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
  });
});

describe('web app: the installable app', () => {
  it('sends the service worker as a script that is revalidated on every update check', async () => {
    for (const encoding of ['br, gzip', 'identity']) {
      const res = await get('/sw.js', { 'accept-encoding': encoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(WORKER);
    }
  });

  it('sends both faces of the manifest as application/manifest+json, revalidated', async () => {
    for (const [url, body] of [
      ['/manifest.webmanifest', MANIFEST],
      ['/manifest-neutral.webmanifest', NEUTRAL_MANIFEST],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^application\/manifest\+json/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(body);
    }
  });

  it('answers 404 for a worker script or manifest the build does not have, never the app page', async () => {
    const expectNotFound = async (url: string) => {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<!doctype html>');
    };
    for (const url of ['/workbox-1a2b3c4d.js', '/other.webmanifest']) await expectNotFound(url);
    // A build without its worker (the file is moved out for this check, then back).
    renameSync(join(dist, 'sw.js'), join(base, 'sw.js'));
    try {
      await expectNotFound('/sw.js');
      await expectNotFound('/sw.js?v=2');
    } finally {
      renameSync(join(base, 'sw.js'), join(dist, 'sw.js'));
    }
    // The app's own pages fall back as before, whatever they are called.
    expect((await get('/sw')).body).toBe(INDEX);
  });
});
