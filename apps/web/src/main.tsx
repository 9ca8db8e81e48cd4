// First: before any shared schema is created (see the file).
import './lib/schema-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, appReady } from './app/app';
import { applyStoredDarkMode } from './lib/theme';
import './styles.css';

/** How long a prerendered page waits for the app to be ready before the app renders regardless. */
const PRERENDERED_WAIT_MS = 4000;

applyStoredDarkMode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// The first render as a transition: React renders it in slices and yields to the browser between
// them, so starting the app never blocks input for one long stretch (a phone's main thread stays
// responsive while the app replaces the page already on screen).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// A signed-out page prerendered at build time (vite.config.ts) is already on screen: keep it until
// the app can draw the same page, so it never flashes the loading screen in between.
if (container.dataset.prerendered) void appReady(PRERENDERED_WAIT_MS).then(render);
else render();
