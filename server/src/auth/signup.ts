import { everydayTexts, staffTexts, type RegisterRequest, type TokenPair } from '@um/contract';
import { isUniqueViolation } from '../db/errors.js';
import type { Executor } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, badRequest, conflict, mailUnavailable, problemTypes } from '../http/problem.js';
import { accountExistsMail, signupCodeMail } from '../mail/templates.js';
import { claimMailSlot, releaseMailSlot, secondsUntilMailSlot } from '../mail/cooldown.js';
import { recordActivity } from '../records/activity.js';
import { assertSignupAllowed, type AuthDeps } from './context.js';
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
import type { Client } from '../http/client.js';
import { claimInvitation, findUsableInvitation, inviterIsActiveAdmin } from './invitations.js';
import { startSession, subjectOf } from './tokens.js';
import { findUserByEmail, lockAccounts } from '../repositories/users.js';
import { createUser, type NewAccount } from './users.js';

/** Asked again within the cooldown: the code sent then still works. */
function codeJustSent(seconds: number): HttpError {
  return new HttpError(429, everydayTexts.resend.justSent(seconds), {
    type: problemTypes.codeJustSent,
    title: 'Too Many Requests',
    headers: { 'retry-after': String(seconds) },
  });
}

const CODE_REJECTED = 'The code is wrong or has expired. Request a new code and try again.';
const INVITATION_REJECTED = staffTexts.invitationInvalid;

/**
 * POST send_otp. Whatever the address, the caller learns nothing: a new address gets a code,
 * an address with an account gets a mail saying so; the answer is the same for both. Within
 * the 60-second cooldown nothing is sent and the answer is a 429 saying a code was just sent
 * and when another can be asked for, the same for both kinds of address too (docs/auth.md, 6).
 * If the mail fails, the code and the cooldown claim are undone before the 503, so a retry
 * works at once.
 */
export async function sendSignupCode(deps: AuthDeps, email: string, now: Date): Promise<void> {
  const { db, config, mailer } = deps;
  assertSignupAllowed(config, email);
  const existing = await findUserByEmail(db, email);
  const slot = await claimMailSlot(db, email, 'signup', now);
  if (slot === null) throw codeJustSent(await secondsUntilMailSlot(db, email, 'signup', now));

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
 * POST register. With the mailed code: it must be the latest one sent to this very address,
 * unexpired, not burned and unused; every way of failing that gives the same 400. With an
 * invitation (`invite`) instead: no code is asked, the address must be the invited one, the
 * allowed domains do not apply, the administrator who sent it must still be one, and the role
 * is the invitation's. Without one, a pending invitation of the address still gives its role
 * (`createUser`). The code or invitation is
 * used up and the account created in one transaction, so neither happens without the other.
 */
export async function registerAccount(
  deps: AuthDeps,
  input: RegisterRequest,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  const { db, config } = deps;
  let useUp: (trx: Executor) => Promise<boolean>;
  let role: NewAccount['role'];
  let invitedBy: number | null | undefined;
  if (input.invite !== undefined) {
    const invitation = await findUsableInvitation(db, input.invite, now);
    if (!invitation) throw badRequest(INVITATION_REJECTED, { invite: [INVITATION_REJECTED] });
    if (invitation.email !== input.email) {
      throw badRequest(staffTexts.invitationEmail, { email: [staffTexts.invitationEmail] });
    }
    role = invitation.role;
    invitedBy = invitation.invited_by;
    useUp = (trx) => claimInvitation(trx, invitation.id, now);
  } else {
    assertSignupAllowed(config, input.email);
    const codeId = await checkCode(db, config.jwtSecret, input.email, input.otp ?? '', now);
    if (codeId === null) throw badRequest(CODE_REJECTED, { otp: [CODE_REJECTED] });
    useUp = (trx) => consumeCode(trx, codeId, now);
  }

  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    if (!(await useUp(trx))) {
      if (input.invite !== undefined) {
        throw badRequest(INVITATION_REJECTED, { invite: [INVITATION_REJECTED] });
      }
      throw badRequest(CODE_REJECTED, { otp: [CODE_REJECTED] });
    }
    await lockAccounts(trx, config.database.dialect);
    // Under the accounts lock: a demotion or deactivation of the sender is before or after this.
    if (invitedBy !== undefined && !(await inviterIsActiveAdmin(trx, invitedBy))) {
      throw badRequest(staffTexts.invitationInviterGone, {
        invite: [staffTexts.invitationInviterGone],
      });
    }
    let user: UserRow;
    try {
      user = await createUser(
        trx,
        { email: input.email, name: input.name, passwordHash, googleSub: null, role },
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
    await recordActivity(trx, user.id, 'sign_in', client, now);
    return startSession(trx, config.jwtSecret, subjectOf(user), now, client);
  });
}
