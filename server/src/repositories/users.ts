import { sql } from 'kysely';
import { compiledQuery, type Bind } from '../db/compiled-query.js';
import type { Dialect, Executor } from '../db/database.js';
import type { NewUser, UserRow } from '../db/schema.js';
import { nowIso } from '../db/time.js';

/**
 * The one module that names the `users` and `school_settings` tables (docs/decisions/0082).
 * Reads beside them: `refresh_tokens` (whether a session is live), `sessions` (when a member
 * was last seen), `totp_authenticators` and `passkeys` (whether an account has a second step),
 * `messages` and `message_states` (each user's unread count).
 */

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
 * Inserts a user with `role`, except that the first account of an empty database is an admin
 * whatever it asked for: decided in the insert itself, under `lockAccounts`. A duplicate e-mail
 * or Google subject raises the dialect's unique violation.
 */
export function insertUser(
  db: Executor,
  user: Omit<NewUser, 'role'>,
  role: UserRow['role'],
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      ...user,
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

/** Voids every token minted for the user so far. */
export async function raiseTokenVersion(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: nowIso(now) }))
    .where('id', '=', userId)
    .execute();
}

/**
 * The user a token is for, with their role, when the user is active, the token is of their
 * current token version and its session (refresh family) has not been signed out. Compiled
 * once, and prepared on each PostgreSQL connection (decision 0019): it runs on every request.
 * The partial index of live families (migration 0015) makes the last part one index probe.
 */
const findAccess = compiledQuery(
  (db, bind: Bind<{ userId: number; tokenVersion: number; sessionId: string }>) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.role'])
      .where('users.id', '=', bind('userId'))
      .where('users.token_version', '=', bind('tokenVersion'))
      .where('users.status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', bind('sessionId'))
            .where('refresh_tokens.revoked_at', 'is', null)
            .whereRef('refresh_tokens.user_id', '=', 'users.id'),
        ),
      ),
);

export async function findUserWithLiveSession(
  db: Executor,
  dialect: Dialect,
  token: { userId: number; tokenVersion: number; sessionId: string },
): Promise<Pick<UserRow, 'id' | 'role'> | undefined> {
  const [granted] = await findAccess.run(db, { dialect }, token);
  return granted;
}

/** A user's confirmed-or-not authenticator app and how many passkeys they have. */
export function findSecondStepsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      eb
        .selectFrom('totp_authenticators')
        .select('confirmed_at')
        .whereRef('totp_authenticators.user_id', '=', 'users.id')
        .as('totp_enabled_at'),
      eb
        .selectFrom('passkeys')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('passkeys.user_id', '=', 'users.id')
        .as('passkeys'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** An active admin with a confirmed authenticator app or a passkey, if there is one. */
export function findActiveAdminWithSecondStep(db: Executor) {
  return db
    .selectFrom('users')
    .select('users.id')
    .where('users.role', '=', 'admin')
    .where('users.status', '=', 'active')
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('totp_authenticators')
            .select(sql`1`.as('one'))
            .whereRef('totp_authenticators.user_id', '=', 'users.id')
            .where('totp_authenticators.confirmed_at', 'is not', null),
        ),
        eb.exists(
          eb
            .selectFrom('passkeys')
            .select(sql`1`.as('one'))
            .whereRef('passkeys.user_id', '=', 'users.id'),
        ),
      ]),
    )
    .executeTakeFirst();
}

export function findSchoolSetting(db: Executor, key: string) {
  return db
    .selectFrom('school_settings')
    .select(['value', 'updated_at', 'updated_by_name'])
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function saveSchoolSetting(
  db: Executor,
  key: string,
  row: { value: string; updated_at: string; updated_by: number; updated_by_name: string },
): Promise<void> {
  await db
    .insertInto('school_settings')
    .values({ key, ...row })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
    .execute();
}

/** Whether the account is an active administrator. */
export async function isActiveAdmin(db: Executor, userId: number): Promise<boolean> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirst();
  return admin !== undefined;
}

