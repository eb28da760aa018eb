import { Suspense, useLayoutEffect } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Navigate, Route, Routes, matchPath } from 'react-router';
import { appRoutes } from '@um/contract';
import { PageSpinner } from '../components/ui/Spinner';
import { RequireAuth, useSignedInUser } from '../features/auth/session';
import { dismissBootView } from '../lib/boot-view';
import { lazyScreen } from './lazy-screen';
import type { LazyScreen } from './lazy-screen';

// Every screen is its own chunk, so the login page loads only what it shows.
const AppShell = lazyScreen(() => import('./shell/AppShell').then((m) => m.default));
const NotFoundPage = lazyScreen(() => import('./NotFoundPage').then((m) => m.NotFoundPage));
const LoginPage = lazyScreen(() => import('../features/auth/LoginPage').then((m) => m.LoginPage));
const RegisterPage = lazyScreen(() =>
  import('../features/auth/RegisterPage').then((m) => m.RegisterPage),
);
const ForgotPasswordPage = lazyScreen(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/ResetPasswordPage').then((m) => m.ResetPasswordPage),
);
const DashboardPage = lazyScreen(() =>
  import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
);
const ProjectsPage = lazyScreen(() =>
  import('../features/placeholders/ProjectsPage').then((m) => m.ProjectsPage),
);
const TasksPage = lazyScreen(() =>
  import('../features/placeholders/TasksPage').then((m) => m.TasksPage),
);
const StudentsPage = lazyScreen(() =>
  import('../features/students/StudentsPage').then((m) => m.StudentsPage),
);
const StandardsPage = lazyScreen(() =>
  import('../features/standards/StandardsPage').then((m) => m.StandardsPage),
);
const MessagesPage = lazyScreen(() =>
  import('../features/messages/MessagesPage').then((m) => m.MessagesPage),
);
const ProfilePage = lazyScreen(() =>
  import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
);

/** Features never import each other; the signed-in user reaches them from here. */
function Dashboard() {
  return <DashboardPage user={useSignedInUser()} />;
}

function Profile() {
  return <ProfilePage user={useSignedInUser()} />;
}

interface ScreenRoute {
  path: string;
  /** What the route shows, loaded ahead by preloadScreensFor. */
  screen: Pick<LazyScreen, 'preload'>;
  element: ReactElement;
}

const signInRoutes: ScreenRoute[] = [
  { path: appRoutes.login, screen: LoginPage, element: <LoginPage /> },
  { path: appRoutes.register, screen: RegisterPage, element: <RegisterPage /> },
  { path: appRoutes.forgotPassword, screen: ForgotPasswordPage, element: <ForgotPasswordPage /> },
  { path: appRoutes.resetPassword, screen: ResetPasswordPage, element: <ResetPasswordPage /> },
];

/** The routes inside the signed-in shell (AppShell). */
const shellRoutes: ScreenRoute[] = [
  { path: appRoutes.dashboard, screen: DashboardPage, element: <Dashboard /> },
  { path: appRoutes.analytics, screen: DashboardPage, element: <Dashboard /> },
  { path: appRoutes.settings, screen: DashboardPage, element: <Dashboard /> },
  { path: appRoutes.projects, screen: ProjectsPage, element: <ProjectsPage /> },
  { path: appRoutes.tasks, screen: TasksPage, element: <TasksPage /> },
  { path: appRoutes.profile, screen: ProfilePage, element: <Profile /> },
  { path: appRoutes.students, screen: StudentsPage, element: <StudentsPage /> },
  { path: appRoutes.standards, screen: StandardsPage, element: <StandardsPage /> },
  { path: appRoutes.messages, screen: MessagesPage, element: <MessagesPage /> },
];

/**
 * Starts loading the screens the app will show first at `pathname`, while the stored session
 * is checked, so that they render without a Suspense fallback (lazy-screen.ts). The page's
 * HTML has already asked for their chunks (scripts/prerender.mjs).
 */
export function preloadScreensFor(pathname: string): void {
  const signIn = signInRoutes.find((route) => matchPath(route.path, pathname));
  const inShell = shellRoutes.find((route) => matchPath(route.path, pathname));
  const screens = signIn ? [signIn.screen] : inShell ? [AppShell, inShell.screen] : [];
  // A chunk that fails to load fails again, visibly, when its screen renders.
  for (const screen of screens) screen.preload().catch(() => undefined);
}

/**
 * Takes the page over from the boot view once a screen is ready: not while the session is
 * checked, nor while a screen's code loads (Suspense runs no effect of what it holds back),
 * so the screen boot.js showed is replaced by the same screen, not by a spinner.
 */
function TakeOverBootView({ children }: { children: ReactNode }) {
  useLayoutEffect(dismissBootView, []);
  return children;
}

/** The routes of SPEC.md 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <TakeOverBootView>
        <Routes>
          {signInRoutes.map(({ path, element }) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route
            element={
              <RequireAuth>
                <AppShell />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to={appRoutes.dashboard} replace />} />
            {shellRoutes.map(({ path, element }) => (
              <Route key={path} path={path} element={element} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </TakeOverBootView>
    </Suspense>
  );
}
