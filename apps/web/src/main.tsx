// First: before any shared schema is created (see the file).
import './lib/schema-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyStoredDarkMode } from './lib/theme';
import './styles.css';

applyStoredDarkMode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
