import { forgetMemberDeviceData } from '../member-device-data';
import { PRIVATE_CACHE_PREFIX, type WorkerMessage } from './protocol';

/**
 * Forgets the offline copies of the signed-out member's data (docs/decisions/070): the page deletes
 * the private caches itself (it may not be controlled by the worker: a hard reload), then tells the
 * active worker, which also forgets whose they were; and the member's push subscription and offline
 * chat queue on this browser (lib/member-device-data.ts). Never fails: a browser without Cache Storage or
 * service workers has nothing kept.
 */
export async function forgetPrivateData(): Promise<void> {
  await forgetMemberDeviceData();
  try {
    if (typeof caches !== 'undefined') {
      const names = (await caches.keys()).filter((name) => name.startsWith(PRIVATE_CACHE_PREFIX));
      await Promise.all(names.map((name) => caches.delete(name)));
    }
    const registration = await navigator.serviceWorker?.getRegistration();
    registration?.active?.postMessage({ type: 'FORGET_PRIVATE_DATA' } satisfies WorkerMessage);
  } catch {
    // Storage refused (a locked-down browser): there was nothing it let us keep.
  }
}
