import type { RegisterRequest, TokenPair } from '@um/contract';
import { isUniqueViolation } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, conflict } from '../http/problem.js';
import { accountExistsMail, signupCodeMail } from '../mail/templates.js';
import { assertSignupAllowed, mailUnavailable, type AuthDeps } from './context.js';
import { claimMailSlot, releaseMailSlot } from './mail-cooldown.js';
import {
  OTP_TTL_MS,
  checkCode,
  consumeCode,
  discardCode,
  generateCode,
  storeCode,
  supersedeCodes,
} from './otp.js';
import { hashPassword } from './passwords.js';
import { startSession, subjectOf } from './tokens.js';
import { createUser, findUserByEmail } from './users.js';

const CODE_REJECTED = 'The code is wrong or has expired. Request a new code and try again.';

/**
 * POST send_otp. Whatever the address, the caller learns nothing: a new address gets a code,
 * an address with an account gets a mail saying so, and within the 60-second cooldown
 * nothing is sent. The answer is the same in all three cases. If the mail fails, the code
 * and the cooldown claim are undone before the 503, so a retry works at once.
 */
export async function sendSignupCode(deps: AuthDeps, email: string, now: Date): Promise<void> {
  const { db, config, mailer } = deps;
  assertSignupAllowed(config, email);
  const existing = await findUserByEmail(db, email);
  const slot = await claimMailSlot(db, email, 'signup', now);
  if (slot === null) return;

  if (existing) {
    try {
      await mailer.send(accountExistsMail(email, config.appUrl));
    } catch (error) {
      await releaseMailSlot(db, email, 'signup', slot);
      deps.log.warn({ err: error }, 'account-exists mail failed');
      throw mailUnavailable();
    }
    return;
  }

  const code = generateCode();
  const codeId = await storeCode(db, config.jwtSecret, email, code, now);
  try {
    await mailer.send(signupCodeMail(email, code, OTP_TTL_MS / 60_000));
  } catch (error) {
    await discardCode(db, codeId);
    await releaseMailSlot(db, email, 'signup', slot);
    deps.log.warn({ err: error }, 'sign-up code mail failed');
    throw mailUnavailable();
  }
  await supersedeCodes(db, email, codeId);
}

/**
 * POST register. The code must be the latest one sent to this very address, unexpired, not
 * burned and unused; every way of failing that gives the same 400. The code is used up and
 * the account created in one transaction, so neither happens without the other.
 */
export async function registerAccount(
  deps: AuthDeps,
  input: RegisterRequest,
  now: Date,
): Promise<TokenPair> {
  const { db, config } = deps;
  assertSignupAllowed(config, input.email);
  const codeId = await checkCode(db, config.jwtSecret, input.email, input.otp, now);
  if (codeId === null) throw badRequest(CODE_REJECTED, { otp: [CODE_REJECTED] });

  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (!(await consumeCode(trx, codeId, now))) {
      throw badRequest(CODE_REJECTED, { otp: [CODE_REJECTED] });
    }
    let user: UserRow;
    try {
      user = await createUser(
        trx,
        { email: input.email, name: input.name, passwordHash, googleSub: null },
        now,
      );
    } catch (error) {
      // Only reachable when the account appeared after the code was sent (say, through
      // Google); the caller proved they own the mailbox, so saying so reveals nothing.
      if (isUniqueViolation(error)) {
        throw conflict(
          'An account with this email already exists. Log in or reset your password.',
          {
            email: ['An account with this email already exists.'],
          },
        );
      }
      throw error;
    }
    return startSession(trx, config.jwtSecret, subjectOf(user), now);
  });
}
