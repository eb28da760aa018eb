import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { listIndexes, pageColumns } from './0017_student_record.js';

/**
 * A student's guardians, written as the API's JSON on the student's row (decision 0051).
 * `student_guardians` stays where guardians are kept and their rules decided; the app writes
 * `guardians_json` from the same list in the same transaction, as it writes `guardian_search`.
 * A page of students then reads its guardians from the list's covering indexes, which are
 * rebuilt with the column, instead of looking up each student's guardians.
 *
 * On PostgreSQL the covering indexes also hold the search text, so that a search can walk the
 * list's order reading the index alone and stop once its page is full (decision 0052).
 */
export function guardiansOnTheStudentMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`alter table students add column guardians_json text not null default '[]'`.execute(
        db,
      );
      const written =
        dialect === 'postgres'
          ? sql`json_agg(json_build_object(
              'name', g.name, 'relation', g.relation, 'phone', g.phone, 'email', g.email,
              'primary', g.is_primary = 1) order by g.position)::text`
          : sql`json_group_array(json_object(
              'name', g.name, 'relation', g.relation, 'phone', g.phone, 'email', g.email,
              'primary', json(case when g.is_primary = 1 then 'true' else 'false' end)))`;
      const ordered =
        dialect === 'postgres'
          ? sql`student_guardians as g where g.student_id = students.id`
          : sql`(select * from student_guardians as inner_g
                 where inner_g.student_id = students.id order by inner_g.position) as g`;
      await sql`
        update students set guardians_json = (select ${written} from ${ordered})
        where exists (select 1 from student_guardians where student_id = students.id)`.execute(db);
      await listIndexes(
        db,
        dialect,
        dialect === 'postgres'
          ? [...pageColumns, 'guardians_json', 'search_text']
          : [...pageColumns, 'guardians_json'],
      );
    },
  };
}
