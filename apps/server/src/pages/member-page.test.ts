import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { APP_LOCK_COOKIE, leadPhotoOf, pageJsonScript, scriptSafeJson } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, type Session, startTestApp, useTestApp } from '../../test/app';
import { ageAllocator, viewerWithOneCard } from '../../test/discovery';
import type { MemberOptions } from '../../test/factories';
import type { App } from '../app';
import { profiles, safetySettings } from '../db/schema';
import { renderedPageHtml, repliesJson } from './rendered-page';

// A web build as Vite writes it — app.html with its module preloads and the #root the server fills —
// and, beside it, a stand-in for the server-side renderer the build writes (dist-ssr/): it draws
// who the page is for and the lead photo, from the replies it is given, or refuses by name.
const base = mkdtempSync(join(tmpdir(), 'rc-member-page-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const dist = join(base, 'dist');
mkdirSync(join(dist, 'assets'), { recursive: true });
mkdirSync(join(base, 'dist-ssr'));
const PAGE = `<!doctype html>
<html lang="en" class="dark">
  <head>
    <script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-AbCd1234.js">
  </head>
  <body>
    <div id="root">
      <p>Loading...</p>
    </div><!--/root-->
  </body>
</html>
`;
writeFileSync(join(dist, 'index.html'), PAGE);
writeFileSync(join(dist, 'app.html'), PAGE);
writeFileSync(
  join(base, 'dist-ssr', 'page-renderer.js'),
  `export async function renderPage(path, replies) {
  const user = replies['/api/session']?.user;
  if (!user) return null;
  if (user.name.startsWith('Broken')) throw new Error('the renderer broke');
  if (user.name.startsWith('Undrawable')) return null;
  const lead = replies['/api/discovery/feed']?.items?.[0]?.photos?.[0]?.url ?? '';
  return {
    markup: '<main data-path="' + path + '" data-member="' + user.id + '"><img src="' + lead + '"></main>',
    mergedClasses: { 'px-4 py-2 px-6': 'py-2 px-6', 'flex gap-2': 1 },
  };
}
`,
);

const t = useTestApp({ webDist: dist }, { isolation: 'test' });
const nextAge = ageAllocator();

const SESSION_HINT = '</api/session>; rel=preload; as=fetch; crossorigin=use-credentials';
const FIRST_REPLIES = ['/api/session', '/api/notifications', '/api/me/settings', '/api/discovery/feed'];

const viewerWithFeed = (viewer: MemberOptions = {}) => viewerWithOneCard(t.app, nextAge, viewer);

const page = (url: string, session?: Session, headers: Record<string, string> = {}) =>
  request(t.app, 'GET', url, { ...(session ? { session } : {}), headers });

/** The replies a page carries, as the browser reads them. */
function pageData(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] === undefined ? undefined : (JSON.parse(match[1]) as Record<string, unknown>);
}

describe("a member's /app rendered on the server", () => {
  it("carries the member's first screen and exactly the replies their own requests get", async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/app', session);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain(`<div id="root" data-prerendered="member" inert><main data-path="/app"`);
    expect(res.body).toContain(`data-member="${session.userId}"`);

    const data = pageData(res.body);
    expect(Object.keys(data ?? {}).sort()).toEqual([...FIRST_REPLIES].sort());
    for (const url of FIRST_REPLIES) {
      const own = await request(t.app, 'GET', url, { session });
      expect(own.statusCode).toBe(200);
      expect(data?.[url], url).toEqual(own.json());
    }
    // The lead photo is drawn, and hinted; the replies are not fetched again, so not hinted.
    const photo = leadPhotoOf((data?.['/api/discovery/feed'] ?? undefined) as never);
    expect(photo).toMatch(/^\/api\/photos\//);
    expect(res.body).toContain(`<img src="${photo}">`);
    expect(res.headers.link).toBe(`<${photo}>; rel=preload; as=image; fetchpriority=high`);
    // Its scripts start after the first paint: none is preloaded ahead of the page.
    expect(res.body).not.toContain('modulepreload');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-AbCd1234.js">');
  });

  it('is the plain shell on a device that asks for its app PIN first: nothing of the member paints before it', async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/app', session, { cookie: `${session.cookie}; ${APP_LOCK_COOKIE}=1` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-prerendered="member"');
    expect(pageData(res.body)).toBeUndefined();
    expect(res.body).not.toContain(session.userId);
  });

  it('is theirs alone: never stored by a cache, never reused for another cookie', async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/app', session);
    expect(res.headers['cache-control']).toBe('no-store, private');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
  });

  it("gives each member their own page: never another member's session or feed", async () => {
    const a = await viewerWithFeed();
    const b = await viewerWithFeed();
    const pageA = pageData((await page('/app', a.session)).body);
    const pageB = pageData((await page('/app', b.session)).body);
    expect(pageA?.['/api/session']).toMatchObject({ user: { id: a.session.userId } });
    expect(pageB?.['/api/session']).toMatchObject({ user: { id: b.session.userId } });
    expect(JSON.stringify(pageA)).not.toContain(b.woman.id);
    expect(JSON.stringify(pageB)).not.toContain(a.woman.id);
  });

  it('sends a visitor who is not signed in to sign in, before the app asks for member data', async () => {
    for (const cookie of [undefined, 'rc.session_token=ended.c2lnbmF0dXJl']) {
      const res = await t.app.inject({ url: '/app', headers: cookie ? { cookie } : {} });
      expect(res.statusCode, cookie).toBe(303);
      expect(res.headers.location).toBe('/signin');
      expect(res.headers.vary).toMatch(/cookie/i);
    }
  });

  it('is not rendered where the routes would refuse the member', async () => {
    for (const options of [{ onboarded: false }, { compliant: false }] satisfies MemberOptions[]) {
      const { session } = await viewerWithFeed(options);
      const res = await page('/app', session);
      expect(pageData(res.body)).toBeUndefined();
      expect(res.body).toContain('<p>Loading...</p>');
      expect(res.headers.link).toBe(SESSION_HINT);
    }
  });

  it('is rendered for /app only: other member pages start in the browser', async () => {
    const { session } = await viewerWithFeed();
    // A chat's own URL (decision 042) is such a page too: a reload or a shared link gets the shell,
    // and the app asks the API for that chat, which answers only the match's own members.
    for (const url of ['/interests', '/messages', '/messages/0a0a0a0a-1111-4222-8333-444455556666']) {
      const res = await page(url, session);
      expect(res.statusCode, url).toBe(200);
      expect(pageData(res.body), url).toBeUndefined();
      expect(res.headers.link, url).toBe(SESSION_HINT);
    }
  });

  it('falls back to the page that starts in the browser when the renderer refuses or fails', async () => {
    for (const name of ['Undrawable Ursula', 'Broken Bea']) {
      const { session } = await viewerWithFeed({ name });
      const res = await page('/app', session);
      expect(res.statusCode).toBe(200);
      expect(pageData(res.body)).toBeUndefined();
      expect(res.body).toContain('modulepreload');
      expect(res.headers.link).toContain(SESSION_HINT);
    }
  });

  it("keeps a member's text from closing the data element: the page reads it back unchanged", async () => {
    const { session, woman } = await viewerWithFeed();
    const bio = 'Hi </script><script>alert(1)</script> <!-- & \u2028 bye';
    await t.app.ctx.db.update(profiles).set({ bio }).where(eq(profiles.userId, woman.id));
    const res = await page('/app', session);
    // The replies' element, up to the next one (the class lists).
    const script = res.body.slice(
      res.body.indexOf('id="page-data">'),
      res.body.indexOf('id="merged-classes"'),
    );
    expect(script.indexOf('</script>')).toBe(script.lastIndexOf('</script>'));
    expect(res.body).not.toContain('<script>alert(1)');
    const feed = pageData(res.body)?.['/api/discovery/feed'] as { items: { bio: string }[] };
    expect(feed.items[0]?.bio).toBe(bio);
  });

  it("paints in the member's own theme: Dark Mode off drops the night theme from <html>", async () => {
    const { session } = await viewerWithFeed();
    await t.app.ctx.db
      .update(safetySettings)
      .set({ darkMode: false })
      .where(eq(safetySettings.userId, session.userId));
    const res = await page('/app', session);
    expect(res.body).toContain('<html lang="en">');
    expect(pageData(res.body)?.['/api/me/settings']).toMatchObject({ dark_mode: false });
  });

  it('is compressed for a client that accepts brotli', async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/app', session, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('id="page-data"');
  });

  it('carries the class lists the page was drawn with, after its replies', async () => {
    const { session } = await viewerWithFeed();
    const html = (await page('/app', session)).body;
    const match = /<script type="application\/json" id="merged-classes">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(match?.[1] ?? 'null')).toEqual({ 'px-4 py-2 px-6': 'py-2 px-6', 'flex gap-2': 1 });
    expect(html.indexOf('id="page-data"')).toBeLessThan(html.indexOf('id="merged-classes"'));
  });
});

