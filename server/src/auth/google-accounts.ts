import { texts, type TokenPair } from '@um/contract';
import { isUniqueViolation } from '../db/errors.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, conflict, notFound, problemTypes } from '../http/problem.js';
import { recordActivity } from './activity.js';
import { accountDeactivated, assertSignupAllowed, type AuthDeps } from './context.js';
import { GoogleCredentialError, type GoogleIdentity, type GoogleVerifier } from './google.js';
import type { Client } from './refresh-tokens.js';
import { startSession, subjectOf } from './tokens.js';
import {
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  linkGoogleSub,
  lockAccounts,
} from './users.js';

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

/**
 * The account for a Google identity: the one linked to its `sub`, else the one with its
 * (verified) e-mail, which is then linked. An e-mail account already linked to another Google
 * account is not taken over.
 */
async function findAccount(
  deps: AuthDeps,
  identity: GoogleIdentity,
  now: Date,
): Promise<UserRow | undefined> {
  const linked = await findUserByGoogleSub(deps.db, identity.sub);
  if (linked) return linked;
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (!byEmail) return undefined;
  if (
    byEmail.google_sub === null &&
    (await linkGoogleSub(deps.db, byEmail.id, identity.sub, now))
  ) {
    return byEmail;
  }
  const again = await findUserByGoogleSub(deps.db, identity.sub);
  if (again) return again;
  throw conflict(
    'This email address is linked to a different Google account. Log in with that one or with your password.',
  );
}

/** A Google sign-in to an existing account: refused when it is deactivated. */
async function signIn(
  deps: AuthDeps,
  user: UserRow,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  if (user.status === 'deactivated') throw accountDeactivated();
  const pair = await startSession(deps.db, deps.config.jwtSecret, subjectOf(user), now, client);
  await recordActivity(deps.db, user.id, 'google_sign_in', client, now);
  return pair;
}

/** POST social/google: signs in an existing account; 404 when there is none yet. */
export async function googleLogin(
  deps: AuthDeps,
  verify: GoogleVerifier | null,
  credential: string,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  const identity = await identify(verify, credential, 'login');
  const user = await findAccount(deps, identity, now);
  if (!user) {
    throw notFound('No account uses this Google account yet. Sign up with Google first.');
  }
  return signIn(deps, user, now, client);
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
  const existing = await findAccount(deps, identity, now);
  if (existing) return { created: false, tokens: await signIn(deps, existing, now, client) };
  assertSignupAllowed(deps.config, identity.email);
  try {
    const user = await deps.db.transaction().execute(async (trx) => {
      await lockAccounts(trx, deps.config.database.dialect);
      return createUser(
        trx,
        { email: identity.email, name: identity.name, passwordHash: null, googleSub: identity.sub },
        now,
      );
    });
    return { created: true, tokens: await signIn(deps, user, now, client) };
  } catch (error) {
    // A concurrent request created or linked the account first: sign in to it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findAccount(deps, identity, now);
    if (!raced) throw error;
    return { created: false, tokens: await signIn(deps, raced, now, client) };
  }
}
