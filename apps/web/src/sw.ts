/// <reference lib="webworker" />
// The service worker (issue 40, docs/decisions/070), built by vite-plugin-pwa (injectManifest,
// vite.config.ts) into /sw.js with the list of the build's files in place of `self.__WB_MANIFEST`.
// - Precaches the shell: the pages the build wrote, the hashed assets, fonts, icons, the offline page.
// - Navigations go to the network (with navigation preload); offline, a precached page answers
//   (offline-rules.ts): the app for a member this device knows, else the offline page.
// - The member's read views and photos are kept in private caches, network first, for reading
//   offline; they belong to one member and are emptied when the session changes.
// - Shows pushes in this device's face and opens the app where a tapped one points.
// - A new version waits until the page's update prompt asks it to take over (SKIP_WAITING).
import { PAGE_DATA_ELEMENT_ID } from '@royal/shared';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { APP_IDENTITIES, type AppIdentity } from './lib/app-identity';
import {
  changesSession,
  memberOfReply,
  offlinePagesFor,
  offlineRedirectFor,
  pageRepliesOf,
  privateCacheFor,
  SESSION_PATH,
} from './lib/service-worker/offline-rules';
import {
  DEVICE_CACHE,
  PRIVATE_API_CACHE,
  PRIVATE_CACHE_PREFIX,
  PRIVATE_PHOTOS_CACHE,
  type WorkerMessage,
} from './lib/service-worker/protocol';
import { appLink, pushNotice } from './lib/service-worker/push-notice';

declare const self: ServiceWorkerGlobalScope;

const ORIGIN = self.location.origin;
const DAY_SECONDS = 24 * 60 * 60;
/** On a connection slower than this, the kept copy is shown (and the network's reply still kept). */
const NETWORK_TIMEOUT_SECONDS = 3;

// ---------------------------------------------------------------------------------------------
// Small records of this device: whose data the private caches hold, and the face it chose.

type DeviceRecord = 'owner' | 'face';
const recordUrl = (name: DeviceRecord) => `/__device/${name}`;

async function readRecord(name: DeviceRecord): Promise<string | undefined> {
  const kept = await caches.match(recordUrl(name), { cacheName: DEVICE_CACHE });
  return kept ? kept.text() : undefined;
}

async function writeRecord(name: DeviceRecord, value: string | undefined): Promise<void> {
  const cache = await caches.open(DEVICE_CACHE);
  if (value === undefined) await cache.delete(recordUrl(name));
  else await cache.put(recordUrl(name), new Response(value));
}

async function readFace(): Promise<AppIdentity> {
  const face = await readRecord('face');
  return face === 'neutral' ? 'neutral' : 'royal';
}

// ---------------------------------------------------------------------------------------------
// The private caches: one member's data, forgotten when the session changes.

const apiExpiration = new ExpirationPlugin({
  maxEntries: 200,
  maxAgeSeconds: 7 * DAY_SECONDS,
  purgeOnQuotaError: true,
});
const photoExpiration = new ExpirationPlugin({
  maxEntries: 200,
  maxAgeSeconds: 7 * DAY_SECONDS,
  purgeOnQuotaError: true,
});

// Forgetting and changing owner run one after another: a sign-out's clearing must not interleave
// with a sign-in's new owner.
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const next = queue.then(task, task);
  queue = next.catch(() => undefined);
  return next;
}

/** Deletes every private cache (and the expiry records kept beside them) and who they belonged to. */
async function forgetPrivateData(): Promise<void> {
  const names = (await caches.keys()).filter((name) => name.startsWith(PRIVATE_CACHE_PREFIX));
  await Promise.all([
    ...names.map((name) => caches.delete(name)),
    apiExpiration.deleteCacheAndMetadata(),
    photoExpiration.deleteCacheAndMetadata(),
    writeRecord('owner', undefined),
  ]);
}

/**
 * The member a reply says is signed in here (null: nobody). Another member than the one whose data
 * the caches hold, or nobody, empties them first: one account's copies are never another's. `then`
 * keeps what came with the reply, in the same turn (a sign-out queued meanwhile runs after it).
 */
function acceptMember(member: string | null, then?: () => Promise<unknown>): Promise<void> {
  return serially(async () => {
    if (member === null || (await readRecord('owner')) !== member) {
      await forgetPrivateData();
      if (member !== null) await writeRecord('owner', member);
    }
    if (member !== null) await then?.();
  });
}

/** Keeps a reply as if the app had asked for it (a server-rendered page's, a sign-in's session). */
async function keepReply(path: string, body: unknown): Promise<void> {
  const cacheName = privateCacheFor(new URL(path, ORIGIN), 'GET', ORIGIN);
  if (!cacheName) return;
  const headers = { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() };
  const cache = await caches.open(cacheName);
  await cache.put(new URL(path, ORIGIN).href, new Response(JSON.stringify(body), { headers }));
}

/** Only a whole, successful reply of our own is kept: never an error, a redirect or a 304. */
const onlyWholeReplies: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && response.type === 'basic' ? response : null,
};

/**
 * A session check's reply decides whose data the caches hold (acceptMember); one that says nobody
 * is signed in is not kept. Any private read answered 401 means the session is gone here.
 */
const followSession: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    if (new URL(request.url).pathname !== SESSION_PATH) return response;
    const member = memberOfReply(
      await response
        .clone()
        .json()
        .catch(() => undefined),
    );
    if (member === undefined) return null;
    await acceptMember(member);
    return member === null ? null : response;
  },
  fetchDidSucceed: async ({ response }) => {
    if (response.status === 401) await serially(forgetPrivateData);
    return response;
  },
};

