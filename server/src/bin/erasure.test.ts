import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, recordPaths, type HistoryList, type Student } from '@um/contract';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { nowIso } from '../db/time.js';
import { insertStandard, insertStudent, insertUser, loginAs } from '../test/factories.js';
import { dialects, useTestApp } from '../test/harness.js';
import { recordChanges } from '../records/change-log.js';
import { eraseStudentFromBin, purgeBin } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(dialects)('erasure of a student, on %s', (dialect) => {
  const t = useTestApp(dialect);
  let headers: Record<string, string>;
  let standardId: number;
  beforeAll(async () => {
    ({ headers } = await loginAs(t.database.db, t.config.jwtSecret, {
      name: 'Meera Iyer',
      role: 'admin',
    }));
    standardId = (await insertStandard(t.database.db)).id;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A student made, edited and deleted through the API: a history full of their details. */
  async function studentInTheBin(tag: string) {
    const created = await call('POST', apiPaths.updateStudents, {
      name: `Asha ${tag}`,
      email: `asha.${tag}@pupils.test`,
      roll_number: `E${tag}`,
      standard: standardId,
      phone_number: '+91 20 5555 0101',
      address: `${tag} Secret Lane`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const student = created.json<{ data: Student }>().data;
    const edited = await call('PUT', apiPaths.updateStudents, {
      id: student.id,
      name: `Asha R ${tag}`,
      email: student.email,
      roll_number: student.roll_number,
      standard: standardId,
      address: `${tag} Other Lane`,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const deleted = await call('DELETE', `${apiPaths.updateStudents}?id=${student.id}`);
    expect(deleted.statusCode).toBe(204);
    return student;
  }

  const historyOf = async (id: number) => {
    const response = await call('GET', buildPath(recordPaths.studentHistory, { id }));
    expect(response.statusCode).toBe(200);
    return response.json<HistoryList>().data;
  };

  /** Every history event of a student as stored, its JSON text included. */
  const storedEvents = (id: number) =>
    t.database.db
      .selectFrom('history_events')
      .selectAll()
      .where('entity', '=', 'student')
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();

  function expectErased(
    before: HistoryList['data'],
    after: HistoryList['data'],
    stored: { changes: string }[],
    tag: string,
  ) {
    expect(after.map(({ id, at, actor, action }) => ({ id, at, actor, action }))).toEqual(
      before.map(({ id, at, actor, action }) => ({ id, at, actor, action })),
    );
    after.forEach((event, index) => {
      expect(Object.keys(event.changes)).toEqual(Object.keys(before[index]!.changes));
      for (const change of Object.values(event.changes)) {
        expect(change).toEqual({ from: null, to: null });
      }
    });
    expect(stored.map((event) => event.changes).join('\n')).not.toMatch(
      new RegExp(`${tag}|5555|Secret|Other`),
    );
  }

  it('leaves no personal data in the history of a student purged from the bin, keeping action, time and actor', async () => {
    const gone = await studentInTheBin('purged1');
    const kept = await studentInTheBin('kept1');
    const before = await historyOf(gone.id);
    expect(before.map((event) => event.action)).toEqual(['delete', 'update', 'create']);
    const keptBefore = await historyOf(kept.id);
    await t.database.db
      .updateTable('students')
      .set({ deleted_at: nowIso(new Date(Date.now() - 31 * DAY_MS)) })
      .where('id', '=', gone.id)
      .execute();

    await purgeBin(t.database.db, t.database.dialect, 30);

    expect(
      await t.database.db.selectFrom('students').select('id').where('id', '=', gone.id).execute(),
    ).toEqual([]);
    expectErased(before, await historyOf(gone.id), await storedEvents(gone.id), 'purged1');
    expect(await historyOf(kept.id)).toEqual(keptBefore);
  });

  it('erases a student in the bin at once, with the same effect as a purge, and answers 404 for any other', async () => {
    const gone = await studentInTheBin('erased2');
    const before = await historyOf(gone.id);
    const erase = (id: number) => call('DELETE', buildPath(recordPaths.eraseStudent, { id }));

    const erased = await erase(gone.id);
    expect(erased.statusCode).toBe(204);
    expect(erased.body).toBe('');
    expectErased(before, await historyOf(gone.id), await storedEvents(gone.id), 'erased2');
    const bin = await call('GET', recordPaths.deleted);
    expect(bin.json<{ data: { id: number }[] }>().data.map((entry) => entry.id)).not.toContain(
      gone.id,
    );
    expect(
      (await call('POST', buildPath(recordPaths.restoreStudent, { id: gone.id }))).statusCode,
    ).toBe(404);

    const again = await erase(gone.id);
    expect(again.statusCode).toBe(404);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    const live = await call('POST', apiPaths.updateStudents, {
      name: 'Still Here',
      email: 'still.here@pupils.test',
      roll_number: 'E-live',
      standard: standardId,
    });
    const liveId = live.json<{ data: Student }>().data.id;
    const liveHistory = await historyOf(liveId);
    expect((await erase(liveId)).statusCode).toBe(404);
    expect(await historyOf(liveId)).toEqual(liveHistory);
    expect((await erase(999_999)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: buildPath(recordPaths.eraseStudent, { id: liveId }),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists the erasure in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const paths = response.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/management/deleted/student/{id}/'] ?? {})).toContain('delete');
  });
});

describe('erasure in the SQLite file', () => {
  it('leaves no copy of the student’s details in the write-ahead log once erased', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'um-erasure-wal-'));
    const database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'app.db') });
    try {
      await migrateToLatest(database.db, database.dialect);
      const standard = await insertStandard(database.db);
      const student = await insertStudent(database.db, standard.id, {
        name: 'Wqwq Walname',
        address: 'Wqwq Lane',
      });
      // Edited many times: each edit writes the page, name and all, to the log again.
      for (let index = 0; index < 20; index += 1) {
        await database.db
          .updateTable('students')
          .set({ phone_number: `+91 20 5555 ${1000 + index}` })
          .where('id', '=', student.id)
          .execute();
      }
      await database.db
        .updateTable('students')
        .set({ deleted_at: nowIso() })
        .where('id', '=', student.id)
        .execute();
      const wal = () => {
        try {
          return readFileSync(join(dir, 'app.db-wal')).toString('latin1');
        } catch {
          return '';
        }
      };
      expect(wal()).toMatch(/Wqwq/);

      expect(await eraseStudentFromBin(database.db, database.dialect, student.id)).toBe(true);

      expect(wal().match(/Wqwq/g) ?? []).toEqual([]);
      const file = readFileSync(join(dir, 'app.db')).toString('latin1');
      expect(file.match(/Wqwq/g) ?? []).toEqual([]);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves none of the student’s details in the file once its log is checkpointed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'um-erasure-'));
    const database = createDatabase({ dialect: 'sqlite', filename: join(dir, 'app.db') });
    try {
      await migrateToLatest(database.db, database.dialect);
      const standard = await insertStandard(database.db);
      for (let index = 0; index < 50; index += 1) await insertStudent(database.db, standard.id);
      const student = await insertStudent(database.db, standard.id, {
        name: 'Zyxwvut Qqqname',
        email: 'zyx.qqq@pupils.test',
        address: 'Qqq Secret Lane',
      });
      const { name, email, address } = student;
      await recordChanges(database.db, [
        {
          actorId: (await insertUser(database.db)).id,
          entity: 'student',
          entityId: student.id,
          action: 'create',
          before: null,
          after: { name, email, address },
        },
      ]);
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
      await database.db
        .updateTable('students')
        .set({ deleted_at: nowIso() })
        .where('id', '=', student.id)
        .execute();

      expect(await eraseStudentFromBin(database.db, database.dialect, student.id)).toBe(true);
      await sql`pragma wal_checkpoint(truncate)`.execute(database.db);

      const file = readFileSync(join(dir, 'app.db')).toString('latin1');
      expect(file.match(/Zyxwvut|Qqq|qqq/g) ?? []).toEqual([]);
    } finally {
      await database.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
