import { parseArgs } from 'node:util';
import {
  currentAcademicYear,
  firstFieldErrors,
  newPasswordSchema,
  standardNameKey,
} from '@um/contract';
import { hashPassword } from '../auth/passwords.js';
import type { Db, Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import {
  insertUsersUnlessTaken,
  listUserNamesAndEmailsOfAll,
  listUsersByEmail,
} from '../repositories/users.js';
import {
  allStandardIds,
  insertStandardsUnlessNamed,
  standardIdsNamed,
} from '../repositories/standards.js';
import {
  insertGuardianRows,
  insertStudentsUnlessRollNumberTaken,
  studentCountsByStandard,
} from '../repositories/students.js';
import {
  insertMessageStates,
  insertMessages,
  newestMessageTime,
} from '../repositories/messages.js';
import { guardianColumns } from '../students/record/writes.js';
import {
  firstNames,
  lastNames,
  messageTemplates,
  sectionDescriptions,
  streetKinds,
  streets,
  times,
  towns,
  weekdays,
} from './data.js';

export interface SeedCounts {
  users: number;
  standards: number;
  students: number;
  messages: number;
}

export interface SeedOptions {
  /** Every seeded staff account signs in with it. */
  password: string;
  /** A fixed seed makes runs repeatable, so benchmarks compare like with like. */
  randomSeed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export const DEFAULT_COUNTS: SeedCounts = { users: 5, standards: 24, students: 600, messages: 40 };
export const DEFAULT_SEED_PASSWORD = 'demo-password';
const MAX_COUNT = 10_000_000;

/** Rows per INSERT: 500 students bind 4 500 values, far below either database's limit. */
const ROWS_PER_STATEMENT = 500;
/** Rows per transaction: commits stop being the cost, and no transaction grows without bound. */
const ROWS_PER_TRANSACTION = 5_000;

export const SEED_USAGE = `Fills the database named by DATABASE_URL with demo data.

  npm run seed -- [--users N] [--standards N] [--students N] [--messages N] [--password P]

Defaults: ${Object.entries(DEFAULT_COUNTS)
  .map(([name, count]) => `${count} ${name}`)
  .join(', ')}; seeded staff sign in with "${DEFAULT_SEED_PASSWORD}".
With --users 0 or --standards 0, rows that already exist are used instead.`;

export class SeedUsageError extends Error {
  override name = 'SeedUsageError';
}

/** The command line of `npm run seed`; null when help was asked for. */
export function parseSeedArgs(argv: string[]): { counts: SeedCounts; password: string } | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        users: { type: 'string' },
        standards: { type: 'string' },
        students: { type: 'string' },
        messages: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new SeedUsageError((error as Error).message);
  }
  if (values.help) return null;
  const counts = { ...DEFAULT_COUNTS };
  for (const name of Object.keys(counts) as (keyof SeedCounts)[]) {
    const value = values[name];
    if (value === undefined) continue;
    if (!/^\d+$/.test(value) || Number(value) > MAX_COUNT) {
      throw new SeedUsageError(`--${name} must be a whole number from 0 to ${MAX_COUNT}.`);
    }
    counts[name] = Number(value);
  }
  const password = newPasswordSchema.safeParse(values.password ?? DEFAULT_SEED_PASSWORD);
  if (!password.success) {
    throw new SeedUsageError(`--password: ${Object.values(firstFieldErrors(password.error))[0]}`);
  }
  return { counts, password: password.data };
}