const privateReads = (cacheName: string, expiration: ExpirationPlugin) =>
  new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [followSession, onlyWholeReplies, expiration],
  });
const apiReads = privateReads(PRIVATE_API_CACHE, apiExpiration);
const photoReads = privateReads(PRIVATE_PHOTOS_CACHE, photoExpiration);

// ---------------------------------------------------------------------------------------------
// Routes, in order: the first that matches a request answers it.

/**
 * A page: from the network (its navigation preload when there is one). A member's page rendered on
 * the server carries its first API replies, which are kept as the app's own would be. Offline, the
 * best precached page for it (offline-rules.ts).
 */
async function navigate({ event, request }: { event: ExtendableEvent; request: Request }) {
  try {
    const preloaded = await (event as FetchEvent).preloadResponse;
    const response = (preloaded as Response | undefined) ?? (await fetch(request));
    const html = response.headers.get('content-type')?.startsWith('text/html');
    if (response.status === 200 && response.type === 'basic' && html)
      event.waitUntil(keepPageReplies(response.clone()));
    return response;
  } catch {
    return offlinePage(new URL(request.url).pathname);
  }
}

async function keepPageReplies(page: Response): Promise<void> {
  const replies = pageRepliesOf(await page.text(), PAGE_DATA_ELEMENT_ID);
  const session = replies.find(([path]) => path === SESSION_PATH);
  const member = session && memberOfReply(session[1]);
  if (member === undefined) return;
  await acceptMember(member, () => Promise.all(replies.map(([path, body]) => keepReply(path, body))));
}

async function offlinePage(pathname: string): Promise<Response> {
  const memberKnown = (await caches.match(SESSION_PATH, { cacheName: PRIVATE_API_CACHE })) !== undefined;
  const elsewhere = offlineRedirectFor(pathname, memberKnown);
  if (elsewhere) return Response.redirect(new URL(elsewhere, ORIGIN).href, 303);
  for (const page of offlinePagesFor(pathname, memberKnown)) {
    const cached = await matchPrecache(page);
    if (cached) return cached;
  }
  return Response.error();
}

registerRoute(new NavigationRoute(navigate));

/**
 * Sign-in, sign-up, sign-out and the like go to the network as they are; once one succeeds, the
 * private caches are emptied, and a sign-in's reply (the member, as the session check gives it) is
 * kept as the session check's, so the app starts offline as the member who signed in.
 */
registerRoute(
  ({ url, request }) => changesSession(url, request.method, ORIGIN),
  async ({ event, request }) => {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(afterSessionChange(response.clone()));
    return response;
  },
  'POST',
);

async function afterSessionChange(reply: Response): Promise<void> {
  const body: unknown = await reply.json().catch(() => undefined);
  const member = memberOfReply(body);
  // A new session, or none: nothing kept before it stays, even for the same member.
  await serially(forgetPrivateData);
  if (member)
    await acceptMember(member, () => keepReply(SESSION_PATH, { user: (body as { user: unknown }).user }));
}

registerRoute(
  ({ url, request }) => privateCacheFor(url, request.method, ORIGIN) === PRIVATE_API_CACHE,
  apiReads,
);
registerRoute(
  ({ url, request }) => privateCacheFor(url, request.method, ORIGIN) === PRIVATE_PHOTOS_CACHE,
  photoReads,
);

// The shell: the build's files, from the cache first (their names change with their content, and
// the others carry a revision). Only their exact URLs: `/app` is never answered with app.html here
// (a member's /app comes from the server; the precached page only when offline, above).
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false, directoryIndex: '' });
cleanupOutdatedCaches();

// ---------------------------------------------------------------------------------------------
// Life cycle and messages.

self.addEventListener('activate', (event) => {
  // The first version takes the open pages at once (they have no worker to wait for); a later one
  // only activates when a page's update prompt says so.
  event.waitUntil(Promise.all([self.clients.claim(), self.registration.navigationPreload?.enable()]));
});

self.addEventListener('message', (event) => {
  const message = event.data as WorkerMessage | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  else if (message?.type === 'FORGET_PRIVATE_DATA') event.waitUntil(serially(forgetPrivateData));
  else if (message?.type === 'APP_FACE' && (APP_IDENTITIES as readonly string[]).includes(message.face))
    event.waitUntil(writeRecord('face', message.face));
});

// ---------------------------------------------------------------------------------------------
// Pushes (the server's web push: pushPayloadSchema, encrypted to this device).

self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let data: unknown;
      try {
        data = event.data?.json();
      } catch {
        data = undefined;
      }
      const { title, options } = pushNotice(data, await readFace());
      await self.registration.showNotification(title, options);
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: unknown } | null;
  event.waitUntil(openApp(new URL(appLink(data?.link), ORIGIN).href));
});

/**
 * Brings the app's window forward at `url`: the focused or a visible window of ours, else any, else
 * a new one. A window this worker does not control cannot be sent anywhere by it: a new one opens.
 */
async function openApp(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.filter((client) => new URL(client.url).origin === ORIGIN);
  const target =
    ours.find((client) => client.focused) ??
    ours.find((client) => client.visibilityState === 'visible') ??
    ours[0];
  if (target) {
    const focused = await target.focus().catch(() => target);
    if (focused.url === url) return;
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
