import { appRoutes, texts, type TokenPair } from '@um/contract';
import { badRequest, unauthorized } from '../http/problem.js';
import { passwordResetMail } from '../mail/templates.js';
import { claimMailSlot, releaseMailSlot } from '../mail/cooldown.js';
import { recordActivity } from '../records/activity.js';
import { afterPassword, type PasswordOutcome } from './mfa/flows.js';
import { accountDeactivated, assertPasswordAllowed, type AuthDeps } from './context.js';
import { hashPassword, verifyPassword, verifyPasswordOrDummy } from './passwords.js';
import type { Client } from '../http/client.js';
import { revokeAllForUser } from './refresh-tokens.js';
import {
  RESET_TOKEN_TTL_MS,
  decodeUserId,
  discardResetToken,
  encodeUserId,
  findUsableResetToken,
  issueResetToken,
  useResetToken,
  voidResetTokens,
} from './reset-tokens.js';
import { startSession } from './tokens.js';
import { findUserByEmail, findUserById, setPassword } from '../repositories/users.js';

/**
 * POST login. Unknown address, wrong password and Google-only account are one failure (null),
 * and each costs one Argon2 verification so the timing does not tell them apart either. Only
 * the right password learns that an account is deactivated (403), or that a second step is
 * to follow (`afterPassword`).
 */
export async function passwordLogin(
  deps: AuthDeps,
  email: string,
  password: string,
  now: Date,
  client: Client,
): Promise<PasswordOutcome | null> {
  const user = await findUserByEmail(deps.db, email);
  const valid = await verifyPasswordOrDummy(user?.password_hash, password);
  if (user && !valid) await recordActivity(deps.db, user.id, 'sign_in_failed', client, now);
  if (!user || !valid) return null;
  if (user.status === 'deactivated') throw accountDeactivated();
  return afterPassword(deps, user, now, client);
}

const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

/**
 * POST changepassword. Needs the current password. The new password (and a new token version),
 * the end of every session (refresh family) and of every open reset link are one transaction;
 * the caller gets a fresh pair so this tab stays signed in, and the address whose password
 * changed.
 */
export async function changePassword(
  deps: AuthDeps,
  userId: number,
  currentPassword: string,
  newPassword: string,
  now: Date,
  client: Client,
): Promise<{ email: string; tokens: TokenPair }> {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized(texts.access.authenticationRequired);
  const valid = user.password_hash
    ? await verifyPassword(user.password_hash, currentPassword)
    : false;
  if (!valid) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { current_password: [WRONG_CURRENT_PASSWORD] });
  }
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const changed = await setPassword(trx, userId, passwordHash, now);
    if (!changed) throw unauthorized(texts.access.authenticationRequired);
    await voidResetTokens(trx, userId, now);
    await revokeAllForUser(trx, userId, now);
    await recordActivity(trx, userId, 'password_changed', client, now);
    const subject = { userId, tokenVersion: changed.token_version };
    return {
      email: changed.email,
      tokens: await startSession(trx, config.jwtSecret, subject, now, client),
    };
  });
}

/**
 * POST send-reset-password-email. The caller is answered before any of this runs (see the
 * route), so known and unknown addresses take the same time. A link is mailed only to an
 * account, at most once per 60 seconds; a failed mail leaves no usable token and no cooldown.
 */
export async function sendResetLink(deps: AuthDeps, email: string, now: Date): Promise<void> {
  const { db, config, mailer } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const slot = await claimMailSlot(db, email, 'reset', now);
  if (slot === null) return;
  const token = await issueResetToken(db, user.id, now);
  const url = `${config.appUrl}${appRoutes.resetPassword
    .replace(':id', encodeUserId(user.id))
    .replace(':token', token)}`;
  try {
    await mailer.send(passwordResetMail(email, url, RESET_TOKEN_TTL_MS / 60_000));
  } catch (error) {
    await discardResetToken(db, token);
    await releaseMailSlot(db, email, 'reset', slot);
    throw error;
  }
}

/** Every way a reset link can be bad gets this one answer. */
function badResetLink() {
  return badRequest(texts.resetPassword.failed);
}

/**
 * POST reset-password/{id}/{token}. The token is used up, the password set (and the token
 * version raised), other links voided and every session ended in one transaction; of two
 * concurrent resets with one token exactly one succeeds. No tokens are handed out: the user
 * logs in afresh. Returns whose password was set: the user and their address.
 */
export async function resetPassword(
  deps: AuthDeps,
  linkId: string,
  token: string,
  newPassword: string,
  now: Date,
  client: Client,
): Promise<{ userId: number; email: string }> {
  const { db } = deps;
  const userId = decodeUserId(linkId);
  if (userId === null) throw badResetLink();
  const tokenId = await findUsableResetToken(db, userId, token, now);
  if (tokenId === null) throw badResetLink();
  // Only the holder of a working link learns that its address must sign in another way.
  const owner = await findUserById(db, userId);
  if (owner) assertPasswordAllowed(deps.config, owner.email);
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    if (!(await useResetToken(trx, tokenId, now))) throw badResetLink();
    const changed = await setPassword(trx, userId, passwordHash, now);
    if (!changed) throw badResetLink();
    await voidResetTokens(trx, userId, now);
    await revokeAllForUser(trx, userId, now);
    await recordActivity(trx, userId, 'password_reset', client, now);
    return { userId, email: changed.email };
  });
}