/** mulberry32: tiny, fast and good enough to pick names. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;
const digits = (random: Random, count: number) =>
  String(Math.floor(random() * 10 ** count)).padStart(count, '0');

/** Writes `total` rows, ROWS_PER_STATEMENT per INSERT and ROWS_PER_TRANSACTION per transaction. */
async function inBatches(
  db: Db,
  total: number,
  write: (trx: Executor, from: number, to: number) => Promise<number>,
): Promise<number> {
  let written = 0;
  for (let start = 0; start < total; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(total, start + ROWS_PER_TRANSACTION);
    written += await db.transaction().execute(async (trx) => {
      let count = 0;
      for (let from = start; from < end; from += ROWS_PER_STATEMENT) {
        count += await write(trx, from, Math.min(end, from + ROWS_PER_STATEMENT));
      }
      return count;
    });
  }
  return written;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

interface Staff {
  id: number;
  name: string;
  email: string;
}

async function seedUsers(db: Db, count: number, password: string, random: Random, now: string) {
  if (count === 0) {
    const existing = await listUserNamesAndEmailsOfAll(db);
    return { inserted: 0, staff: existing };
  }
  const passwordHash = await hashPassword(password);
  const taken = new Set<string>();
  const people = range(0, count).map(() => {
    const first = pick(random, firstNames);
    const last = pick(random, lastNames);
    const base = `${first}.${last}`.toLowerCase();
    let email = `${base}@school.example`;
    for (let n = 2; taken.has(email); n += 1) email = `${base}${n}@school.example`;
    taken.add(email);
    return { name: `${first} ${last}`, email };
  });
  const staff: Staff[] = [];
  const inserted = await inBatches(db, count, async (trx, from, to) => {
    const chunk = people.slice(from, to);
    // Re-running the seed meets its own accounts again; it reuses them rather than failing.
    const inserted = await insertUsersUnlessTaken(
      trx,
      chunk.map((person) => ({
        ...person,
        password_hash: passwordHash,
        google_sub: null,
        password_changed_at: now,
        created_at: now,
        updated_at: now,
      })),
    );
    staff.push(
      ...(await listUsersByEmail(
        trx,
        chunk.map((person) => person.email),
      )),
    );
    return inserted;
  });
  return { inserted, staff };
}

function sectionName(index: number): string {
  let name = '';
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) {
    name = String.fromCharCode(65 + (n % 26)) + name;
  }
  return name;
}

async function seedStandards(db: Db, count: number, random: Random, now: string) {
  if (count === 0) {
    return { inserted: 0, ids: await allStandardIds(db) };
  }
  const academicYear = currentAcademicYear(new Date(now));
  const ids: number[] = [];
  const inserted = await inBatches(db, count, async (trx, from, to) => {
    // Grades 1-12 of section A first, then of B, and so on: "Grade 1 A" ... "Grade 12 AB".
    const rows = range(from, to).map((index) => ({
      name: `Grade ${(index % 12) + 1} ${sectionName(Math.floor(index / 12))}`,
      name_key: standardNameKey(`Grade ${(index % 12) + 1} ${sectionName(Math.floor(index / 12))}`),
      grade_level: (index % 12) + 1,
      description: pick(random, sectionDescriptions),
      academic_year: academicYear,
      created_at: now,
      updated_at: now,
    }));
    const inserted = await insertStandardsUnlessNamed(trx, rows);
    ids.push(
      ...(await standardIdsNamed(
        trx,
        academicYear,
        rows.map((row) => row.name),
      )),
    );
    return inserted;
  });
  return { inserted, ids };
}

