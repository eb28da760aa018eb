import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(dialects)('migration 0025 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('gives every existing student, standard, account and guardian a UUID of its own, and every new row one too', async () => {
    const database = await createTestDatabase(dialect, '0020_guardians_on_the_student');
    close = () => database.destroy();
    const { db } = database;
    const at = nowIso();
    await db
      .insertInto('users')
      .values({
        email: 'head@school.test',
        name: 'Head',
        password_changed_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    const standard = await db
      .insertInto('standards')
      .values({
        name: '7A',
        description: '',
        grade_level: 7,
        academic_year: '2026',
        created_at: at,
        updated_at: at,
        // Before migration 0027 standards had no name key.
      } as Insertable<Database['standards']>)
      .returning('id')
      .executeTakeFirstOrThrow();
    const students = await db
      .insertInto('students')
      .values(
        ['Asha Rao', 'Ben Lee'].map((name, index) => ({
          name,
          email: '',
          roll_number: String(index + 1),
          standard_id: standard.id,
          phone_number: '',
          address: '',
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('student_guardians')
      .values([
        { student_id: students[0]!.id, position: 0, name: 'Meera Rao', is_primary: 1 },
        { student_id: students[0]!.id, position: 1, name: 'Vikram Rao', is_primary: 0 },
      ])
      .execute();

    await migrateToLatest(db, dialect);

    const ids = [
      ...(await db.selectFrom('students').select('sourced_id').execute()),
      ...(await db.selectFrom('standards').select('sourced_id').execute()),
      ...(await db.selectFrom('users').select('sourced_id').execute()),
      ...(await db.selectFrom('oneroster_guardians').select('sourced_id').execute()),
      ...(await db.selectFrom('oneroster_school').select('sourced_id').execute()),
    ].map((row) => row.sourced_id);
    expect(ids).toHaveLength(2 + 1 + 1 + 2 + 1);
    for (const sourcedId of ids) expect(sourcedId).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    const guardians = await db
      .selectFrom('oneroster_guardians')
      .select(['student_id', 'name_key', 'removed_at'])
      .orderBy('name_key')
      .execute();
    expect(guardians).toEqual([
      { student_id: students[0]!.id, name_key: 'meera rao', removed_at: null },
      { student_id: students[0]!.id, name_key: 'vikram rao', removed_at: null },
    ]);

    const added = await db
      .insertInto('students')
      .values({
        name: 'Chen Wu',
        email: '',
        roll_number: '3',
        standard_id: standard.id,
        phone_number: '',
        address: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { sourced_id } = await db
      .selectFrom('students')
      .select('sourced_id')
      .where('id', '=', added.id)
      .executeTakeFirstOrThrow();
    expect(sourced_id).toMatch(UUID);
    expect(ids).not.toContain(sourced_id);
  });

  it('keeps a guardian written again under the same name, marks one left out as removed, and remembers a purged student', async () => {
    const database = await createTestDatabase(dialect);
    close = () => database.destroy();
    const { db } = database;
    const at = nowIso();
    const standard = await db
      .insertInto('standards')
      .values({
        name: '7A',
        description: '',
        grade_level: 7,
        name_key: '7a',
        academic_year: '2026',
        created_at: at,
        updated_at: at,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const student = await db
      .insertInto('students')
      .values({
        name: 'Asha Rao',
        email: '',
        roll_number: '1',
        standard_id: standard.id,
        phone_number: '',
        address: '',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const guardiansOf = () =>
      db
        .selectFrom('oneroster_guardians')
        .select(['name_key', 'sourced_id', 'removed_at'])
        .where('student_id', '=', student.id)
        .orderBy('name_key')
        .execute();
    await db
      .insertInto('student_guardians')
      .values([
        { student_id: student.id, position: 0, name: 'Meera Rao', is_primary: 1 },
        { student_id: student.id, position: 1, name: 'Vikram Rao', is_primary: 0 },
      ])
      .execute();
    const [meera, vikram] = await guardiansOf();

    // How a save of the student writes its guardians: all of them out, then the new list in.
    await db.deleteFrom('student_guardians').where('student_id', '=', student.id).execute();
    await db
      .insertInto('student_guardians')
      .values({ student_id: student.id, position: 0, name: ' meera RAO ', is_primary: 1 })
      .execute();
    const after = await guardiansOf();
    expect(after).toEqual([
      { name_key: 'meera rao', sourced_id: meera!.sourced_id, removed_at: null },
      { name_key: 'vikram rao', sourced_id: vikram!.sourced_id, removed_at: expect.any(String) },
    ]);

    const { sourced_id: studentId } = await db
      .selectFrom('students')
      .select('sourced_id')
      .where('id', '=', student.id)
      .executeTakeFirstOrThrow();
    await db.deleteFrom('students').where('id', '=', student.id).execute();
    const tombstone = await db
      .selectFrom('oneroster_tombstones')
      .selectAll()
      .where('sourced_id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(tombstone).toMatchObject({ kind: 'student', entity_id: student.id, grade_level: 7 });
    const purged = await guardiansOf();
    expect(purged.map((guardian) => guardian.name_key).sort()).toEqual(
      [meera!.sourced_id, vikram!.sourced_id].sort(),
    );
    expect(purged.every((guardian) => guardian.removed_at !== null)).toBe(true);
  });
});
