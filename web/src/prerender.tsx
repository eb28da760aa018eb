/**
 * The build's server-side entry (scripts/prerender.mjs runs it in Node after `vite build`).
 *
 * The sign-in pages need no session, so their markup is the same for everyone: the build
 * renders them here, from the real components, into HTML files the server sends for their
 * routes. The browser paints the page before any JavaScript has arrived, and React then takes
 * it over (src/main.tsx, hydrateRoot). Signed-in pages depend on the stored session and are
 * not prerendered; their HTML only names the code they will load, so the browser fetches it
 * at once instead of one chunk after another (issue 7, BENCHMARKS.md fixes 13 and 21). The
 * dashboard's pages, which show nothing but who is signed in, also get a boot view: the
 * screen as it looks signed in, which public/boot.js fills in and shows once the session
 * check answers (src/lib/boot-view.ts, decision 0017).
 */
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { apiPaths, appRoutes } from '@um/contract';
import { App } from './app/App';
import { PageSpinner } from './components/ui/Spinner';
import { SignedInPreview } from './features/auth/session';
import { bootView } from './lib/boot-view';
import type { SessionUser } from './lib/session';

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
  /** Write the boot view: the page's screen needs nothing from the server but the profile. */
  bootView?: boolean;
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

/** A page showing the dashboard, which needs nothing from the server but the profile. */
const dashboardPage = (route: string): Page => ({
  ...shellPage(route, 'features/dashboard/DashboardPage'),
  bootView: true,
});

export const pages: Page[] = [
  signInPage(appRoutes.login, 'LoginPage'),
  signInPage(appRoutes.register, 'RegisterPage'),
  signInPage(appRoutes.forgotPassword, 'ForgotPasswordPage'),
  signInPage(appRoutes.resetPassword, 'ResetPasswordPage'),
  dashboardPage(appRoutes.dashboard),
  dashboardPage(appRoutes.analytics),
  dashboardPage(appRoutes.settings),
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

async function render(what: string, element: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(<StrictMode>{element}</StrictMode>, {
    onError: (error) => void errors.push(error),
    // One piece of markup: React would otherwise stream a large Suspense boundary's content
    // separately, to be moved into place by an inline script, which the CSP refuses.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length > 0) {
    throw new Error(`Prerendering ${what} failed`, { cause: errors[0] });
  }
  return html;
}

function routerAt(route: string) {
  // Any value matches a parameter; the screens do not show theirs.
  const url = route.replace(/:[^/]+/g, '-');
  return ({ children }: { children: ReactNode }) => (
    <StaticRouter location={url}>{children}</StaticRouter>
  );
}

/**
 * The markup of the app at `route` for a visitor without a session, exactly as the browser's
 * first render will produce it (lazily loaded screens included: prerender waits for them).
 */
export function renderPage(route: string): Promise<string> {
  return render(route, <App Router={routerAt(route)} />);
}

/**
 * Stands for the user while the boot view is rendered: characters of Unicode's private use
 * area, which no screen shows on its own, so each place the user appears can be found.
 */
const previewUser: SessionUser = { id: '0', name: '\uE000name\uE001', email: '\uE002email\uE003' };
const slot = (field: string) => `<span ${bootView.field}="${field}"></span>`;

/**
 * The boot view of a page (src/lib/boot-view.ts): the startup spinner, and the screen at
 * `route` as the signed-in app renders it, hidden, with an empty slot wherever it shows the
 * user's name, its initial or e-mail address. It is never interactive: `inert` until the app
 * replaces it.
 */
export async function renderBootView(route: string): Promise<string> {
  const spinner = await render('the startup spinner', <PageSpinner />);
  const screen = (await renderSignedIn(route, previewUser))
    .replaceAll(previewUser.name, slot('name'))
    .replaceAll(previewUser.email, slot('email'))
    // The avatar shows the name's first character, upper-cased.
    .replaceAll(previewUser.name.charAt(0).toUpperCase(), slot('initial'));
  const unfilled = /[\uE000-\uE003]/.exec(screen);
  if (unfilled) {
    const at = screen.slice(Math.max(0, unfilled.index - 60), unfilled.index + 20);
    throw new Error(`The boot view of ${route} shows the user where no slot can go: …${at}…`);
  }
  return [
    `<div id="${bootView.id}" inert>`,
    `<div data-boot-view="${bootView.checking}">${spinner}</div>`,
    `<div data-boot-view="${bootView.screen}" hidden>${screen}</div>`,
    '</div>',
  ].join('');
}

/** The markup of the app at `route` with `user` signed in, as the browser renders it. */
export function renderSignedIn(route: string, user: SessionUser): Promise<string> {
  const Session = ({ children }: { children: ReactNode }) => (
    <SignedInPreview user={user}>{children}</SignedInPreview>
  );
  return render(`${route} signed in`, <App Router={routerAt(route)} Session={Session} />);
}
