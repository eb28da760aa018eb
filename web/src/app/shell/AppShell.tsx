import { Suspense, useRef, useState } from 'react';
import Menu from 'lucide-react/icons/menu';
import X from 'lucide-react/icons/x';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { appRoutes } from '@um/contract';
import { Brand } from '../../components/ui/Brand';
import { Spinner } from '../../components/ui/Spinner';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { useFocusTrap } from '../../components/ui/useFocusTrap';
import { useLogout } from '../../features/auth/logout';
import { useSignedInUser } from '../../features/auth/session';
import { useLiveUpdates } from '../../features/live/useLiveUpdates';
import { ErrorBoundary } from '../ErrorBoundary';
import { Navigation } from './Navigation';
import { UnreadBadge } from './UnreadBadge';
import { UserMenu } from './UserMenu';

/** The shell's guard, in the shell's chunk: the router wraps the shell in it. */
export { RequireAuth } from './RequireAuth';

const DRAWER_ID = 'navigation-drawer';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-pill text-slate-700 transition-colors duration-fast hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80';

/**
 * The signed-in frame: a sticky top bar, the sidebar (a drawer below `lg`), and
 * the current screen inside an error boundary that resets when the path changes.
 */
export default function AppShell() {
  const user = useSignedInUser();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerPath, setDrawerPath] = useState(location.pathname);
  const drawer = useRef<HTMLDivElement>(null);
  useLiveUpdates();

  // Any navigation closes the drawer, including back and forward.
  if (drawerPath !== location.pathname) {
    setDrawerPath(location.pathname);
    setDrawerOpen(false);
  }
  useFocusTrap(drawer, drawerOpen, () => setDrawerOpen(false));

  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-pill focus:bg-white focus:px-4 focus:py-2 focus:text-brand-700 focus:shadow-glass dark:focus:bg-slate-900 dark:focus:text-brand-200"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-canvas/80 backdrop-blur-glass dark:border-slate-800/80 dark:bg-canvas-dark/80">
        <div className="flex h-16 items-center gap-1 px-2 sm:gap-2 sm:px-6">
          <button
            type="button"
            className={`${iconButton} lg:hidden`}
            aria-label="Open navigation"
            aria-expanded={drawerOpen}
            aria-controls={DRAWER_ID}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <Link to={appRoutes.dashboard} className="min-w-0 rounded-xl">
            <Brand />
          </Link>
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <UnreadBadge />
            <ThemeToggle />
            <UserMenu user={user} onLogout={logout} />
          </div>
        </div>
      </header>

      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200/80 p-4 lg:block dark:border-slate-800/80">
          <Navigation />
        </aside>
        <main
          id="main"
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-8 sm:px-8 focus:outline-none"
        >
          <ErrorBoundary
            resetKey={location.pathname}
            onGoHome={() => navigate(appRoutes.dashboard)}
          >
            <Suspense fallback={<Spinner className="py-24" />}>
              <Outlet />
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>

      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          {/* Tapping outside closes the drawer; Escape and the close button do the same by keyboard. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-slate-950/50 backdrop-blur-sm"
            onClick={() => setDrawerOpen(false)}
          />
          <div
            ref={drawer}
            id={DRAWER_ID}
            role="dialog"
            aria-modal="true"
            aria-label="Navigation"
            className="absolute inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-canvas p-4 shadow-glass animate-slide-in dark:bg-canvas-dark"
          >
            <div className="flex items-center justify-between">
              <Brand />
              <button
                type="button"
                className={iconButton}
                aria-label="Close navigation"
                onClick={() => setDrawerOpen(false)}
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <Navigation onNavigate={() => setDrawerOpen(false)} />
          </div>
        </div>
      )}
    </div>
  );
}
