import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
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
// The router starts the session check and loads the first screen's code and data at once.
const router = createAppRouter();

createRoot(root, {
  // An error the app recovered from (a screen's error boundary showed its fallback) is logged,
  // not re-thrown as an uncaught page error.
  onRecoverableError: (error, info) =>
    console.error('React recovered from an error', error, info.componentStack),
}).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
