import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { appRoutes } from '@um/contract';
import { clearSession, readTokens } from '../../lib/session';

/**
 * Logout: revokes the session on the server, forgets it here and goes to the login
 * page. A module of its own, loaded with the signed-in shell: the login page never needs it.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    const refresh = readTokens()?.refresh;
    navigate(appRoutes.login, { replace: true });
    clearSession();
    // The local session is gone whatever the server says; revoking is a courtesy to security.
    // The call loads with its zod schemas on first use.
    if (refresh) {
      import('./api/revoke-session')
        .then(({ revokeSession }) => revokeSession(refresh))
        .catch(() => undefined);
    }
  }, [navigate]);
}
