import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary';
import type { AppRouter } from './router';

export interface AppProps {
  queryClient: QueryClient;
  /** The router made with the same client (createAppRouter), whose loaders warm it. */
  router: AppRouter;
}

/** The application root: data cache, router, and a last-resort error boundary. */
export function App({ queryClient, router }: AppProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
