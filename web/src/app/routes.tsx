import { Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { appRoutes } from '@um/contract';
import { PageSpinner } from '../components/ui/Spinner';
import { RequireAuth, useSignedInUser } from '../features/auth/session';

// Every screen is its own chunk, so the login page loads only what it shows.
const AppShell = lazy(() => import('./shell/AppShell'));
const NotFoundPage = lazy(() =>
  import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })),
);
const LoginPage = lazy(() =>
  import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('../features/auth/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/auth/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })),
);
const ProjectsPage = lazy(() =>
  import('../features/placeholders/ProjectsPage').then((m) => ({ default: m.ProjectsPage })),
);
const TasksPage = lazy(() =>
  import('../features/placeholders/TasksPage').then((m) => ({ default: m.TasksPage })),
);
const StudentsPage = lazy(() =>
  import('../features/students/StudentsPage').then((m) => ({ default: m.StudentsPage })),
);
const StandardsPage = lazy(() =>
  import('../features/standards/StandardsPage').then((m) => ({ default: m.StandardsPage })),
);
const MessagesPage = lazy(() =>
  import('../features/messages/MessagesPage').then((m) => ({ default: m.MessagesPage })),
);
const ProfilePage = lazy(() =>
  import('../features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);

/** Features never import each other; the signed-in user reaches them from here. */
function Dashboard() {
  return <DashboardPage user={useSignedInUser()} />;
}

function Profile() {
  return <ProfilePage user={useSignedInUser()} />;
}

/** The routes of SPEC.md 2. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route path={appRoutes.login} element={<LoginPage />} />
        <Route path={appRoutes.register} element={<RegisterPage />} />
        <Route path={appRoutes.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={appRoutes.resetPassword} element={<ResetPasswordPage />} />
        <Route
          element={
            <RequireAuth>
              <AppShell />
            </RequireAuth>
          }
        >
          <Route index element={<Navigate to={appRoutes.dashboard} replace />} />
          <Route path={appRoutes.dashboard} element={<Dashboard />} />
          <Route path={appRoutes.analytics} element={<Dashboard />} />
          <Route path={appRoutes.settings} element={<Dashboard />} />
          <Route path={appRoutes.projects} element={<ProjectsPage />} />
          <Route path={appRoutes.tasks} element={<TasksPage />} />
          <Route path={appRoutes.profile} element={<Profile />} />
          <Route path={appRoutes.students} element={<StudentsPage />} />
          <Route path={appRoutes.standards} element={<StandardsPage />} />
          <Route path={appRoutes.messages} element={<MessagesPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
