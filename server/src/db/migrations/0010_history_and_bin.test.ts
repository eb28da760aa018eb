import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso } from '../time.js';
import { migrateTo } from '../migrate.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

describe.each(dialects)('migration 0010 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('keeps existing students, their ids, the search index and the next id, and frees the roll numbers of students in the bin', async () => {
    const database = await createTestDatabase(dialect, '0008_token_versions');
    close = database.destroy;
    const { db } = database;
    const now = nowIso();
    // The tables as they were before the migration, which the typed schema no longer describes.
    const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const standard = await untyped
      .insertInto('standards')
      .values({
        name: '5 A',
        grade_level: 5,
        description: '',
        academic_year: '2026',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const student = (name: string, roll: string) => ({
      name,
      email: `${roll}@pupils.test`,
      roll_number: roll,
      standard_id: standard['id'],
      phone_number: '',
      address: '',
      created_at: now,
      updated_at: now,
    });
    const rows = await untyped
      .insertInto('students')
      .values([student('Asha Rao', '1'), student('Bela Nagy', '2'), student('Chen Li', '3')])
      .returning('id')
      .execute();
    await untyped.deleteFrom('students').where('id', '=', rows[2]!['id']).execute();

    await migrateTo(db, dialect);

    const kept = await db
      .selectFrom('students')
      .select(['id', 'name', 'version', 'deleted_at'])
      .orderBy('id')
      .execute();
    expect(kept).toEqual([
      { id: rows[0]!['id'], name: 'Asha Rao', version: 1, deleted_at: null },
      { id: rows[1]!['id'], name: 'Bela Nagy', version: 1, deleted_at: null },
    ]);
    if (dialect === 'sqlite') {
      const found = await sql<{ id: number }>`
        select distinct id from student_trigrams where trigram = 'nag'`.execute(db);
      expect(found.rows.map((row) => row.id)).toEqual([rows[1]!['id']]);
    }
    const next = await untyped
      .insertInto('students')
      .values(student('Dev Patel', '4'))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(Number(rows[2]!['id']));

    await db
      .updateTable('students')
      .set({ deleted_at: now })
      .where('id', '=', Number(rows[0]!['id']))
      .execute();
    await untyped.insertInto('students').values(student('Asha Rao again', '1')).execute();
    await expect(
      untyped.insertInto('students').values(student('Bela twin', '2')).execute(),
    ).rejects.toThrow();
  });
});
