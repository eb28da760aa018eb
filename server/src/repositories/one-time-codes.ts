import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The one module that names the `one_time_codes` and `mail_cooldowns` tables (docs/decisions/0082). */

export async function insertOneTimeCode(
  db: Executor,
  code: Insertable<Database['one_time_codes']>,
): Promise<number> {
  const row = await db
    .insertInto('one_time_codes')
    .values(code)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteOneTimeCode(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('one_time_codes').where('id', '=', id).execute();
}

/** Deletes every code of the address but one. */
export async function deleteOtherOneTimeCodes(
  db: Executor,
  email: string,
  keepId: number,
): Promise<void> {
  await db
    .deleteFrom('one_time_codes')
    .where('email', '=', email)
    .where('id', '<>', keepId)
    .execute();
}

/** The address's newest code not used up. */
export function findNewestUnconsumedCode(db: Executor, email: string) {
  return db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('email', '=', email)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts a try of a code in one statement, only while it has fewer than `maxAttempts` and is not
 * used up, so parallel guesses cannot exceed the budget; false when the try was not counted.
 */
export async function countCodeAttempt(
  db: Executor,
  id: number,
  maxAttempts: number,
): Promise<boolean> {
  const counted = await db
    .updateTable('one_time_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return counted !== undefined;
}

/** Uses a code up in one statement; false when a concurrent request used it first. */
export async function consumeOneTimeCode(db: Executor, id: number, at: string): Promise<boolean> {
  const consumed = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return consumed !== undefined;
}

/**
 * One atomic upsert on both dialects: inserts the address's slot, or moves `sent_at` to `stamp`
 * only when the previous mail was sent at `cutoff` or before; true only when this caller got
 * the slot.
 */
export async function claimMailCooldown(
  db: Executor,
  { email, purpose }: { email: string; purpose: string },
  stamp: string,
  cutoff: string,
): Promise<boolean> {
  const claimed = await db
    .insertInto('mail_cooldowns')
    .values({ email, purpose, sent_at: stamp })
    .onConflict((conflict) =>
      conflict
        .columns(['email', 'purpose'])
        .doUpdateSet({ sent_at: stamp })
        .where('mail_cooldowns.sent_at', '<=', cutoff),
    )
    .returning('sent_at')
    .executeTakeFirst();
  return claimed !== undefined;
}

/** Deletes the slot only if it is still the claim of `stamp`. */
export async function deleteMailCooldown(
  db: Executor,
  { email, purpose }: { email: string; purpose: string },
  stamp: string,
): Promise<void> {
  await db
    .deleteFrom('mail_cooldowns')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .where('sent_at', '=', stamp)
    .execute();
}

export function findMailCooldown(
  db: Executor,
  { email, purpose }: { email: string; purpose: string },
) {
  return db
    .selectFrom('mail_cooldowns')
    .select('sent_at')
    .where('email', '=', email)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}