async function seedStudents(
  db: Db,
  count: number,
  standardIds: number[],
  random: Random,
  now: string,
) {
  if (count === 0) return 0;
  if (standardIds.length === 0) {
    throw new SeedUsageError('Students need a standard: seed some with --standards N.');
  }
  // Roll numbers continue after the students a standard already has.
  const existing = new Map<number, number>();
  for (const row of await studentCountsByStandard(db)) {
    existing.set(row.standard_id, Number(row.count));
  }
  return inBatches(db, count, async (trx, from, to) => {
    const rows = range(from, to).map((index) => {
      const standardId = standardIds[index % standardIds.length] as number;
      const rollNumber =
        (existing.get(standardId) ?? 0) + Math.floor(index / standardIds.length) + 1;
      const first = pick(random, firstNames);
      const last = pick(random, lastNames);
      const student = {
        name: `${first} ${last}`,
        email: `${first}.${last}${digits(random, 2)}@pupils.example`.toLowerCase(),
        roll_number: String(rollNumber),
        standard_id: standardId,
        phone_number: random() < 0.8 ? `+1 (555) 0${digits(random, 2)}-${digits(random, 4)}` : '',
        address:
          random() < 0.7
            ? `${1 + Math.floor(random() * 240)} ${pick(random, streets)} ${pick(random, streetKinds)}, ${pick(random, towns)}`
            : '',
        admission_number: `ADM-${standardId}-${rollNumber}`,
        date_of_birth: `20${10 + Math.floor(random() * 10)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`,
        created_at: now,
        updated_at: now,
      };
      // Most students have a parent on record, whose phone the search finds by its digits.
      const guardian =
        random() < 0.9
          ? {
              name: `${pick(random, firstNames)} ${last}`,
              relation: random() < 0.5 ? 'Mother' : 'Father',
              phone: `+1 (555) 1${digits(random, 2)}-${digits(random, 4)}`,
            }
          : null;
      return {
        student: {
          ...student,
          ...guardianColumns(guardian ? [{ ...guardian, email: '', primary: true }] : []),
        },
        guardian,
      };
    });
    const result = await insertStudentsUnlessRollNumberTaken(
      trx,
      rows.map((row) => row.student),
    );
    const guardians = new Map(
      rows.map((row) => [`${row.student.standard_id}:${row.student.roll_number}`, row.guardian]),
    );
    const guardianRows = result.flatMap((student) => {
      const guardian = guardians.get(`${student.standard_id}:${student.roll_number}`);
      return guardian ? [{ student_id: student.id, position: 0, ...guardian, is_primary: 1 }] : [];
    });
    if (guardianRows.length > 0) {
      await insertGuardianRows(trx, guardianRows);
    }
    return result.length;
  });
}

async function seedMessages(db: Db, count: number, staff: Staff[], random: Random, now: Date) {
  if (count === 0) return 0;
  if (staff.length === 0) {
    throw new SeedUsageError('Messages need an author: seed some staff with --users N.');
  }
  // Messages are spread over the time before `now`, but never before one already stored:
  // ids grow with time, so "newest first by id" stays newest first by timestamp.
  const latest = await newestMessageTime(db);
  const spreadFrom = now.getTime() - count * 17 * 60_000;
  const start = latest ? Math.max(spreadFrom, Date.parse(latest)) : spreadFrom;
  const stepMs = Math.max(1, (now.getTime() - start) / count);
  return inBatches(db, count, async (trx, from, to) => {
    const rows = range(from, to).map((index) => {
      const author = pick(random, staff);
      return {
        sender_id: author.id,
        sender_name: author.name.trim() || author.email,
        content: pick(random, messageTemplates)
          .replace('{grade}', String(1 + Math.floor(random() * 12)))
          .replace('{day}', pick(random, weekdays))
          .replace('{time}', pick(random, times)),
        created_at: nowIso(new Date(Math.round(start + (index + 1) * stepMs))),
      };
    });
    const stored = await insertMessages(trx, rows);
    // As when posting through the API, authors have read their own messages.
    await insertMessageStates(
      trx,
      stored.map((message) => ({
        user_id: message.sender_id as number,
        message_id: message.id,
        read_at: message.created_at,
        deleted_at: null,
      })),
    );
    return stored.length;
  });
}

/** Fills `db` with demo data; returns how many rows of each kind it added. */
export async function seed(db: Db, counts: SeedCounts, options: SeedOptions): Promise<SeedCounts> {
  const random = seededRandom(options.randomSeed ?? 20_240_901);
  const now = options.now ?? new Date();
  const nowText = nowIso(now);
  const log = options.log ?? (() => undefined);
  const timed = async <T>(label: string, work: () => Promise<T>, count: (result: T) => number) => {
    const started = performance.now();
    const result = await work();
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    log(`${label}: ${count(result)} added in ${seconds} s`);
    return result;
  };

  const users = await timed(
    'staff users',
    () => seedUsers(db, counts.users, options.password, random, nowText),
    (result) => result.inserted,
  );
  const standards = await timed(
    'standards',
    () => seedStandards(db, counts.standards, random, nowText),
    (result) => result.inserted,
  );
  const students = await timed(
    'students',
    () => seedStudents(db, counts.students, standards.ids, random, nowText),
    (result) => result,
  );
  const messages = await timed(
    'messages',
    () => seedMessages(db, counts.messages, users.staff, random, now),
    (result) => result,
  );
  return { users: users.inserted, standards: standards.inserted, students, messages };
}
