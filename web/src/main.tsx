import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter, createHydratingRouter } from './app/router';
import type { AppRouter } from './app/router';
import { readTokens } from './lib/session';
import { startThemeSync } from './lib/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startThemeSync();
// The school's name in the title is not needed for the first screen: its code comes after the
// entry, beside the screen's, so the login page's first load does not carry it (docs/web.md).
void import('./features/auth/client-config').then(({ titlePageWithSchool }) =>
  titlePageWithSchool(),
);

const app = (router: AppRouter) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

// A page pre-rendered at build time (src/prerender.tsx; the server sends it for its own path
// only) shows its screen as a signed-out visitor with nothing carried to it sees it; anyone
// else gets the app rendered afresh.
const page = root.dataset['prerendered'];
if (
  page &&
  !location.search &&
  !(history.state as { usr?: unknown } | null)?.usr &&
  !readTokens()
) {
  void createHydratingRouter(page).then((router) => hydrateRoot(root, app(router)));
} else {
  root.replaceChildren();
  // The router starts the session check and loads the first screen's code and data at once.
  createRoot(root).render(app(createAppRouter()));
}
