import { secondStepTexts, type MfaChallenge, type MfaStatus, type TokenPair } from '@um/contract';
import type { UserRow } from '../../db/schema.js';
import type { HttpError } from '../../http/problem.js';
import { badRequest, conflict, unauthorized } from '../../http/problem.js';
import { recordActivity } from '../../records/activity.js';
import { accountDeactivated, type AuthDeps } from '../context.js';
import { verifyPassword } from '../passwords.js';
import type { Client } from '../../http/client.js';
import { startSession, subjectOf } from '../tokens.js';
import { countUnusedRecoveryCodes } from '../../repositories/second-steps.js';
import { findUserById } from '../../repositories/users.js';
import {
  findChallenge,
  issueChallenge,
  takeTry,
  useChallenge,
  type Challenge,
  type ChallengePurpose,
} from './challenges.js';
import { removeRecoveryCodes, replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.js';
import { hasSecondStep, roleRequiresSecondStep, secondStepsOf } from './second-steps.js';
import { beginTotp, findTotp, matchingStep, newTotpSecret, removeTotp, useStep } from './totp.js';

/**
 * The second step of a password sign-in and the set-up of an authenticator app, from the
 * profile or, for a role that must have one, right after the password (docs/auth.md, "Second
 * step"; decision 0066).
 */

export type PasswordOutcome =
  { kind: 'session'; tokens: TokenPair } | { kind: 'challenge'; challenge: MfaChallenge };

/**
 * What a right password leads to: a session when the account has no second step and its role
 * needs none; otherwise an `mfa_token` for the second step, or, when the role needs one the
 * account has not set up, for setting one up now. No session exists before then, so no token
 * of this sign-in opens anything else.
 */
export async function afterPassword(
  deps: AuthDeps,
  user: UserRow,
  now: Date,
  client: Client,
): Promise<PasswordOutcome> {
  const steps = await secondStepsOf(deps.db, user.id);
  let purpose: ChallengePurpose | null = null;
  if (hasSecondStep(steps)) purpose = 'sign_in';
  else if (await roleRequiresSecondStep(deps.db, user.role)) purpose = 'enrolment';
  if (purpose === null) {
    const tokens = await startSession(deps.db, deps.config.jwtSecret, subjectOf(user), now, client);
    await recordActivity(deps.db, user.id, 'sign_in', client, now);
    return { kind: 'session', tokens };
  }
  const methods: MfaChallenge['methods'] = [];
  if (steps.totp) methods.push('totp', 'recovery_code');
  if (steps.passkeys > 0) methods.push('passkey');
  return {
    kind: 'challenge',
    challenge: {
      mfa_required: true,
      mfa_token: await issueChallenge(deps.db, user, purpose, now),
      methods,
      enrolment_required: purpose === 'enrolment',
    },
  };
}

export function mfaTokenRejected(): HttpError {
  return unauthorized(secondStepTexts.mfaTokenRejected);
}

/** The challenge a token names and its user, still active: what a second step answers. */
export async function challengeOf(
  deps: AuthDeps,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<{ challenge: Challenge; user: UserRow }> {
  const challenge = await findChallenge(deps.db, token, purpose, now);
  const user = challenge && (await findUserById(deps.db, challenge.userId));
  if (!challenge || !user) throw mfaTokenRejected();
  if (user.status === 'deactivated') throw accountDeactivated();
  return { challenge, user };
}

/**
 * Ends a sign-in whose second step was right: uses the challenge up and starts the session at
 * the token version the password was checked at, in the transaction `finish` runs in, so a code
 * used up and no session (or the other way round) cannot happen. False when another request
 * used the challenge first.
 */
async function startAfterSecondStep(
  deps: AuthDeps,
  challenge: Challenge,
  now: Date,
  client: Client,
  useSecondStep: (trx: AuthDeps['db']) => Promise<boolean>,
): Promise<TokenPair | null> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await useSecondStep(trx))) return null;
    if (!(await useChallenge(trx, challenge.id, now))) throw mfaTokenRejected();
    const subject = { userId: challenge.userId, tokenVersion: challenge.tokenVersion };
    return startSession(trx, deps.config.jwtSecret, subject, now, client);
  }) as Promise<TokenPair | null>;
}

