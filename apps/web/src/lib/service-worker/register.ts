import { APP_FACES, readAppIdentity } from '../app-identity';
import { SERVICE_WORKER_URL, type WorkerMessage } from './protocol';

/** How often an open page asks whether a new version is out (navigations ask on their own). */
const UPDATE_CHECK_MS = 60 * 60_000;

/**
 * Registers the service worker (src/sw.ts) and watches for a new version of it: when one has
 * installed and waits, the update prompt offers Reload (`offerUpdate`). Tells the worker this
 * device's face. Loaded on demand once the app is on screen and the page is idle (main.tsx), so none
 * of it is in the first load. Resolves to the registration, or undefined where it cannot register.
 */
export async function registerServiceWorker({
  container = navigator.serviceWorker,
  reload = () => window.location.reload(),
}: {
  container?: ServiceWorkerContainer;
  reload?: () => void;
} = {}): Promise<ServiceWorkerRegistration | undefined> {
  if (!container) return undefined;
  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  const offer = () => void offerUpdate(registration, container, reload);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  });
  // A version found by an earlier visit may be waiting already.
  offer();
  void container.ready.then((ready) =>
    ready.active?.postMessage({ type: 'APP_FACE', face: readAppIdentity() } satisfies WorkerMessage),
  );
  setInterval(() => {
    if (document.visibilityState === 'visible') registration.update().catch(() => undefined);
  }, UPDATE_CHECK_MS);
  return registration;
}

/**
 * Shows the update prompt when a new worker waits behind an active one. (The first worker of a
 * device has none to wait for: it takes the page at once, and there is nothing to reload.) The
 * prompt, drawn with the app's components, loads only then: a signed-out page registers before its
 * app has started (main.tsx), and must not start React for a prompt it may never show.
 */
async function offerUpdate(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  reload: () => void,
): Promise<void> {
  if (!registration.waiting || !registration.active) return;
  const { showUpdatePrompt } = await import('./update-prompt');
  showUpdatePrompt({
    appName: APP_FACES[readAppIdentity()].name,
    onReload: () => activateUpdate(registration, container, reload),
  });
}

/**
 * Reload: the waiting worker takes over, and the page loads again once it controls the page, so
 * the new version's files are the ones that load. When no worker waits any more (another tab took
 * the update), the page just loads again.
 */
function activateUpdate(
  registration: ServiceWorkerRegistration,
  container: ServiceWorkerContainer,
  reload: () => void,
): void {
  const waiting = registration.waiting;
  if (!waiting) {
    reload();
    return;
  }
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' } satisfies WorkerMessage);
}
