import { PAGE_DATA_ELEMENT_ID, pageJsonScript } from '@royal/shared';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../paths';
import {
  changesSession,
  memberOfReply,
  OFFLINE_PAGE,
  offlinePagesFor,
  offlineRedirectFor,
  pageRepliesOf,
  privateCacheFor,
  SESSION_PATH,
} from './offline-rules';
import { PRIVATE_API_CACHE, PRIVATE_PHOTOS_CACHE } from './protocol';

const ORIGIN = 'https://royal.example';
const at = (path: string, origin = ORIGIN) => new URL(path, origin);
const cacheOf = (path: string, method = 'GET') => privateCacheFor(at(path), method, ORIGIN);

describe('the private caches', () => {
  it('keep the read views a member reopens offline, as the app asks for them', () => {
    const reads = [
      apiPaths.session,
      apiPaths.me,
      apiPaths.memberSettings,
      apiPaths.matches,
      `${apiPaths.matches}?cursor=abc`,
      `${apiPaths.matches}/m-1`,
      apiPaths.chatMessages('m-1'),
      apiPaths.chatMessages('m-1', 'older-page'),
      apiPaths.datePlans('m-1'),
      apiPaths.discoveryFeed(null),
      apiPaths.discoveryFeed('next'),
      apiPaths.notifications,
    ];
    for (const path of reads) expect(cacheOf(path), path).toBe(PRIVATE_API_CACHE);
    expect(cacheOf('/api/photos/p-1?size=large')).toBe(PRIVATE_PHOTOS_CACHE);
    expect(cacheOf('/api/photos/p-1?size=blur')).toBe(PRIVATE_PHOTOS_CACHE);
  });

  it('keep nothing else: no write, no other read, nothing from another origin', () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
      expect(cacheOf(apiPaths.matches, method), method).toBeNull();
      expect(cacheOf(apiPaths.chatMessages('m-1'), method), method).toBeNull();
    }
    const others = [
      apiPaths.wallet,
      apiPaths.walletHistory(null),
      apiPaths.myPhotos,
      apiPaths.member('u-1'),
      apiPaths.chatRead('m-1'),
      apiPaths.notification('n-1'),
      apiPaths.search('city=Paris'),
      apiPaths.adminQueueCounts,
      '/api/matches/m-1/messages/extra',
      '/app',
      '/assets/index-AbCd1234.js',
    ];
    for (const path of others) expect(cacheOf(path), path).toBeNull();
    expect(privateCacheFor(at(apiPaths.session, 'https://elsewhere.example'), 'GET', ORIGIN)).toBeNull();
  });
});

describe('a change of session', () => {
  it('is every way of signing in or out, a password reset and account deletion, once posted', () => {
    const changes = [
      apiPaths.signIn,
      apiPaths.signInSecondFactor,
      apiPaths.signUp,
      apiPaths.passkeySignIn,
      apiPaths.signOut,
      apiPaths.resetPassword,
      apiPaths.deleteAccount,
    ];
    for (const path of changes) {
      expect(changesSession(at(path), 'POST', ORIGIN), path).toBe(true);
      expect(changesSession(at(path), 'GET', ORIGIN), path).toBe(false);
    }
    for (const path of [
      apiPaths.changePassword,
      apiPaths.passkeySignInOptions,
      apiPaths.signOutOtherSessions,
    ])
      expect(changesSession(at(path), 'POST', ORIGIN), path).toBe(false);
    expect(changesSession(at(apiPaths.signOut, 'https://elsewhere.example'), 'POST', ORIGIN)).toBe(false);
  });

  it('names the member a session reply or a sign-in reply is for, or says it cannot tell', () => {
    expect(memberOfReply({ user: { id: 'u-1', name: 'Ada' } })).toBe('u-1');
    expect(memberOfReply({ user: null })).toBeNull();
    for (const unreadable of [
      undefined,
      null,
      'text',
      {},
      { user: {} },
      { user: { id: '' } },
      { user: { id: 7 } },
    ])
      expect(memberOfReply(unreadable), JSON.stringify(unreadable)).toBeUndefined();
    // A sign-in that asks for the second factor has no member yet.
    expect(memberOfReply({ second_factor_required: true })).toBeUndefined();
  });
});

