/**
 * The build's server-side entry (scripts/prerender.mjs runs it in Node after `vite build`).
 *
 * The sign-in pages need no session, so their markup is the same for everyone: the build
 * renders them here, from the real components, into HTML files the server sends for their
 * routes. The browser paints the page before any JavaScript has arrived, and React then takes
 * it over (src/main.tsx, hydrateRoot). Signed-in pages depend on the stored session and are
 * not prerendered; their HTML only names the code they will load, so the browser fetches it
 * at once instead of one chunk after another (issue 7, BENCHMARKS.md cause H).
 */
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { apiPaths, appRoutes } from '@um/contract';
import { App } from './app/App';

export interface Page {
  /** The client route, as in the contract's appRoutes. */
  route: string;
  /** Render the page's markup into the HTML (pages that need no session). */
  prerender: boolean;
  /**
   * The source modules the page loads lazily before it shows (keys of Vite's manifest, as
   * routes.tsx imports them): the HTML asks for their chunks up front.
   */
  modules: string[];
  /**
   * The API call public/boot.js sends before the app has loaded: on a signed-in page, the
   * stored session's check (SPEC.md 2, startup), as src/features/auth/api.ts makes it.
   */
  sessionCheck?: string;
}

const signInPage = (route: string, module: string): Page => ({
  route,
  prerender: true,
  modules: [`src/features/auth/${module}.tsx`],
});

/** A protected page: the session check's API calls, the shell, then the screen. */
const shellPage = (route: string, module: string): Page => ({
  route,
  prerender: false,
  modules: ['src/features/auth/api.ts', 'src/app/shell/AppShell.tsx', `src/${module}.tsx`],
  sessionCheck: apiPaths.profile,
});

export const pages: Page[] = [
  signInPage(appRoutes.login, 'LoginPage'),
  signInPage(appRoutes.register, 'RegisterPage'),
  signInPage(appRoutes.forgotPassword, 'ForgotPasswordPage'),
  signInPage(appRoutes.resetPassword, 'ResetPasswordPage'),
  shellPage(appRoutes.dashboard, 'features/dashboard/DashboardPage'),
  shellPage(appRoutes.analytics, 'features/dashboard/DashboardPage'),
  shellPage(appRoutes.settings, 'features/dashboard/DashboardPage'),
  shellPage(appRoutes.projects, 'features/placeholders/ProjectsPage'),
  shellPage(appRoutes.tasks, 'features/placeholders/TasksPage'),
  shellPage(appRoutes.students, 'features/students/StudentsPage'),
  shellPage(appRoutes.standards, 'features/standards/StandardsPage'),
  shellPage(appRoutes.messages, 'features/messages/MessagesPage'),
  shellPage(appRoutes.profile, 'features/profile/ProfilePage'),
];

/**
 * The file a route's HTML is written to: its first path segment (`/login` → `login.html`,
 * `/reset-password/:id/:token` → `reset-password.html`). The server looks for the same name
 * (server/src/http/web-app.ts) and falls back to index.html.
 */
export function pageFile(route: string): string {
  const [, segment = ''] = route.split('/');
  return segment ? `${segment}.html` : 'index.html';
}

/**
 * The markup of the app at `route` for a visitor without a session, exactly as the browser's
 * first render will produce it (lazily loaded screens included: prerender waits for them).
 */
export async function renderPage(route: string): Promise<string> {
  // Any value matches a parameter; the sign-in screens do not show theirs.
  const url = route.replace(/:[^/]+/g, '-');
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
    { onError: (error) => void errors.push(error) },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) {
    throw new Error(`Prerendering ${route} failed`, { cause: errors[0] });
  }
  return html;
}
