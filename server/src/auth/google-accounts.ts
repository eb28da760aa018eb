import { texts, type TokenPair } from '@um/contract';
import { HttpError, notFound, problemTypes } from '../http/problem.js';
import type { AuthDeps } from './context.js';
import { GoogleCredentialError, type GoogleIdentity, type GoogleVerifier } from './google.js';
import type { Client } from '../http/client.js';
import { findSsoAccount, ssoRegister, ssoSignIn, type SsoProvider } from './sso-accounts.js';
import { findUserByGoogleSub, linkGoogleSub } from '../repositories/users.js';

export type GoogleIntent = 'login' | 'register';

const failedMessage = {
  login: texts.google.loginFailed,
  register: texts.google.registrationFailed,
} as const;

/** Verifies the credential and turns each kind of rejection into its HTTP answer. */
async function identify(
  verify: GoogleVerifier | null,
  credential: string,
  intent: GoogleIntent,
): Promise<GoogleIdentity> {
  if (!verify) {
    throw new HttpError(503, 'Google sign-in is not configured on this server.', {
      type: problemTypes.unavailable,
    });
  }
  try {
    return await verify(credential);
  } catch (error) {
    if (!(error instanceof GoogleCredentialError)) throw error;
    if (error.reason === 'keys-unavailable') {
      throw new HttpError(503, 'Google sign-in is unavailable right now. Please try again.', {
        type: problemTypes.unavailable,
      });
    }
    const detail =
      error.reason === 'unverified-email'
        ? `${failedMessage[intent]} Your Google account's email address is not verified.`
        : failedMessage[intent];
    throw new HttpError(401, detail);
  }
}

/** Google as an identity provider: its subject is kept in `google_sub`. */
const google: SsoProvider = {
  findBySub: findUserByGoogleSub,
  link: linkGoogleSub,
  account: (sub) => ({ googleSub: sub }),
  activity: 'google_sign_in',
  linkedElsewhere:
    'This email address is linked to a different Google account. Log in with that one or with your password.',
};

/** POST social/google: signs in an existing account; 404 when there is none yet. */
export async function googleLogin(
  deps: AuthDeps,
  verify: GoogleVerifier | null,
  credential: string,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  const identity = await identify(verify, credential, 'login');
  const user = await findSsoAccount(deps, google, identity, now);
  if (!user) {
    throw notFound('No account uses this Google account yet. Sign up with Google first.');
  }
  return ssoSignIn(deps, google, user, now, client);
}

/** POST social/google/register: creates the account, or signs in when it exists. */
export async function googleRegister(
  deps: AuthDeps,
  verify: GoogleVerifier | null,
  credential: string,
  now: Date,
  client: Client,
): Promise<{ created: boolean; tokens: TokenPair }> {
  const identity = await identify(verify, credential, 'register');
  return ssoRegister(deps, google, identity, now, client);
}
