import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import type { Insertable } from 'kysely';
import type { Database } from '../schema.js';
import { createTestDatabase, dialects } from '../../test/harness.js';
import { findStudent, listStudentsJson } from '../../students/record/read-model.js';

describe.each(dialects)('migration 0020 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('writes the guardians a school already kept onto their students, in their order and with their primary', async () => {
    const database = await createTestDatabase(dialect, '0019_batches');
    close = () => database.destroy();
    const { db } = database;
    const at = nowIso();
    const standard = await db
      .insertInto('standards')
      .values({
        name: '7A',
        description: '',
        grade_level: 7,
        academic_year: '2026-27',
        created_at: at,
        updated_at: at,
        // Before migration 0027 standards had no name key.
      } as Insertable<Database['standards']>)
      .returning('id')
      .executeTakeFirstOrThrow();
    const [withGuardians, without] = await db
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
    // Written out of order: the position, not the insert, decides the order.
    await db
      .insertInto('student_guardians')
      .values([
        {
          student_id: withGuardians!.id,
          position: 1,
          name: 'Vikram Rao',
          relation: 'Father',
          phone: '',
          email: '',
          is_primary: 1,
        },
        {
          student_id: withGuardians!.id,
          position: 0,
          name: 'Meera "Mira" Rao',
          relation: 'Mother',
          phone: '+91 98450-12345',
          email: 'meera@home.test',
          is_primary: 0,
        },
      ])
      .execute();

    await migrateToLatest(db, dialect);

    const guardians = [
      {
        name: 'Meera "Mira" Rao',
        relation: 'Mother',
        phone: '+91 98450-12345',
        email: 'meera@home.test',
        primary: false,
      },
      { name: 'Vikram Rao', relation: 'Father', phone: '', email: '', primary: true },
    ];
    const page = await listStudentsJson(db, dialect, { standard: standard.id, limit: 10 });
    const listed = JSON.parse(`[${page.items}]`) as { id: number; guardians: unknown }[];
    expect(listed.map((student) => [student.id, student.guardians])).toEqual([
      [withGuardians!.id, guardians],
      [without!.id, []],
    ]);
    expect((await findStudent(db, withGuardians!.id))?.guardians).toEqual(guardians);
  });
});
