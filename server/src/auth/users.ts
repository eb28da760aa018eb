import { nowIso, type Executor } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/** The user repository of the auth feature; every function takes the database or a transaction. */

export function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `email` must already be normalised (trimmed, lower-case), as the contract's schema does. */
export function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserByGoogleSub(db: Executor, sub: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub: string | null;
}

/** Inserts a user; a duplicate e-mail or Google subject raises the dialect's unique violation. */
export function createUser(db: Executor, account: NewAccount, now: Date): Promise<UserRow> {
  const at = nowIso(now);
  return db
    .insertInto('users')
    .values({
      email: account.email,
      name: account.name,
      password_hash: account.passwordHash,
      google_sub: account.googleSub,
      password_changed_at: at,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Sets a new password and raises the user's token version in the same statement, so every
 * token minted before it is void however close in time. Returns the user's address and new
 * version, or undefined when the user no longer exists.
 */
export function setPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<Pick<UserRow, 'email' | 'token_version'> | undefined> {
  const at = nowIso(now);
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      password_changed_at: at,
      token_version: eb('token_version', '+', 1),
      updated_at: at,
    }))
    .where('id', '=', userId)
    .returning(['email', 'token_version'])
    .executeTakeFirst();
}

/** Links a Google subject to an account that has none yet; false when it already has one. */
export async function linkGoogleSub(
  db: Executor,
  userId: number,
  sub: string,
  now: Date,
): Promise<boolean> {
  const linked = await db
    .updateTable('users')
    .set({ google_sub: sub, updated_at: nowIso(now) })
    .where('id', '=', userId)
    .where('google_sub', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return linked !== undefined;
}