/** `%` and `_` stand for themselves in a search. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

function selectStaffMembers(db: Executor) {
  return db.selectFrom('users').select((eb) => [
    'users.id',
    'users.name',
    'users.email',
    'users.role',
    'users.status',
    'users.created_at',
    eb
      .selectFrom('sessions')
      .select((inner) => inner.fn.max('sessions.last_used_at').as('last'))
      .whereRef('sessions.user_id', '=', 'users.id')
      .as('last_seen_at'),
    eb
      .or([
        eb.exists(
          eb
            .selectFrom('totp_authenticators')
            .select('totp_authenticators.user_id')
            .whereRef('totp_authenticators.user_id', '=', 'users.id')
            .where('totp_authenticators.confirmed_at', 'is not', null),
        ),
        eb.exists(
          eb
            .selectFrom('passkeys')
            .select('passkeys.id')
            .whereRef('passkeys.user_id', '=', 'users.id'),
        ),
      ])
      .as('second_step'),
  ]);
}

/**
 * Accounts in the order they were created, after `afterId`, filtered by status and by words each
 * found in the name or e-mail.
 */
export function pageOfStaffMembers(
  db: Executor,
  query: {
    afterId: number | undefined;
    status: UserRow['status'] | undefined;
    words: readonly string[];
    limit: number;
  },
) {
  let select = selectStaffMembers(db);
  if (query.afterId !== undefined) select = select.where('users.id', '>', query.afterId);
  if (query.status) select = select.where('users.status', '=', query.status);
  for (const word of query.words) {
    const pattern = likePattern(word);
    select = select.where((eb) =>
      eb.or([
        eb(sql`lower(users.name)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return select.orderBy('users.id').limit(query.limit).execute();
}

export function findStaffMemberById(db: Executor, id: number) {
  return selectStaffMembers(db).where('users.id', '=', id).executeTakeFirst();
}

export function findRoleAndStatus(db: Executor, id: number) {
  return db.selectFrom('users').select(['role', 'status']).where('id', '=', id).executeTakeFirst();
}

export function findRoleAndStatusByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'role', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Another active admin than `id`, if there is one. */
export function findOtherActiveAdmin(db: Executor, id: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .where('id', '!=', id)
    .executeTakeFirst();
}

/** Sets role and status; `raiseTokenVersion` voids every token minted for the user so far. */
export async function setRoleAndStatus(
  db: Executor,
  id: number,
  change: Pick<UserRow, 'role' | 'status'> & { raiseTokenVersion: boolean },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      role: change.role,
      status: change.status,
      updated_at: nowIso(now),
      ...(change.raiseTokenVersion ? { token_version: eb('token_version', '+', 1) } : {}),
    }))
    .where('id', '=', id)
    .execute();
}

export async function makeActiveAdmin(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: 'admin', status: 'active', updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The name and e-mail of an account, which records and messages keep with what it did. */
export function findUserNameAndEmail(db: Executor, id: number) {
  return db.selectFrom('users').select(['name', 'email']).where('id', '=', id).executeTakeFirst();
}

export function listUserNamesAndEmails(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Of `ids`, the accounts that are active. */
export function listActiveUserIds(db: Executor, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', 'active')
    .execute();
}

/** A person's name as the app shows it: their name, or their e-mail without one. */
export const shownName = sql<string>`case when users.name = '' then users.email else users.name end`;

/** Every active account with its name as shown, by that name. */
export function listActiveUsersByShownName(db: Executor) {
  return db
    .selectFrom('users')
    .select(['users.id', shownName.as('name')])
    .where('users.status', '=', 'active')
    .orderBy(shownName)
    .orderBy('users.id')
    .execute();
}

export function listUserNamesAndEmailsOfAll(db: Executor) {
  return db.selectFrom('users').select(['id', 'name', 'email']).execute();
}

export function listUsersByEmail(db: Executor, emails: readonly string[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', 'in', [...emails])
    .execute();
}

/** Inserts accounts, leaving out any whose address is taken; how many it inserted. */
export async function insertUsersUnlessTaken(
  db: Executor,
  users: readonly NewUser[],
): Promise<number> {
  const result = await db
    .insertInto('users')
    .values([...users])
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

/** Whether the account `id` is there, whatever its state. */
export async function userExists(db: Executor, id: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
