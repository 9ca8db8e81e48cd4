// The entry stays tiny: it only decides when the app starts (boot.tsx). The stylesheet is imported
// here so the build links it from the HTML, where it loads with the page instead of after a script.
import './styles.css';
import { afterFirstPaint } from './lib/first-paint';
import { applyStoredDarkMode } from './lib/theme';

/** How long a prerendered page waits for its first paint before the app starts regardless. */
const FIRST_PAINT_WAIT_MS = 3000;

// Before anything renders, so the page never paints in the wrong variant.
applyStoredDarkMode();

const start = () => import('./boot');

// A page rendered ahead of the app — prerendered at build time (vite.config.ts), or a member's /app
// rendered by the server (docs/decisions/017) — paints from its HTML and stylesheet: the app's
// scripts are fetched and run only once that paint is on screen, so they never hold it back (on a
// slow phone, evaluating them took longer than drawing the page). Other pages show the loading
// screen of index.html and start at once.
if (document.getElementById('root')?.dataset.prerendered)
  void afterFirstPaint(FIRST_PAINT_WAIT_MS).then(start);
else void start();
