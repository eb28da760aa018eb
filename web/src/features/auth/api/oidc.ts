import { oidcStartResponseSchema, secondStepPaths, tokenResponseSchema } from '@um/contract';
import type { OidcCallbackRequest, TokenPair } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Where this tab keeps the `state` of the sign-in it sent to the provider. */
const STATE_KEY = 'um-oidc-state';

/**
 * Sends the browser to the school's provider. The flow's `state` is kept in this tab, so that
 * the return is accepted only in the tab that started it: a link with someone else's code
 * cannot sign this browser in to their account.
 */
export async function startOidcSignIn(intent: 'login' | 'register'): Promise<void> {
  const { url, state } = await apiRequest(secondStepPaths.oidcStart, {
    method: 'POST',
    authenticated: false,
    body: { intent },
    schema: oidcStartResponseSchema,
  });
  sessionStorage.setItem(STATE_KEY, state);
  window.location.assign(url);
}

/** Whether the provider came back with the state this tab sent; asking forgets it. */
export function takeStartedState(state: string | null): boolean {
  const started = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  return started !== null && started === state;
}

/** Finishes the sign-in with what the provider sent back. */
export async function finishOidcSignIn(callback: OidcCallbackRequest): Promise<TokenPair> {
  const answer = await apiRequest(secondStepPaths.oidcCallback, {
    method: 'POST',
    authenticated: false,
    body: callback,
    schema: tokenResponseSchema,
  });
  return answer.token;
}
