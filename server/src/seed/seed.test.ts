import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageList, StandardList, StudentList } from '@um/contract';
import { dialects, createTestDatabase, useTestApp, type TestDatabase } from '../test/harness.js';
import { authHeader } from '../test/factories.js';
import { verifyPassword } from '../auth/passwords.js';
import type { Db } from '../db/database.js';
import { DEFAULT_COUNTS, SeedUsageError, parseSeedArgs, seed } from './seed.js';

async function count(db: Db, table: 'users' | 'standards' | 'students' | 'messages') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('seed command line', () => {
  it('uses the default counts and password when given no options', () => {
    expect(parseSeedArgs([])).toEqual({ counts: DEFAULT_COUNTS, password: 'demo-password' });
  });

  it('reads --students, --standards, --messages, --users and --password', () => {
    expect(
      parseSeedArgs([
        '--students',
        '100000',
        '--standards=40',
        '--messages',
        '0',
        '--users',
        '3',
        '--password',
        'a longer secret',
      ]),
    ).toEqual({
      counts: { students: 100_000, standards: 40, messages: 0, users: 3 },
      password: 'a longer secret',
    });
  });

  it('answers --help with null so the caller prints the usage', () => {
    expect(parseSeedArgs(['--help'])).toBeNull();
  });

  it.each([
    [['--students', '-1']],
    [['--students', '1e3']],
    [['--students', 'many']],
    [['--students', '10000001']],
    [['--pupils', '5']],
    [['extra']],
    [['--password', 'short']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseSeedArgs(argv)).toThrow(SeedUsageError);
  });
});

describe.each(dialects)('seeding on %s', (dialect) => {
  const t = useTestApp(dialect);
  const counts = { users: 2, standards: 14, students: 1_234, messages: 30 };

  it('adds the requested staff, standards, students and messages, which the API then serves', async () => {
    const { db } = t.database;
    const log: string[] = [];
    const added = await seed(db, counts, { password: 'seeded password', log: (l) => log.push(l) });
    expect(added).toEqual(counts);
    expect(log).toHaveLength(4);
    for (const table of ['users', 'standards', 'students', 'messages'] as const) {
      expect(await count(db, table)).toBe(counts[table]);
    }

    const staff = await db.selectFrom('users').selectAll().execute();
    expect(staff.every((user) => /^[a-z.0-9]+@school\.example$/.test(user.email))).toBe(true);
    expect(await verifyPassword(staff[0]!.password_hash!, 'seeded password')).toBe(true);

    const headers = await authHeader(t.database.db, t.config.jwtSecret, staff[0]!.id);
    const standards = await t.app.inject({
      method: 'GET',
      url: '/management/standard/?limit=200',
      headers,
    });
    const standardList = standards.json<StandardList>();
    expect(standardList.data.map((s) => s.name)).toContain('Grade 12 A');
    expect(standardList.data.map((s) => s.name)).toContain('Grade 2 B');
    expect(standardList.data.reduce((sum, s) => sum + s.student_count, 0)).toBe(counts.students);

    const students = await t.app.inject({
      method: 'GET',
      url: '/management/students/?limit=200',
      headers,
    });
    expect(students.statusCode).toBe(200);
    const studentList = students.json<StudentList>();
    expect(studentList.data).toHaveLength(200);
    expect(studentList.next_cursor).not.toBeNull();

    const inbox = await t.app.inject({ method: 'GET', url: '/api/message/?limit=200', headers });
    const messages = inbox.json<MessageList>();
    expect(messages.data).toHaveLength(counts.messages);
    const ownIds = messages.data.filter((m) => m.sender_id === staff[0]!.id);
    expect(ownIds.every((m) => m.is_read)).toBe(true);
    expect(messages.unread_count).toBe(counts.messages - ownIds.length);
    const times = messages.data.map((m) => m.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('adds more students and messages when run again, reusing its staff and standards', async () => {
    const { db } = t.database;
    const added = await seed(db, counts, { password: 'seeded password' });
    expect(added).toEqual({ users: 0, standards: 0, students: counts.students, messages: 30 });
    expect(await count(db, 'students')).toBe(2 * counts.students);
    expect(await count(db, 'standards')).toBe(counts.standards);
    const inbox = await db
      .selectFrom('messages')
      .select(['id', 'created_at'])
      .orderBy('id')
      .execute();
    expect(inbox.map((m) => m.created_at)).toEqual(inbox.map((m) => m.created_at).sort());
  });

  describe('on an empty database', () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
    });
    afterAll(() => database.destroy());

    it('refuses students without any standard and messages without any staff', async () => {
      const none = { users: 0, standards: 0, students: 0, messages: 0 };
      await expect(
        seed(database.db, { ...none, students: 5 }, { password: 'seeded password' }),
      ).rejects.toThrow(SeedUsageError);
      await expect(
        seed(database.db, { ...none, messages: 5 }, { password: 'seeded password' }),
      ).rejects.toThrow(SeedUsageError);
      expect(await count(database.db, 'students')).toBe(0);
    });
  });
});