/**
 * POST login/mfa: a code from the app or a recovery code for the `mfa_token`. Takes one of the
 * token's tries first; null for a wrong code (recorded in the activity, and counted against the
 * account by the caller's limiter like a wrong password).
 */
export async function answerChallenge(
  deps: AuthDeps,
  { challenge, user }: { challenge: Challenge; user: UserRow },
  answer: { code?: string | undefined; recovery_code?: string | undefined },
  now: Date,
  client: Client,
): Promise<TokenPair | null> {
  if (!(await takeTry(deps.db, challenge.id, now))) throw mfaTokenRejected();
  let tokens: TokenPair | null = null;
  if (answer.recovery_code !== undefined) {
    const code = answer.recovery_code;
    tokens = await startAfterSecondStep(deps, challenge, now, client, (trx) =>
      useRecoveryCode(trx, user.id, code, now),
    );
    if (tokens) await recordActivity(deps.db, user.id, 'recovery_code_used', client, now);
  } else if (answer.code !== undefined) {
    const totp = await findTotp(deps.db, deps.secrets, user.id);
    const step =
      totp?.confirmed === true
        ? await matchingStep(totp.secret, answer.code, now, totp.lastStep)
        : null;
    if (step !== null) {
      tokens = await startAfterSecondStep(deps, challenge, now, client, (trx) =>
        useStep(trx, user.id, step, now),
      );
    }
    if (tokens) await recordActivity(deps.db, user.id, 'sign_in', client, now);
  }
  if (!tokens) await recordActivity(deps.db, user.id, 'mfa_failed', client, now);
  return tokens;
}

function totpLabel(user: Pick<UserRow, 'email'>): string {
  return user.email;
}

/** Starts an authenticator's set-up: the secret and the address its QR code shows. */
async function beginSetup(deps: AuthDeps, user: UserRow, now: Date) {
  const setup = newTotpSecret(totpLabel(user));
  if (!(await beginTotp(deps.db, deps.secrets, user.id, setup.secret, now))) {
    throw conflict(secondStepTexts.alreadyEnabled);
  }
  return { secret: setup.secret, otpauth_url: setup.otpauthUrl };
}

/** The code that confirms a set-up, checked against the secret waiting for it; its step. */
async function confirmingStep(deps: AuthDeps, userId: number, code: string, now: Date) {
  const totp = await findTotp(deps.db, deps.secrets, userId);
  if (!totp) throw conflict(secondStepTexts.notSetUp);
  if (totp.confirmed) throw conflict(secondStepTexts.alreadyEnabled);
  const step = await matchingStep(totp.secret, code, now, null);
  return { totp, step };
}

/** POST login/mfa/totp: the set-up a role that needs a second step walks through. */
export async function beginEnrolment(deps: AuthDeps, token: string, now: Date) {
  const { user } = await challengeOf(deps, token, 'enrolment', now);
  return beginSetup(deps, user, now);
}

/**
 * POST login/mfa/totp/confirm: the app's first code turns it on, gives the recovery codes and
 * starts the session, all in one transaction. Null for a wrong code (one of the token's tries).
 */
export async function completeEnrolment(
  deps: AuthDeps,
  token: string,
  code: string,
  now: Date,
  client: Client,
): Promise<{ tokens: TokenPair; recoveryCodes: string[] } | null> {
  const { challenge, user } = await challengeOf(deps, token, 'enrolment', now);
  if (!(await takeTry(deps.db, challenge.id, now))) throw mfaTokenRejected();
  const { totp, step } = await confirmingStep(deps, user.id, code, now);
  let recoveryCodes: string[] = [];
  const tokens =
    step === null
      ? null
      : await startAfterSecondStep(deps, challenge, now, client, async (trx) => {
          if (!(await useStep(trx, user.id, step, now, { sealed: totp.sealed }))) return false;
          recoveryCodes = await replaceRecoveryCodes(trx, user.id, now);
          return true;
        });
  if (!tokens) {
    await recordActivity(deps.db, user.id, 'mfa_failed', client, now);
    return null;
  }
  await recordActivity(deps.db, user.id, 'mfa_enabled', client, now);
  await recordActivity(deps.db, user.id, 'sign_in', client, now);
  return { tokens, recoveryCodes };
}