describe("the budget of members' pages rendered on the server (issue 31)", () => {
  // Each render is four API replies and a React render, on a route the API's limits do not count.
  const limited = {} as { app: App; dispose: () => Promise<void> };
  beforeAll(async () => {
    const pageRateLimits = { perAddressPerMinute: 4, perMemberPerMinute: 2 };
    Object.assign(limited, await startTestApp({ webDist: dist, pageRateLimits }));
  });
  afterAll(() => limited.dispose());
  const load = (session: Session) => limited.app.inject({ url: '/app', headers: { cookie: session.cookie } });
  const rendered = (html: string) => pageData(html) !== undefined;

  it('renders a member their page within the budgets, then sends the plain shell', async () => {
    const a = await viewerWithOneCard(limited.app, nextAge);
    const b = await viewerWithOneCard(limited.app, nextAge);
    const pages = [await load(a.session), await load(a.session), await load(a.session)];
    expect(pages.map((res) => rendered(res.body))).toEqual([true, true, false]);
    // The shell: the page as built, which starts in the browser and asks the API for its data.
    const shell = pages[2];
    expect(shell?.statusCode).toBe(200);
    expect(shell?.body).toBe(PAGE);
    expect(shell?.headers.link).toBeUndefined();
    expect(shell?.headers.vary).toMatch(/cookie/i);
    // Another member at the same address has the address's fourth page; the fifth is a shell.
    expect(rendered((await load(b.session)).body)).toBe(true);
    expect(rendered((await load(b.session)).body)).toBe(false);
  });

  it('counts the addresses of one IPv6 /64 as one address, as the connection limit does', async () => {
    const from = (session: Session, remoteAddress: string) =>
      limited.app.inject({ url: '/app', headers: { cookie: session.cookie }, remoteAddress });
    const [a, b, c] = [
      await viewerWithOneCard(limited.app, nextAge),
      await viewerWithOneCard(limited.app, nextAge),
      await viewerWithOneCard(limited.app, nextAge),
    ];
    const pages = [
      await from(a.session, '2001:db8:5:6::1'),
      await from(a.session, '2001:db8:5:6::1'),
      await from(b.session, '2001:db8:5:6::2'),
      await from(b.session, '2001:db8:5:6:ffff::2'),
      await from(c.session, '2001:db8:5:6::3'),
    ];
    expect(pages.map((res) => rendered(res.body))).toEqual([true, true, true, true, false]);
    // The next /64 has a budget of its own.
    expect(rendered((await from(c.session, '2001:db8:5:7::3')).body)).toBe(true);
  });
});

