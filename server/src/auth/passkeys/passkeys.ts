import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import {
  secondStepTexts,
  type Passkey,
  type PasskeyAuthenticationCredential,
  type PasskeyRegistrationCredential,
  type TokenPair,
} from '@um/contract';
import type { Executor } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { HttpError, conflict, notFound } from '../../http/problem.js';
import { recordActivity } from '../../records/activity.js';
import { accountDeactivated, assertPasswordAllowed, type AuthDeps } from '../context.js';
import { roleRequiresSecondStep, secondStepsOf } from '../mfa/second-steps.js';
import type { Client } from '../../http/client.js';
import { startSession, subjectOf } from '../tokens.js';
import {
  advancePasskeyCounter,
  deleteExpiredWebauthnChallenges,
  deletePasskeyOfUser,
  findPasskeyByCredentialId,
  findPasskeyOfUser,
  insertPasskey,
  insertWebauthnChallenge,
  listCredentialsOfUser,
  listPasskeysOfUser,
  useWebauthnChallengeOnce,
} from '../../repositories/passkeys.js';
import { findUserById } from '../../repositories/users.js';

/**
 * Passkeys (WebAuthn, `@simplewebauthn/server`; docs/auth.md, "Passkeys"). The relying party is
 * APP_URL: its host name is the RP id and its origin the one origin a browser's answer may come
 * from. A passkey asks the person to unlock it (user verification), so it counts as both steps:
 * a sign-in with one needs no password. Every challenge is stored and used once, claimed before
 * the answer is checked, so an answer cannot be replayed.
 */

const CHALLENGE_TTL_MS = 5 * 60_000;
const PASSKEYS_PER_ACCOUNT = 20;
const PRODUCT = 'User Management';

interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
}

function rejected(): HttpError {
  return new HttpError(401, secondStepTexts.passkeyRejected);
}

async function storeChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'sign_in',
  userId: number | null,
  now: Date,
): Promise<void> {
  await deleteExpiredWebauthnChallenges(db, nowIso(now));
  await insertWebauthnChallenge(db, {
    challenge,
    purpose,
    user_id: userId,
    created_at: nowIso(now),
    expires_at: nowIso(new Date(now.getTime() + CHALLENGE_TTL_MS)),
    used_at: null,
  });
}

/** The challenge a browser's answer signed, as its client data names it. */
function challengeIn(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' ? challenge : null;
  } catch {
    return null;
  }
}

/** Uses up the challenge an answer names: true once, for a live one of this purpose and user. */
async function claimChallenge(
  db: Executor,
  challenge: string,
  purpose: 'register' | 'sign_in',
  userId: number | null,
  now: Date,
): Promise<boolean> {
  return useWebauthnChallengeOnce(db, challenge, purpose, userId, nowIso(now));
}

/** Options as the API document describes them: an object the browser's library takes whole. */
function asOptions(options: object): Record<string, unknown> {
  return { ...options };
}

function transportsOf(stored: string): AuthenticatorTransportFuture[] {
  return JSON.parse(stored) as AuthenticatorTransportFuture[];
}

/** The options for `navigator.credentials.create`: a new passkey of the signed-in person. */
export async function registrationOptions(deps: AuthDeps, userId: number, now: Date) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound(secondStepTexts.passkeyNotFound);
  const existing = await listCredentialsOfUser(deps.db, userId);
  if (existing.length >= PASSKEYS_PER_ACCOUNT) throw conflict(secondStepTexts.passkeyLimit);
  const rp = relyingPartyOf(deps.config.appUrl);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: new TextEncoder().encode(String(user.id)),
    attestationType: 'none',
    // The person's other passkeys: an authenticator that holds one is not asked for another.
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: transportsOf(passkey.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(deps.db, options.challenge, 'register', userId, now);
  return asOptions(options);
}

