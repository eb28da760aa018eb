import { MAIL_COOLDOWN_MS } from '@um/contract';
import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  claimMailCooldown,
  deleteMailCooldown,
  findMailCooldown,
} from '../repositories/one-time-codes.js';

export type MailPurpose = 'signup' | 'reset' | 'invitation';

/**
 * Claims the address's slot for one mail of this kind. One atomic upsert on both dialects:
 * it inserts, or moves `sent_at` forward only when the previous mail is older than the
 * cooldown, and returns a row only when this caller got the slot. Returns the claim's stamp,
 * which `releaseMailSlot` needs, or null while the address is cooling down.
 */
export async function claimMailSlot(
  db: Executor,
  email: string,
  purpose: MailPurpose,
  now: Date,
): Promise<string | null> {
  const stamp = nowIso(now);
  const cutoff = nowIso(new Date(now.getTime() - MAIL_COOLDOWN_MS));
  const claimed = await claimMailCooldown(db, { email, purpose }, stamp, cutoff);
  return claimed ? stamp : null;
}

/**
 * Gives the slot back after the mail failed, so a retry is not refused for a mail that never
 * went out. Only this claim is released: a newer one (after the cooldown) is left alone.
 */
export async function releaseMailSlot(
  db: Executor,
  email: string,
  purpose: MailPurpose,
  stamp: string,
): Promise<void> {
  await deleteMailCooldown(db, { email, purpose }, stamp);
}

/**
 * How long, in whole seconds (at least 1), until the address may get another mail of this kind:
 * read after a claim was refused, so the slot was taken within the cooldown.
 */
export async function secondsUntilMailSlot(
  db: Executor,
  email: string,
  purpose: MailPurpose,
  now: Date,
): Promise<number> {
  const row = await findMailCooldown(db, { email, purpose });
  const freeAt = row ? Date.parse(row.sent_at) + MAIL_COOLDOWN_MS : now.getTime();
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}
