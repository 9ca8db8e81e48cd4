import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FeedPage, feedPageSchema, leadPhotoOf } from '@royal/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../test/app';
import { ageAllocator, viewerWithOneCard } from '../../test/discovery';
import type { MemberOptions } from '../../test/factories';

// A web build with the three kinds of page: index.html (starts at once), app.html (the same, with
// /app's modules preloaded) and signin.html (prerendered: starts after its first paint, no hints).
const dist = mkdtempSync(join(tmpdir(), 'rc-hints-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
const PAGE = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), PAGE);
writeFileSync(
  join(dist, 'app.html'),
  PAGE.replace('</head>', '<link rel="modulepreload" href="/a.js"></head>'),
);
writeFileSync(
  join(dist, 'signin.html'),
  PAGE.replace('<div id="root">', '<div id="root" data-prerendered="signin" inert>'),
);

const t = useTestApp({ webDist: dist }, { isolation: 'test' });

const SESSION_HINT = '</api/session>; rel=preload; as=fetch; crossorigin=use-credentials';
const FEED_HINT = '</api/discovery/feed>; rel=preload; as=fetch; crossorigin=use-credentials';

const page = (url: string, session?: Session) => request(t.app, 'GET', url, session ? { session } : {});
const hintsOf = (header: unknown) =>
  typeof header === 'string' ? header.split(', <').map((h, i) => (i ? `<${h}` : h)) : [];

const nextAge = ageAllocator();

const viewerWithFeed = (viewer: MemberOptions = {}) => viewerWithOneCard(t.app, nextAge, viewer);

async function feedOf(session: Session): Promise<FeedPage> {
  const res = await request(t.app, 'GET', '/api/discovery/feed', { session });
  expect(res.statusCode).toBe(200);
  return feedPageSchema.parse(res.json());
}

describe('page hints: Link preloads on the app pages', () => {
  it('asks a signed-out visitor for the session check only, on every page that starts at once', async () => {
    // (/app, the member home, sends such a visitor to sign in: member-page.test.ts.)
    for (const url of ['/', '/landing', '/interests']) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(hintsOf(res.headers.link)).toEqual([SESSION_HINT]);
      expect(res.headers.vary ?? '').not.toMatch(/cookie/i);
    }
  });

  it("gives a prerendered page no hints (its app starts on the visitor's first act)", async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/signin');
    expect(res.body).toContain('data-prerendered');
    expect(res.headers.link).toBeUndefined();
    // A member is sent on to the app (web.test.ts), with no hints either.
    const member = await page('/signin', session);
    expect(member.statusCode).toBe(303);
    expect(member.headers.link).toBeUndefined();
  });

  it("hints /app's feed and the lead photo the feed route gives that member", async () => {
    const { session } = await viewerWithFeed();
    const res = await page('/app', session);
    expect(res.body).toContain('modulepreload');
    const photo = leadPhotoOf(await feedOf(session));
    expect(photo).toMatch(/^\/api\/photos\//);
    expect(hintsOf(res.headers.link)).toEqual([
      SESSION_HINT,
      FEED_HINT,
      `<${photo}>; rel=preload; as=image; fetchpriority=high`,
    ]);
    expect(res.headers.vary).toMatch(/cookie/i);
  });

  it("never hints another member's lead photo: each member gets their own feed's", async () => {
    const a = await viewerWithFeed();
    const b = await viewerWithFeed();
    const photoOf = async (session: Session) =>
      hintsOf((await page('/app', session)).headers.link).find((h) => h.includes('as=image'));
    const [hintA, hintB] = [await photoOf(a.session), await photoOf(b.session)];
    expect(hintA).toContain(leadPhotoOf(await feedOf(a.session)));
    expect(hintB).toContain(leadPhotoOf(await feedOf(b.session)));
    expect(hintA).not.toEqual(hintB);
  });

  it('hints no feed where the feed route would refuse (onboarding or the compliance gate pending)', async () => {
    for (const options of [{ onboarded: false }, { compliant: false }] satisfies MemberOptions[]) {
      const { session } = await viewerWithFeed(options);
      expect((await request(t.app, 'GET', '/api/discovery/feed', { session })).statusCode).toBe(403);
      expect(hintsOf((await page('/app', session)).headers.link)).toEqual([SESSION_HINT]);
    }
  });

  it('hints only the session on other member pages', async () => {
    const { session } = await viewerWithFeed();
    expect(hintsOf((await page('/interests', session)).headers.link)).toEqual([SESSION_HINT]);
  });
});
