import { passkeyOptionsResponseSchema, secondStepPaths, tokenResponseSchema } from '@um/contract';
import type { TokenPair } from '@um/contract';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { apiRequest } from '../../../lib/api-client';

/**
 * A sign-in with a passkey: the server's challenge, the browser's passkey prompt, and the
 * answer checked by the server. `@simplewebauthn/browser` loads only when this runs.
 */
export async function signInWithPasskey(): Promise<TokenPair> {
  const [{ startAuthentication }, { options }] = await Promise.all([
    import('@simplewebauthn/browser'),
    apiRequest(secondStepPaths.passkeySignInOptions, {
      method: 'POST',
      authenticated: false,
      schema: passkeyOptionsResponseSchema,
    }),
  ]);
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const answer = await apiRequest(secondStepPaths.passkeySignIn, {
    method: 'POST',
    authenticated: false,
    body: { credential },
    schema: tokenResponseSchema,
  });
  return answer.token;
}