describe('the page for a navigation offline', () => {
  it('is the app itself for a member this device knows (the deck page for /app), the offline page last', () => {
    expect(offlinePagesFor('/app', true)).toEqual(['/app.html', '/index.html', OFFLINE_PAGE]);
    expect(offlinePagesFor('/app/', true)).toEqual(['/app.html', '/index.html', OFFLINE_PAGE]);
    for (const path of ['/messages/m-1', '/landing', '/signin', '/', '/no-such-page'])
      expect(offlinePagesFor(path, true), path).toEqual(['/index.html', OFFLINE_PAGE]);
  });

  it('sends a member this device knows from a signed-out page to the member home, as the server does', () => {
    for (const path of ['/signin', '/landing', '/landing/'])
      expect(offlineRedirectFor(path, true), path).toBe('/app');
    for (const path of ['/app', '/messages', '/', '/api/session'])
      expect(offlineRedirectFor(path, true), path).toBeNull();
    for (const path of ['/signin', '/landing']) expect(offlineRedirectFor(path, false), path).toBeNull();
  });

  it('is a signed-out page that needs no data for a visitor, else the offline page', () => {
    expect(offlinePagesFor('/signin', false)).toEqual(['/signin.html', OFFLINE_PAGE]);
    expect(offlinePagesFor('/landing', false)).toEqual(['/landing.html', OFFLINE_PAGE]);
    for (const path of ['/app', '/messages', '/', '/no-such-page'])
      expect(offlinePagesFor(path, false), path).toEqual([OFFLINE_PAGE]);
  });

  it('is the offline page for what is not a page of the app: the API, a file', () => {
    for (const path of ['/api/events/e-1/calendar.ics', '/api/docs', '/api', '/report.pdf', '/favicon.png'])
      for (const known of [true, false]) expect(offlinePagesFor(path, known), path).toEqual([OFFLINE_PAGE]);
  });
});

describe("a member's page rendered on the server", () => {
  it('gives up the API replies it carries, as the app reads them', () => {
    const replies = {
      [SESSION_PATH]: { user: { id: 'u-1', bio: 'Loves </script><b>jazz</b> & "wine"' } },
      [apiPaths.notifications]: { items: [] },
    };
    const html = `<html><body><div id="root" data-prerendered="member" inert><p>deck</p></div><!--/root-->
    ${pageJsonScript(PAGE_DATA_ELEMENT_ID, JSON.stringify(replies))}
    <script type="application/json" id="merged-classes">{"a":1}</script></body></html>`;
    expect(Object.fromEntries(pageRepliesOf(html, PAGE_DATA_ELEMENT_ID))).toEqual(replies);
  });

  it('gives up nothing when the page carries none, or nothing readable, or not API paths', () => {
    const page = (json: string) => `<body>${pageJsonScript(PAGE_DATA_ELEMENT_ID, json)}</body>`;
    expect(pageRepliesOf('<html><body><div id="root"></div></body></html>', PAGE_DATA_ELEMENT_ID)).toEqual(
      [],
    );
    expect(pageRepliesOf(page('{"/api/session": '), PAGE_DATA_ELEMENT_ID)).toEqual([]);
    expect(pageRepliesOf(page('[1, 2]'), PAGE_DATA_ELEMENT_ID)).toEqual([]);
    expect(pageRepliesOf(page('{"/elsewhere": {}}'), PAGE_DATA_ELEMENT_ID)).toEqual([]);
    expect(
      pageRepliesOf(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">{}`, PAGE_DATA_ELEMENT_ID),
    ).toEqual([]);
  });
});
