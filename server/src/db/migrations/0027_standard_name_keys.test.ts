import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { nowIso } from '../time.js';
import { createTestDatabase, dialects } from '../../test/harness.js';

describe.each(dialects)('migration 0027 on %s', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('gives every standard its name key, keeps earlier look-alikes apart, and refuses new ones', async () => {
    const database = await createTestDatabase(dialect, '0025_oneroster');
    close = () => database.destroy();
    const at = nowIso();
    for (const [name, year] of [
      ['Grade 5 B', '2026'],
      ['grade 5  b', '2026'],
      ['Grade 5 B', '2025'],
      [' Grade 6 A', '2026'],
    ]) {
      await sql`insert into standards (name, grade_level, description, academic_year, created_at, updated_at)
        values (${name}, 5, '', ${year}, ${at}, ${at})`.execute(database.db);
    }
    await migrateToLatest(database.db, dialect);
    const rows = await database.db
      .selectFrom('standards')
      .select(['id', 'name', 'name_key', 'academic_year'])
      .orderBy('id')
      .execute();
    const second = rows[1]?.id;
    expect(
      rows.map(({ name, name_key, academic_year }) => [name, name_key, academic_year]),
    ).toEqual([
      ['Grade 5 B', 'grade 5 b', '2026'],
      ['grade 5  b', `grade 5 b#${second}`, '2026'],
      ['Grade 5 B', 'grade 5 b', '2025'],
      [' Grade 6 A', 'grade 6 a', '2026'],
    ]);
    await expect(
      sql`insert into standards (name, name_key, grade_level, description, academic_year, created_at, updated_at)
        values ('GRADE 6 A', 'grade 6 a', 6, '', '2026', ${at}, ${at})`.execute(database.db),
    ).rejects.toThrow();
  });
});
