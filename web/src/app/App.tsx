import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';

/**
 * The application root. Errors are caught by the routes' error boundaries (router.tsx), the
 * outermost of which holds every screen.
 */
export function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