/** Checks a new passkey against the challenge given to this person and keeps it. */
export async function addPasskey(
  deps: AuthDeps,
  userId: number,
  name: string,
  credential: PasskeyRegistrationCredential,
  now: Date,
  client: Client,
): Promise<Passkey> {
  const failed = () => new HttpError(400, secondStepTexts.passkeyRegistrationFailed);
  const challenge = challengeIn(credential.response.clientDataJSON);
  if (!challenge || !(await claimChallenge(deps.db, challenge, 'register', userId, now))) {
    throw failed();
  }
  const rp = relyingPartyOf(deps.config.appUrl);
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey registration refused');
    throw failed();
  }
  if (!verification.verified) throw failed();
  const { credential: verified } = verification.registrationInfo;
  const passkey = await insertPasskey(deps.db, {
    user_id: userId,
    credential_id: verified.id,
    public_key: Buffer.from(verified.publicKey).toString('base64url'),
    counter: verified.counter,
    transports: JSON.stringify(credential.response.transports ?? []),
    name,
    created_at: nowIso(now),
    last_used_at: null,
  });
  if (!passkey) throw failed();
  await recordActivity(deps.db, userId, 'passkey_added', client, now);
  return passkey;
}

export function listPasskeys(db: Executor, userId: number): Promise<Passkey[]> {
  return listPasskeysOfUser(db, userId);
}

/**
 * Removes one of the person's passkeys. A role that must use a second step keeps its last one
 * unless the authenticator app stays.
 */
export async function removePasskey(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'role'>,
  passkeyId: number,
  now: Date,
  client: Client,
): Promise<void> {
  const steps = await secondStepsOf(deps.db, user.id);
  const owned = await findPasskeyOfUser(deps.db, user.id, passkeyId);
  if (!owned) throw notFound(secondStepTexts.passkeyNotFound);
  if (!steps.totp && steps.passkeys === 1 && (await roleRequiresSecondStep(deps.db, user.role))) {
    throw conflict(secondStepTexts.stillRequired);
  }
  await deletePasskeyOfUser(deps.db, user.id, passkeyId);
  await recordActivity(deps.db, user.id, 'passkey_removed', client, now);
}

/** The options for `navigator.credentials.get`: any passkey of this site may answer. */
export async function signInOptions(deps: AuthDeps, now: Date) {
  const rp = relyingPartyOf(deps.config.appUrl);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
  });
  await storeChallenge(deps.db, options.challenge, 'sign_in', null, now);
  return asOptions(options);
}

/**
 * A sign-in with a passkey: the challenge is used up, the passkey found by its id, its answer
 * checked (signature, origin, RP id, user verification, a counter that only goes up), and a
 * session started for its owner, unless the account is deactivated or its address must sign in
 * through the school's provider.
 */
export async function passkeySignIn(
  deps: AuthDeps,
  credential: PasskeyAuthenticationCredential,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  const challenge = challengeIn(credential.response.clientDataJSON);
  if (!challenge || !(await claimChallenge(deps.db, challenge, 'sign_in', null, now))) {
    throw rejected();
  }
  const passkey = await findPasskeyByCredentialId(deps.db, credential.id);
  if (!passkey) throw rejected();
  const rp = relyingPartyOf(deps.config.appUrl);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credential_id,
        publicKey: Buffer.from(passkey.public_key, 'base64url'),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
    });
  } catch (error) {
    deps.log.info({ err: error }, 'passkey sign-in refused');
    throw rejected();
  }
  if (!verification.verified) throw rejected();
  // The counter moves only forward, by one conditional update: of two uses of one answer, one.
  const moved = await advancePasskeyCounter(
    deps.db,
    passkey.id,
    { counter: passkey.counter, newCounter: verification.authenticationInfo.newCounter },
    nowIso(now),
  );
  if (!moved) throw rejected();
  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) throw rejected();
  if (user.status === 'deactivated') throw accountDeactivated();
  assertPasswordAllowed(deps.config, user.email);
  const tokens = await startSession(deps.db, deps.config.jwtSecret, subjectOf(user), now, client);
  await recordActivity(deps.db, user.id, 'passkey_sign_in', client, now);
  return tokens;
}
