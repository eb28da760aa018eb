import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { appRoutes, deactivatedText, signedOutElsewhereText } from '@um/contract';
import type { Notice } from '../../components/ui/Banner';
import { useAuth } from '../../features/auth/session';
import { sessionEndedElsewhere, takeDeactivated } from '../../lib/session';

/**
 * Signed-in routes: without a session, go to the login page and remember this one.
 * When the session ended because another tab signed out, the login page is told, to say why
 * this tab is there. It loads with the shell, not with the login page, which has a size budget.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();

  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    // The login page shows this notice first (its text comes from here, not with that page).
    const notice: Notice | null = takeDeactivated()
      ? { tone: 'error', message: deactivatedText }
      : sessionEndedElsewhere()
        ? { tone: 'info', message: signedOutElsewhereText }
        : null;
    return <Navigate to={appRoutes.login} replace state={{ from, notice }} />;
  }
  return children;
}
