import { useState } from 'react';
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
}

/** The application root: data cache, router, session, and a last-resort error boundary. */
export function App({ queryClient }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <SessionProvider>
            <AppRoutes />
          </SessionProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
