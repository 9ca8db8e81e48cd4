// What the pages and the service worker (src/sw.ts) say to each other, in one place for both.

/** The worker's script, built from src/sw.ts (vite.config.ts); its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * A page's messages to the worker:
 * - `SKIP_WAITING`: the member chose Reload on the update prompt: the waiting worker takes over;
 * - `FORGET_PRIVATE_DATA`: the member signed out: the offline copies of their data go;
 * - `APP_FACE`: the face this device chose (lib/app-identity.ts), for the notifications' icons.
 *   (A string here, checked by the worker: this file is below app-identity.ts, which sends it.)
 */
export type WorkerMessage =
  | { type: 'SKIP_WAITING' }
  | { type: 'FORGET_PRIVATE_DATA' }
  | { type: 'APP_FACE'; face: string };

/**
 * Posts `message` to the worker that controls this page, when there is one (none: a first visit, a
 * hard reload, a browser without service workers, the tests' DOM).
 */
export function tellWorker(message: WorkerMessage): void {
  if (typeof navigator === 'undefined') return;
  navigator.serviceWorker?.controller?.postMessage(message);
}

/**
 * Every cache holding a member's data starts with this: the API replies and the photos kept for
 * offline reading. Sign-out deletes them all, by this prefix (docs/decisions/070).
 */
export const PRIVATE_CACHE_PREFIX = 'private-';
export const PRIVATE_API_CACHE = `${PRIVATE_CACHE_PREFIX}api`;
export const PRIVATE_PHOTOS_CACHE = `${PRIVATE_CACHE_PREFIX}photos`;

/** Whose data the private caches hold, and this device's face: small records the worker keeps. */
export const DEVICE_CACHE = 'device';