const deck = { markup: '<main>deck</main>', mergedClasses: { 'p-1 p-2': 'p-2' } };

describe('the page data element', () => {
  it('escapes what could end the script element, and JSON.parse reads the same value back', () => {
    const value = { bio: '</script><!-- <b>&amp;</b> \u2028\u2029' };
    const safe = scriptSafeJson(JSON.stringify(value));
    expect(pageJsonScript('page-data', JSON.stringify(value))).toBe(
      `<script type="application/json" id="page-data">${safe}</script>`,
    );
    expect(safe).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(safe)).toEqual(value);
  });

  it('writes the replies as one object keyed by URL, from the routes’ own JSON', () => {
    const replies = new Map([
      ['/api/session', '{"user":null}'],
      ['/api/discovery/feed', '{"items":[],"next_cursor":null}'],
    ]);
    expect(JSON.parse(repliesJson(replies))).toEqual({
      '/api/session': { user: null },
      '/api/discovery/feed': { items: [], next_cursor: null },
    });
  });

  it('holds the first paint until the markup is parsed (the replies follow it)', () => {
    const screen = { replies: new Map([['/api/session', '{"user":null}']]), darkMode: true };
    const template =
      '<html class="dark"><head><title>x</title></head><body><div id="root"></div><!--/root--></body></html>';
    const html = renderedPageHtml(template, deck, screen) as string;
    const expectLink = '<link rel="expect" href="#page-data" blocking="render">';
    expect(html).toContain(expectLink);
    // In the head, and naming the element that comes right after the page's markup.
    expect(html.indexOf(expectLink)).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('<main>deck</main>')).toBeLessThan(html.indexOf('id="page-data"'));
  });

  it('leaves the template alone when it has no #root to fill', () => {
    const screen = { replies: new Map(), darkMode: true };
    expect(renderedPageHtml('<html><body></body></html>', deck, screen)).toBeUndefined();
  });
});
