import { Outlet, createBrowserRouter, redirect, useNavigate, useRouteError } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { appRoutes } from '@um/contract';
import { PageSpinner } from '../components/ui/Spinner';
import {
  RequireAuth,
  SessionProvider,
  checkStoredSession,
  useSignedInUser,
} from '../features/auth/session';
import { readTokens } from '../lib/session';
import { ErrorFallback } from './ErrorBoundary';

/**
 * Every route of SPEC.md 2, declared here once. Each screen is a chunk of its own, loaded with
 * route `lazy`, so the login page loads only what it shows; a screen's loader asks for its data
 * at the same time as its code, and TanStack Query keeps what arrives for the screen.
 */
export function appRouteObjects(queryClient: QueryClient): RouteObject[] {
  // The check goes out now, as the entry module runs, not once a screen renders.
  const sessionChecked = checkStoredSession(queryClient);
  /**
   * A loader's part: once the stored session is confirmed, `load` asks for a screen's data, and
   * the screen renders as soon as its code is in, showing what has arrived so far. A failure
   * is the screen's to show.
   */
  const warm = (load: () => Promise<unknown>) => async () => {
    await sessionChecked;
    if (readTokens() !== null) load().catch(() => undefined);
    return null;
  };

  return [
    {
      id: 'root',
      Component: Root,
      // SPEC.md 2, startup: a spinner until the stored session has been checked.
      loader: async () => {
        await sessionChecked;
        return null;
      },
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        {
          path: appRoutes.login,
          lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
        },
        {
          path: appRoutes.register,
          lazy: async () => ({
            Component: (await import('../features/auth/RegisterPage')).RegisterPage,
          }),
        },
        {
          path: appRoutes.forgotPassword,
          lazy: async () => ({
            Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
          }),
        },
        {
          path: appRoutes.resetPassword,
          lazy: async () => ({
            Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage,
          }),
        },
        {
          // The signed-in frame. The unread badge's count is asked for with the shell's code.
          lazy: async () => {
            const { default: AppShell } = await import('./shell/AppShell');
            return {
              Component: () => (
                <RequireAuth>
                  <AppShell />
                </RequireAuth>
              ),
            };
          },
          loader: warm(async () =>
            (await import('./shell/UnreadBadge')).loadUnreadCount(queryClient),
          ),
          shouldRevalidate: () => false,
          children: [
            { index: true, loader: () => redirect(appRoutes.dashboard) },
            ...[appRoutes.dashboard, appRoutes.analytics, appRoutes.settings].map((path) => ({
              path,
              lazy: async () => {
                const { DashboardPage } = await import('../features/dashboard/DashboardPage');
                return { Component: () => <DashboardPage user={useSignedInUser()} /> };
              },
            })),
            {
              path: appRoutes.projects,
              lazy: async () => ({
                Component: (await import('../features/placeholders/ProjectsPage')).ProjectsPage,
              }),
            },
            {
              path: appRoutes.tasks,
              lazy: async () => ({
                Component: (await import('../features/placeholders/TasksPage')).TasksPage,
              }),
            },
            {
              path: appRoutes.profile,
              lazy: async () => {
                const { ProfilePage } = await import('../features/profile/ProfilePage');
                return { Component: () => <ProfilePage user={useSignedInUser()} /> };
              },
            },
            {
              path: appRoutes.students,
              lazy: async () => ({
                Component: (await import('../features/students/StudentsPage')).StudentsPage,
              }),
              loader: ({ request }: LoaderFunctionArgs) =>
                warm(async () =>
                  (await import('../features/students/queries')).loadStudents(
                    queryClient,
                    new URL(request.url),
                  ),
                )(),
              // A new search or filter is fetched by the screen itself, which keeps the rows
              // on screen meanwhile; the loader is for opening the screen.
              shouldRevalidate: ({ currentUrl, nextUrl }) =>
                currentUrl.pathname !== nextUrl.pathname,
            },
            {
              path: appRoutes.standards,
              lazy: async () => ({
                Component: (await import('../features/standards/StandardsPage')).StandardsPage,
              }),
              loader: warm(async () =>
                (await import('../features/standards/queries')).loadStandards(queryClient),
              ),
            },
            {
              path: appRoutes.messages,
              lazy: async () => ({
                Component: (await import('../features/messages/MessagesPage')).MessagesPage,
              }),
              loader: warm(async () =>
                (await import('../features/messages/queries')).loadInbox(queryClient),
              ),
            },
            {
              path: '*',
              lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }),
            },
          ],
        },
      ],
    },
  ];
}

/** The app's router, in the browser's address bar. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRouteObjects(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;

function Root() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/**
 * A route that could not be shown (its code failed to load, or it threw while rendering) gets
 * the fallback of SPEC.md 2; the shell catches its screens' errors itself.
 */
function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('A screen failed to render', error);
  return <ErrorFallback onGoHome={() => void navigate(appRoutes.dashboard)} />;
}
