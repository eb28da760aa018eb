import { sql } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { UserRow } from '../db/schema.js';
import { claimInvitationOf } from './staff/invitations.js';

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

export function findUserByOidcSub(
  db: Executor,
  issuer: string,
  sub: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('oidc_issuer', '=', issuer)
    .where('oidc_sub', '=', sub)
    .executeTakeFirst();
}

/**
 * Links the OpenID provider's subject to an account that has none of this issuer yet (one of a
 * provider the school used before is replaced); false otherwise.
 */
export async function linkOidcSub(
  db: Executor,
  userId: number,
  issuer: string,
  sub: string,
  now: Date,
): Promise<boolean> {
  const linked = await db
    .updateTable('users')
    .set({ oidc_issuer: issuer, oidc_sub: sub, updated_at: nowIso(now) })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('oidc_sub', 'is', null), eb('oidc_issuer', '!=', issuer)]))
    .returning('id')
    .executeTakeFirst();
  return linked !== undefined;
}

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub: string | null;
  /** The OpenID provider's identity the account is created with. */
  oidc?: { issuer: string; sub: string };
  /** The role the invitation of its link names; otherwise a pending invitation's, or `staff`. */
  role?: UserRow['role'];
}

const ACCOUNTS_LOCK = 31_000_016;

/**
 * Serializes the decisions that depend on every account at once (the first account becomes
 * admin; no change may leave no active admin) until the transaction ends. PostgreSQL takes a
 * transaction-scoped advisory lock. SQLite takes the database's write lock before the first
 * read, with a write that changes nothing: a transaction of another process (`npm run admin`)
 * that read first and wrote after the server had written was refused outright
 * (SQLITE_BUSY_SNAPSHOT), where holding the lock from the start makes the other side wait.
 * Each statement after it reads what the transactions before it committed.
 */
export async function lockAccounts(trx: Executor, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(${ACCOUNTS_LOCK})`.execute(trx);
  } else {
    await sql`update users set id = id where 0`.execute(trx);
  }
}

/**
 * Inserts a user, in a transaction that has called `lockAccounts`: the first account of an
 * empty database is an admin, whatever it asked for. An address signing up without its
 * invitation's link (a mailed code, Google, the OpenID provider) takes the role of its pending
 * invitation and uses it up, so no path sidesteps the role an administrator chose. A duplicate
 * e-mail or Google subject raises the dialect's unique violation.
 */
export async function createUser(db: Executor, account: NewAccount, now: Date): Promise<UserRow> {
  const at = nowIso(now);
  const role = account.role ?? (await claimInvitationOf(db, account.email, now)) ?? 'staff';
  return db
    .insertInto('users')
    .values({
      email: account.email,
      name: account.name,
      password_hash: account.passwordHash,
      google_sub: account.googleSub,
      oidc_issuer: account.oidc?.issuer ?? null,
      oidc_sub: account.oidc?.sub ?? null,
      password_changed_at: at,
      created_at: at,
      updated_at: at,
      role: sql<
        UserRow['role']
      >`(case when exists (select 1 from users) then ${role} else 'admin' end)`,
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
