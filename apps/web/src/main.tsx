// The entry stays tiny: it only decides when the app starts (boot.tsx). The stylesheet is imported
// here so the build links it from the HTML, where it loads with the page instead of after a script.
import './styles.css';
import { applyAppIdentity, readAppIdentity } from './lib/app-identity';
import { afterFirstPaint } from './lib/first-paint';
import { prefetchAppModules, startOnFirstAct } from './lib/start-on-first-act';
import { applyStoredDarkMode } from './lib/theme';

/** How long a prerendered page waits for its first paint before the app starts regardless. */
const FIRST_PAINT_WAIT_MS = 3000;

const root = document.getElementById('root');
const prerendered = root?.dataset.prerendered;

// Before anything renders, so the page never paints in the wrong variant. A member's page rendered by
// the server already carries that member's saved choice, which this browser's memory of its last
// page (another member's, or a choice since changed on another device) must not flip until the
// settings load and flip it back; reading that memory also cost the first paint's task about 10 ms.
if (prerendered !== 'member') applyStoredDarkMode();
// The installed app's face this device chose (the page links the royal one): switched before the
// browser reads the manifest for an install.
if (readAppIdentity() === 'neutral') applyAppIdentity('neutral');

/** Starts the app; settles once React owns the page. */
const start = () => import('./boot').then((boot) => boot.started);

/** How long the page may stay busy before the service worker registers regardless. */
const WORKER_IDLE_WAIT_MS = 10_000;

/**
 * Registers the service worker (lib/service-worker, docs/decisions/070) once the page has loaded
 * and the browser is idle: its module loads on demand, and its first install (which downloads the
 * app's files into the cache) never competes with the page's own start. Only in the build: the dev
 * server has no worker. A failure leaves the app as it was, without offline use.
 */
function registerWorkerWhenIdle() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./lib/service-worker/register')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch(() => undefined);
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: WORKER_IDLE_WAIT_MS });
    else setTimeout(register, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

// A page rendered ahead of the app paints from its HTML and stylesheet; the app's scripts never hold
// that paint back (on a slow phone, evaluating them took longer than drawing the page).
// - A member's /app rendered by the server (docs/decisions/017; `data-prerendered="member"`) is
//   inert until the app owns it, so the app starts as soon as that paint is on screen.
// - A signed-out page prerendered at build time (vite.config.ts) is live HTML: the app starts when
//   the visitor first acts on it, and what needs the app meanwhile is held (docs/decisions/019).
// Other pages show the loading screen of index.html and start at once.
// A prerendered page opened with a query (an invite link's `?invite=`) needs the app to show what
// the query asks for (the Join tab, its code): the app starts once the HTML is on screen.
// The service worker registers once the app is on screen, or, on a page that waits for the
// visitor's first act, once the page is.
const asksForMore = window.location.search !== '';
if (root && prerendered && prerendered !== 'member' && asksForMore) {
  void afterFirstPaint(FIRST_PAINT_WAIT_MS).then(start).then(registerWorkerWhenIdle);
} else if (root && prerendered && prerendered !== 'member') {
  startOnFirstAct(root, start);
  // Fetched once the page is on screen, so they never compete with what it paints from.
  void afterFirstPaint(FIRST_PAINT_WAIT_MS).then(() => {
    prefetchAppModules();
    registerWorkerWhenIdle();
  });
} else if (prerendered) void afterFirstPaint(FIRST_PAINT_WAIT_MS).then(start).then(registerWorkerWhenIdle);
else void start().then(registerWorkerWhenIdle);
