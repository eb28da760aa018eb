import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { RootOptions } from 'react-dom/client';
import { App } from './app/App';
import { preloadScreensFor } from './app/routes';
import { startThemeSync } from './lib/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startThemeSync();
preloadScreensFor(window.location.pathname);

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
const options: RootOptions = {
  // An error the app recovered from (a screen's error boundary showed its fallback, or markup
  // that did not match) is logged, not re-thrown as an uncaught page error.
  onRecoverableError: (error, info) =>
    console.error('React recovered from an error', error, info.componentStack),
};

// The sign-in pages arrive prerendered (src/prerender.tsx): React takes over the markup the
// browser already shows. Every other page starts empty; on the dashboard's pages, beside a
// boot view that the app removes once it shows a screen (src/lib/boot-view.ts).
if (root.firstElementChild) hydrateRoot(root, app, options);
else createRoot(root, options).render(app);
