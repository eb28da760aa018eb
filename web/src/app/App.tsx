import { useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../features/auth/session';
import { createQueryClient } from '../lib/query';
import { ErrorBoundary } from './ErrorBoundary';
import { AppRoutes } from './routes';

export interface AppProps {
  /** Tests pass their own client to inspect the cache; the app makes one. */
  queryClient?: QueryClient;
  /**
   * The router: the browser's address bar, unless the build is prerendering a page at a fixed
   * address (src/prerender.tsx).
   */
  Router?: ComponentType<{ children: ReactNode }>;
  /** Who is signed in: the stored session, checked with the server, unless the build says. */
  Session?: ComponentType<{ children: ReactNode }>;
}

/** The application root: data cache, router, session, and a last-resort error boundary. */
export function App({ queryClient, Router = BrowserRouter, Session = SessionProvider }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <Router>
          <Session>
            <AppRoutes />
          </Session>
        </Router>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
