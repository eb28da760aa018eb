import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { TokenPair } from '@um/contract';
import { App } from '../app/App';
import { createAppRouter } from '../app/router';
import { createQueryClient } from '../lib/query';
import { storeTokens, storeUser } from '../lib/session';
import type { SessionUser } from '../lib/session';

export const testUser: SessionUser = {
  id: '7',
  email: 'ada@school.test',
  name: 'Ada Lovelace',
  role: 'staff',
  status: 'active',
};
export const testTokens: TokenPair = { access: 'access-1', refresh: 'refresh-1' };

/** Stores a session as a previous visit would have left it. */
export function signIn(user: SessionUser = testUser, tokens: TokenPair = testTokens): void {
  storeTokens(tokens);
  storeUser(user);
}

/** The whole app at `path`, as a browser opening that address would show it. */
export function renderApp(path: string, queryClient: QueryClient = createQueryClient()) {
  window.history.replaceState(null, '', path);
  const router = createAppRouter(queryClient);
  return { ...render(<App router={router} />), queryClient, router };
}
