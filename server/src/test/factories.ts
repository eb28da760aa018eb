import { randomUUID } from 'node:crypto';
import {
  currentAcademicYear,
  standardNameKey,
  type Guardian,
  type StandardInput,
  type StudentInput,
} from '@um/contract';
import { signAccessToken } from '../auth/access-token.js';
import { hashPassword } from '../auth/passwords.js';
import { startFamily } from '../auth/refresh-tokens.js';
import type { Db } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { UserRow } from '../db/schema.js';
import { guardianColumns, insertGuardians } from '../students/record/writes.js';

let sequence = 0;
/** A short token unique within the test run, for names that must not collide. */
export function unique(prefix = ''): string {
  sequence += 1;
  return `${prefix}${sequence}${randomUUID().slice(0, 6)}`;
}

export const DEFAULT_PASSWORD = 'correct horse battery staple';

export interface UserOverrides {
  email?: string;
  name?: string;
  password?: string | null;
  google_sub?: string | null;
  role?: UserRow['role'];
  status?: UserRow['status'];
}

export async function insertUser(db: Db, overrides: UserOverrides = {}): Promise<UserRow> {
  const now = nowIso();
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  return db
    .insertInto('users')
    .values({
      email: overrides.email ?? `${unique('staff')}@school.test`,
      name: overrides.name ?? 'Test Staff',
      password_hash: password === null ? null : await hashPassword(password),
      google_sub: overrides.google_sub ?? null,
      role: overrides.role ?? 'staff',
      status: overrides.status ?? 'active',
      password_changed_at: now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A signed-in session of a user, started with the product's own code as a sign-in starts it,
 * at the token version a user starts with (one whose password never changed): the session's
 * id, its refresh token and an access token of it, minted `now`.
 */
export async function startTestSession(
  db: Db,
  secret: string,
  userId: number,
  { tokenVersion = 0, now = new Date() }: { tokenVersion?: number; now?: Date } = {},
) {
  const { sessionId, token } = await startFamily(db, { userId, tokenVersion }, now);
  const access = await signAccessToken(secret, { userId, tokenVersion, sessionId }, now);
  return { sessionId, refresh: token, access };
}

/** The Authorization header of a new signed-in session of a user (see startTestSession). */
export async function authHeader(db: Db, secret: string, userId: number, tokenVersion = 0) {
  const { access } = await startTestSession(db, secret, userId, { tokenVersion });
  return { authorization: `Bearer ${access}` };
}

/** A user and the header that signs requests in as them. */
export async function loginAs(db: Db, secret: string, overrides: UserOverrides = {}) {
  const user = await insertUser(db, overrides);
  return { user, headers: await authHeader(db, secret, user.id) };
}

export function buildStandard(overrides: Partial<StandardInput> = {}): StandardInput {
  return {
    name: unique('Grade '),
    grade_level: 5,
    description: 'Morning section',
    academic_year: currentAcademicYear(),
    ...overrides,
  };
}

export function buildStudent(overrides: Partial<StudentInput> = {}): StudentInput {
  const id = unique();
  return {
    name: `Student ${id}`,
    email: `student${id}@pupils.test`,
    roll_number: `R${id}`.slice(0, 20),
    standard: 1,
    phone_number: '+1 (555) 010-0000',
    address: '1 School Lane',
    ...overrides,
  };
}

export async function insertStandard(db: Db, overrides: Partial<StandardInput> = {}) {
  const input = buildStandard(overrides);
  const now = nowIso();
  return db
    .insertInto('standards')
    .values({
      name: input.name,
      name_key: standardNameKey(input.name),
      grade_level: input.grade_level,
      description: input.description ?? '',
      academic_year: input.academic_year ?? currentAcademicYear(),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A student written straight to the database, with its guardians as the app keeps them. */
export async function insertStudent(
  db: Db,
  standardId: number,
  overrides: Partial<StudentInput> = {},
  guardians: readonly Guardian[] = [],
) {
  const input = buildStudent(overrides);
  const now = nowIso();
  const student = await db
    .insertInto('students')
    .values({
      name: input.name,
      email: input.email ?? '',
      roll_number: input.roll_number,
      standard_id: standardId,
      phone_number: input.phone_number ?? '',
      address: input.address ?? '',
      ...guardianColumns(guardians),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await insertGuardians(db, [{ studentId: student.id, guardians }]);
  return student;
}
