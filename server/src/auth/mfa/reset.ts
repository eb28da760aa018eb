import { secondStepTexts } from '@um/contract';
import { conflict, notFound } from '../../http/problem.js';
import { recordChanges } from '../../records/change-log.js';
import { secondStepResetMail } from '../../mail/templates.js';
import { recordActivity } from '../../records/activity.js';
import type { AuthDeps } from '../context.js';
import type { Client } from '../../http/client.js';
import { revokeAllForUser } from '../refresh-tokens.js';
import { deletePasskeysOfUser } from '../../repositories/passkeys.js';
import { findUserById, raiseTokenVersion } from '../../repositories/users.js';
import { removeRecoveryCodes } from './recovery-codes.js';
import { secondStepsOf, type SecondSteps } from './second-steps.js';
import { removeTotp } from './totp.js';

/** A second step as the account's history names it. */
function described(steps: SecondSteps): string {
  const parts = [];
  if (steps.totp) parts.push('authenticator app');
  if (steps.passkeys > 0)
    parts.push(steps.passkeys === 1 ? '1 passkey' : `${steps.passkeys} passkeys`);
  return parts.length === 0 ? 'none' : parts.join(' and ');
}

/**
 * An admin resets a colleague's second step (a lost phone): their authenticator, recovery
 * codes and passkeys go, and, since whoever has the phone may be signed in on it, every session
 * of theirs ends (the token version is raised, every family revoked), in one transaction with a
 * history event of the account and an entry of its activity. The person is mailed afterwards;
 * a mail that cannot be sent is logged and does not undo the reset. The caller publishes the
 * access change.
 */
export async function resetSecondStep(
  deps: AuthDeps,
  { userId, actorId, client }: { userId: number; actorId: number; client: Client },
  now: Date,
): Promise<void> {
  const { db } = deps;
  const person = await db.transaction().execute(async (trx) => {
    const user = await findUserById(trx, userId);
    if (!user) throw notFound('Staff member not found.');
    const before = await secondStepsOf(trx, userId);
    if (!before.totp && before.passkeys === 0) throw conflict(secondStepTexts.staffNoSecondStep);
    await removeTotp(trx, userId);
    await removeRecoveryCodes(trx, userId);
    await deletePasskeysOfUser(trx, userId);
    await raiseTokenVersion(trx, userId, now);
    await revokeAllForUser(trx, userId, now);
    await recordChanges(trx, [
      {
        actorId,
        entity: 'user',
        entityId: userId,
        action: 'update',
        before: { second_step: described(before) },
        after: { second_step: 'none' },
      },
    ]);
    await recordActivity(trx, userId, 'mfa_reset', client, now);
    return user;
  });
  const actor = await findUserById(db, actorId);
  try {
    await deps.mailer.send(
      secondStepResetMail(
        person.email,
        actor?.name || actor?.email || 'An administrator',
        deps.config.appUrl,
      ),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'second-step reset mail failed');
  }
}
