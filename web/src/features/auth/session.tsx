import { createContext, use, useCallback, useMemo } from 'react';
import type { ReactNode } from 'react';
import { apiPaths } from '@um/contract';
import type { TokenPair } from '@um/contract';
import { apiRequest } from '../../lib/api-client';
import {
  clearSession,
  getSessionSnapshot,
  sessionUserSchema,
  storeTokens,
  storeUser,
  useStoredSession,
} from '../../lib/session';
import type { SessionUser } from '../../lib/session';

/**
 * The auth state (user, token, signed in, loading) with the way to sign in; logout is
 * useLogout, in logout.ts.
 */
export interface AuthState {
  user: SessionUser | null;
  token: TokenPair | null;
  isAuthenticated: boolean;
  /**
   * Always false where a screen can read it: the root route's loader holds every screen back
   * until the stored session has been checked (checkStoredSession).
   */
  isLoading: boolean;
  /** Stores a fresh token pair, loads the profile and keeps it as the signed-in user. */
  signIn: (tokens: TokenPair) => Promise<SessionUser>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Loads the profile of the stored tokens and keeps it as the signed-in user. */
async function loadUser(): Promise<SessionUser> {
  const profile = await apiRequest(apiPaths.profile, { schema: sessionUserSchema });
  storeUser(profile);
  return profile;
}

/**
 * Startup (docs/web.md): a stored session counts only once the server confirms the profile, and a
 * failure signs the user out. Called as the app's entry module runs, so the request goes out
 * alongside the first screen's code; the promise settles once the check is over.
 */
export function checkStoredSession(): Promise<void> {
  const { tokens, user } = getSessionSnapshot();
  if (tokens === null || user === null) return Promise.resolve();
  return loadUser().then(
    () => undefined,
    () => clearSession(),
  );
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useStoredSession();

  const signIn = useCallback(async (tokens: TokenPair) => {
    storeTokens(tokens);
    try {
      return await loadUser();
    } catch (error) {
      clearSession();
      throw error;
    }
  }, []);

  const state = useMemo<AuthState>(
    () => ({
      user: session.user,
      token: session.tokens,
      isAuthenticated: session.tokens !== null && session.user !== null,
      isLoading: false,
      signIn,
    }),
    [session, signIn],
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
