import { Outlet, createBrowserRouter, redirect, useNavigate, useRouteError } from 'react-router';
import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { appRoutes } from '@um/contract';
import { PageSpinner } from '../components/ui/Spinner';
import { SessionProvider, checkStoredSession, useSignedInUser } from '../features/auth/session';
import { readTokens } from '../lib/session';
import { ErrorFallback } from './ErrorFallback';

/**
 * Every route of the app (docs/web.md, Screens and routes), declared here once. Each screen is a chunk of its own, loaded with
 * route `lazy`, so the login page loads only what it shows; a screen's loader asks for its data
 * at the same time as its code, and TanStack Query keeps what arrives for the screen.
 */
export function appRouteObjects(queryClient?: QueryClient): RouteObject[] {
  // The check goes out now, as the entry module runs, not once a screen renders.
  const sessionChecked = checkStoredSession();
  /**
   * The data cache of the signed-in screens. The sign-in screens load no data library, so it
   * is made the first time a signed-in route needs it.
   */
  let madeClient: Promise<QueryClient> | undefined = queryClient && Promise.resolve(queryClient);
  const getClient = () =>
    (madeClient ??= import('../lib/query').then(({ createQueryClient }) => createQueryClient()));
  /**
   * A loader's part: with a stored session, `load` asks for a screen's data at once, beside the
   * session check rather than after it (the root route's loader holds the screen until the
   * check is over), and the screen renders as soon as its code is in, showing what has arrived
   * so far. A session the check refuses gets 401s, which end it as the check does. A failure is
   * the screen's to show.
   */
  const warm = (load: (queryClient: QueryClient) => Promise<unknown>) => () => {
    if (readTokens() !== null) {
      getClient()
        .then(load)
        .catch(() => undefined);
    }
    return null;
  };

  /**
   * Screens that share one chunk: the students list and a student's record, and the two sample
   * screens. Every `import()` carries the names of the chunks it needs into the entry, which the
   * sign-in pages load too (their budget, decisions 0010 and 0063).
   */
  const studentsScreens = () => import('../features/students/StudentScreens');
  const sampleScreens = () => import('../features/placeholders/SampleScreens');

  /** A signed-in person who opens the login or sign-up page has nothing to do there. */
  const signedOutOnly = async () => {
    await sessionChecked;
    return readTokens() ? redirect(appRoutes.dashboard) : null;
  };

  return [
    {
      id: 'root',
      Component: Root,
      // A spinner until the stored session has been checked.
      loader: async () => {
        await sessionChecked;
        return null;
      },
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
      children: [
        // The pre-rendered pages' routes are named, so the browser can say, hydrating one
        // (src/main.tsx), which loaders' answers the HTML already holds.
        {
          id: 'login',
          path: appRoutes.login,
          loader: signedOutOnly,
          lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
        },
        {
          id: 'register',
          path: appRoutes.register,
          loader: signedOutOnly,
          lazy: async () => ({
            Component: (await import('../features/auth/RegisterPage')).RegisterPage,
          }),
        },
        // The steps after the login page: the second step, and the return from the school's
        // provider. One chunk, which the login page does not load.
        ...[appRoutes.secondStep, appRoutes.oidcCallback].map((path) => ({
          path,
          lazy: async () => ({
            Component: (await import('../features/auth/SignInStepPage')).SignInStepPage,
          }),
        })),
        {
          id: 'forgot-password',
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
            const [{ default: AppShell, RequireAuth }, { QueryClientProvider }, client] =
              await Promise.all([
                import('./shell/AppShell'),
                import('@tanstack/react-query'),
                getClient(),
              ]);
            return {
              Component: () => (
                <QueryClientProvider client={client}>
                  <RequireAuth>
                    <AppShell />
                  </RequireAuth>
                </QueryClientProvider>
              ),
            };
          },
          loader: warm(async (client) =>
            client.prefetchQuery(
              (await import('../lib/api/get-unread-count')).getUnreadCountQueryOptions(),
            ),
          ),
          shouldRevalidate: () => false,
          children: [
            {
              // A screen that fails (its code could not be fetched) shows the fallback inside
              // the shell, which stays usable.
              ErrorBoundary: RouteError,
              children: [
                { index: true, loader: () => redirect(appRoutes.dashboard) },
                ...[appRoutes.dashboard, appRoutes.analytics, appRoutes.settings].map((path) => ({
                  path,
                  loader: warm(async (client) =>
                    (await import('../features/dashboard/loader')).loadDashboard(client),
                  ),
                  lazy: async () => {
                    const { DashboardPage } = await import('../features/dashboard/DashboardPage');
                    return { Component: () => <DashboardPage user={useSignedInUser()} /> };
                  },
                })),
                {
                  path: appRoutes.projects,
                  lazy: async () => ({ Component: (await sampleScreens()).ProjectsPage }),
                },
                {
                  path: appRoutes.tasks,
                  lazy: async () => ({ Component: (await sampleScreens()).TasksPage }),
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
                  lazy: async () => ({ Component: (await studentsScreens()).StudentsPage }),
                  loader: ({ request }: LoaderFunctionArgs) =>
                    warm(async (client) =>
                      (await import('../features/students/loader')).loadStudentsScreen(
                        client,
                        new URL(request.url),
                      ),
                    )(),
                  shouldRevalidate: onOpenOnly,
                },
                {
                  path: appRoutes.student,
                  lazy: async () => ({ Component: (await studentsScreens()).StudentRecordPage }),
                },
                {
                  path: appRoutes.studentsImport,
                  lazy: async () => ({
                    Component: (await import('../features/imports/ImportPage')).ImportPage,
                  }),
                },
                {
                  path: appRoutes.standards,
                  lazy: async () => ({
                    Component: (await import('../features/standards/StandardsPage')).StandardsPage,
                  }),
                  loader: warm(async (client) =>
                    (await import('../features/standards/loader')).loadStandardsScreen(client),
                  ),
                },
                {
                  path: appRoutes.yearEnd,
                  lazy: async () => ({
                    Component: (await import('../features/year-end/YearEndPage')).YearEndPage,
                  }),
                },
                {
                  path: appRoutes.messages,
                  lazy: async () => ({
                    Component: (await import('../features/messages/MessagesPage')).MessagesPage,
                  }),
                  loader: ({ request }: LoaderFunctionArgs) =>
                    warm(async (client) =>
                      (await import('../features/messages/loader')).loadInbox(
                        client,
                        new URL(request.url),
                      ),
                    )(),
                  shouldRevalidate: onOpenOnly,
                },
                {
                  path: appRoutes.recentlyDeleted,
                  lazy: async () => ({
                    Component: (await import('../features/bin/RecentlyDeletedPage'))
                      .RecentlyDeletedPage,
                  }),
                },
                {
                  path: appRoutes.staff,
                  lazy: async () => ({
                    Component: (await import('../features/staff/StaffPage')).StaffPage,
                  }),
                },
                {
                  path: appRoutes.dataSharing,
                  lazy: async () => ({
                    Component: (await import('../features/data-sharing/DataSharingPage'))
                      .DataSharingPage,
                  }),
                },
                {
                  path: '*',
                  lazy: async () => ({ Component: (await import('./NotFoundPage')).NotFoundPage }),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/**
 * A list screen's loader runs as the screen opens: a new search or filter is fetched by the
 * screen itself, which keeps the rows on screen meanwhile.
 */
const onOpenOnly: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * The app's router, in the browser's address bar. Tests pass their own data cache to inspect
 * it; the app's is made when first needed.
 */
export function createAppRouter(queryClient?: QueryClient) {
  return createBrowserRouter(appRouteObjects(queryClient));
}

/**
 * The router for a page pre-rendered at build time (src/prerender.tsx) under the route `id`,
 * for a signed-out visitor: the page's code is loaded first and the loaders' answers (null,
 * signed out) given, so that the first render is the pre-rendered one and hydrates it.
 */
export async function createHydratingRouter(id: string) {
  const routes = appRouteObjects();
  const page = routes[0]?.children?.find((route) => route.id === id);
  if (page?.lazy) Object.assign(page, await (page.lazy as () => Promise<object>)(), { lazy: null });
  return createBrowserRouter(routes, { hydrationData: { loaderData: { root: null, [id]: null } } });
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
 * the error fallback; the shell catches its screens' errors itself.
 */
function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  console.error('A screen failed to render', error);
  return <ErrorFallback onGoHome={() => void navigate(appRoutes.dashboard)} />;
}
