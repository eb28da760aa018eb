import { createContext, use, useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { appRoutes } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { PageSpinner } from '../../components/ui/Spinner';
import { useHydrated } from '../../lib/hydration';
import { queryKeys } from '../../lib/query';
import {
  clearSession,
  getSessionSnapshot,
  readTokens,
  storeTokens,
  storeUser,
  subscribeToSession,
  useStoredSession,
} from '../../lib/session';
import type { SessionUser } from '../../lib/session';

/**
 * The API calls load with their zod schemas on first use: a visitor without a session (the
 * login page) never downloads them.
 */
const loadApi = () => import('./api');

/** The auth state of SPEC.md 3, with the two ways to change it. */
export interface AuthState {
  user: SessionUser | null;
  token: TokenPair | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Stores a fresh token pair, loads the profile and keeps it as the signed-in user. */
  signIn: (tokens: TokenPair) => Promise<SessionUser>;
  /** Revokes the session on the server, forgets it here and goes to the login page. */
  logout: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

function hasStoredSession(): boolean {
  const { tokens, user } = getSessionSnapshot();
  return tokens !== null && user !== null;
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const session = useStoredSession();
  const [checking, setChecking] = useState(hasStoredSession);
  // A prerendered sign-in page is taken over as it was rendered, without a session; the
  // spinner of a stored session's check follows in the next render (SPEC.md 2, startup).
  const hydrated = useHydrated();

  const loadUser = useCallback(async () => {
    const profile = await queryClient.fetchQuery({
      queryKey: queryKeys.profile,
      queryFn: async () => (await loadApi()).fetchProfile(),
      staleTime: 0,
    });
    storeUser(profile);
    return profile;
  }, [queryClient]);

  // Startup (SPEC.md 2): a stored session counts only once the server confirms the profile.
  useEffect(() => {
    if (!checking) return;
    let mounted = true;
    loadUser()
      .catch(() => clearSession())
      .finally(() => {
        if (mounted) setChecking(false);
      });
    return () => {
      mounted = false;
    };
  }, [checking, loadUser]);

  // However the session ends (logout, a refused refresh, another tab), no cached data outlives
  // it. This listens to the store itself, so the cache is empty before the next screen mounts
  // and starts queries of its own.
  useEffect(() => {
    let hadTokens = readTokens() !== null;
    return subscribeToSession(() => {
      const hasTokens = readTokens() !== null;
      if (hadTokens && !hasTokens) queryClient.clear();
      hadTokens = hasTokens;
    });
  }, [queryClient]);

  const signIn = useCallback(
    async (tokens: TokenPair) => {
      storeTokens(tokens);
      try {
        return await loadUser();
      } catch (error) {
        clearSession();
        throw error;
      }
    },
    [loadUser],
  );

  const logout = useCallback(() => {
    const refresh = readTokens()?.refresh;
    navigate(appRoutes.login, { replace: true });
    clearSession();
    // The local session is gone whatever the server says; revoking is a courtesy to security.
    if (refresh) {
      loadApi()
        .then(({ revokeSession }) => revokeSession(refresh))
        .catch(() => undefined);
    }
  }, [navigate]);

  const state = useMemo<AuthState>(
    () => ({
      user: session.user,
      token: session.tokens,
      isAuthenticated: session.tokens !== null && session.user !== null,
      isLoading: checking,
      signIn,
      logout,
    }),
    [session, checking, signIn, logout],
  );

  if (checking && hydrated) return <PageSpinner />;
  return <AuthContext value={state}>{children}</AuthContext>;
}

const previewOnly = () => {
  throw new Error('The signed-in preview cannot change the session');
};

/**
 * The build's stand-in for SessionProvider (src/prerender.tsx): `user` counts as signed in,
 * and nothing is checked, stored or sent.
 */
export function SignedInPreview({ user, children }: { user: SessionUser; children: ReactNode }) {
  const state = useMemo<AuthState>(
    () => ({
      user,
      token: null,
      isAuthenticated: true,
      isLoading: false,
      signIn: previewOnly,
      logout: previewOnly,
    }),
    [user],
  );
  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = use(AuthContext);
  if (!state) throw new Error('useAuth is used outside SessionProvider');
  return state;
}

/** The user of a screen behind RequireAuth, where a signed-in user is guaranteed. */
export function useSignedInUser(): SessionUser {
  const { user } = useAuth();
  if (!user) throw new Error('useSignedInUser is used outside RequireAuth');
  return user;
}

/** Protected routes (SPEC.md 2): without a session, go to the login page and remember this one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={appRoutes.login} replace state={{ from }} />;
  }
  return children;
}