async function signedInUser(deps: AuthDeps, userId: number): Promise<UserRow> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(secondStepTexts.mfaTokenRejected);
  return user;
}

/** POST mfa/totp: a signed-in person starts setting up an app from their profile. */
export async function beginProfileSetup(deps: AuthDeps, userId: number, now: Date) {
  const user = await signedInUser(deps, userId);
  // A second step guards password sign-ins; an account without a password has none to guard.
  if (user.password_hash === null) throw conflict(secondStepTexts.noPassword);
  return beginSetup(deps, user, now);
}

const codeRejected = () =>
  badRequest(secondStepTexts.codeRejected, { code: [secondStepTexts.codeRejected] });

/** POST mfa/totp/confirm: the first code turns the app on; the recovery codes, shown once. */
export async function confirmProfileSetup(
  deps: AuthDeps,
  userId: number,
  code: string,
  now: Date,
  client: Client,
): Promise<string[]> {
  const { totp, step } = await confirmingStep(deps, userId, code, now);
  if (step === null) throw codeRejected();
  const codes = await deps.db.transaction().execute(async (trx) => {
    if (!(await useStep(trx, userId, step, now, { sealed: totp.sealed }))) return null;
    return replaceRecoveryCodes(trx, userId, now);
  });
  if (!codes) throw codeRejected();
  await recordActivity(deps.db, userId, 'mfa_enabled', client, now);
  return codes;
}

async function checkPassword(user: UserRow, password: string): Promise<void> {
  const valid = user.password_hash ? await verifyPassword(user.password_hash, password) : false;
  if (!valid) {
    throw badRequest(secondStepTexts.passwordWrong, { password: [secondStepTexts.passwordWrong] });
  }
}

/**
 * POST mfa/totp/disable: needs the password. A role that must use a second step keeps this one
 * unless a passkey stays.
 */
export async function disableTotp(
  deps: AuthDeps,
  userId: number,
  password: string,
  now: Date,
  client: Client,
): Promise<void> {
  const user = await signedInUser(deps, userId);
  await checkPassword(user, password);
  const steps = await secondStepsOf(deps.db, userId);
  if (!steps.totp) throw conflict(secondStepTexts.notEnabled);
  if (steps.passkeys === 0 && (await roleRequiresSecondStep(deps.db, user.role))) {
    throw conflict(secondStepTexts.stillRequired);
  }
  await deps.db.transaction().execute(async (trx) => {
    await removeTotp(trx, userId);
    await removeRecoveryCodes(trx, userId);
  });
  await recordActivity(deps.db, userId, 'mfa_disabled', client, now);
}

/** POST mfa/recovery-codes: a new set, with the password; the old codes stop working. */
export async function renewRecoveryCodes(
  deps: AuthDeps,
  userId: number,
  password: string,
  now: Date,
): Promise<string[]> {
  const user = await signedInUser(deps, userId);
  await checkPassword(user, password);
  if (!(await secondStepsOf(deps.db, userId)).totp) throw conflict(secondStepTexts.notEnabled);
  return deps.db.transaction().execute((trx) => replaceRecoveryCodes(trx, userId, now));
}

export async function mfaStatus(deps: AuthDeps, userId: number): Promise<MfaStatus> {
  const user = await signedInUser(deps, userId);
  const steps = await secondStepsOf(deps.db, userId);
  return {
    totp: steps.totp,
    totp_enabled_at: steps.totpEnabledAt,
    recovery_codes_left: steps.totp ? await countUnusedRecoveryCodes(deps.db, userId) : 0,
    passkeys: steps.passkeys,
    required: await roleRequiresSecondStep(deps.db, user.role),
    has_password: user.password_hash !== null,
  };
}
