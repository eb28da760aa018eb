import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startThemeSync } from './lib/theme';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startThemeSync();

createRoot(root, {
  // An error the app recovered from (a screen's error boundary showed its fallback) is logged,
  // not re-thrown as an uncaught page error.
  onRecoverableError: (error, info) =>
    console.error('React recovered from an error', error, info.componentStack),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
