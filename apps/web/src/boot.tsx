// The app proper, started by main.tsx (at once, or after a prerendered page's first paint).
import { yieldToBrowser } from './lib/yield';

/** How long a prerendered page waits for the app to be ready before the app renders regardless. */
const PRERENDERED_WAIT_MS = 4000;

/**
 * Starts the app in steps, giving the browser its main thread back between them (evaluating the
 * modules, creating the router, rendering), so a phone never sees one long task on start-up.
 */
async function boot(owned: () => void) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // The libraries and the app are imported one after another, each evaluated in its own task: as one
  // module graph they evaluated in a single long task (on a mid-range phone about a third of a
  // second) in which the page could not answer a tap. React first, then zod with its jitless switch
  // (before any shared schema is created: see the file), then the app, which creates its schemas.
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  const { startTransition } = await import('react');
  await yieldToBrowser();
  await import('./lib/schema-jitless');
  await yieldToBrowser();
  const { startApp } = await import('./app/app');
  await yieldToBrowser();
  const app = await startApp();
  await yieldToBrowser();
  // tailwind-merge builds its tables of every utility on its first call. A page rendered ahead of
  // the app carries the class lists it was drawn with, so its first render (hydration) calls none;
  // otherwise the tables are built here, in a task of their own, so that they never lengthen the
  // first slice of React's render that happens to call cn() first.
  const { cn, knowMergedClasses } = await import('./lib/cn');
  if (!knowMergedClasses(document)) {
    cn('p-0', 'p-1');
    await yieldToBrowser();
  }
  if (!container.dataset.prerendered) {
    // The first render as a transition: React renders it in slices and yields to the browser
    // between them, so starting the app never blocks input for one long stretch.
    const root = createRoot(container);
    startTransition(() => root.render(app.element(owned)));
    return;
  }
  // A page rendered ahead of the app is already on screen: a signed-out page prerendered at build
  // time (vite.config.ts; live HTML, see main.tsx), or a member's /app rendered by the server from
  // the replies it carries (startApp has put them in their queries; inert until React owns it). The
  // app waits until it can draw that page in one go, then hydrates it (the markup is the app's own
  // tree), or, when it would draw something else (another session, a redirect), replaces it — never
  // flashing the loading screen in between.
  const ready = await app.ready(PRERENDERED_WAIT_MS);
  const live = () => {
    container.removeAttribute('inert');
    owned();
  };
  // Either way as a transition, so React hydrates or renders in slices (see above).
  if (ready && app.drawsPrerenderedPage()) {
    startTransition(() => {
      hydrateRoot(container, app.element(live));
    });
  } else {
    const root = createRoot(container);
    startTransition(() => root.render(app.element(live)));
  }
}

/** Settles once React owns the page (its first render or hydration is on screen and live). */
export const started = new Promise<void>((resolve, reject) => {
  boot(resolve).catch(reject);
});
