import { z } from 'zod';
import { gradeLevelSchema, type Standard } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { cursorParts, keyset, type WrittenPage } from '../db/paging.js';
import { compiledQuery, type Bind, type QueryShape } from '../db/compiled-query.js';
import { liveStudentCount, presentStandard, standardJson } from './presenter.js';
import { teachersOf } from './teachers.js';

/** How standards are read: the list in its order, and one standard with its student count. */

/** The list's order, grade level then name then id, as a cursor: [grade_level, name, id]. */
const standardPages = keyset(
  z.tuple([gradeLevelSchema, cursorParts.text, cursorParts.id]),
  (standard: Standard) => [standard.grade_level, standard.name, standard.id] as const,
);

interface StandardListValues {
  academicYear: string;
  afterGrade: number;
  afterName: string;
  afterId: number;
  limit: number;
}

/**
 * A page of standards in their order, the first page or one after a cursor, as the API's JSON
 * written by the database.
 */
const standardsPage = compiledQuery(
  (db, bind: Bind<StandardListValues>, shape: QueryShape & { after: boolean; ofYear: boolean }) => {
    let select = db
      .selectFrom('standards')
      .select(standardJson(shape.dialect))
      .where('standards.deleted_at', 'is', null);
    if (shape.ofYear) select = select.where('standards.academic_year', '=', bind('academicYear'));
    if (shape.after) {
      select = select.where((eb) =>
        eb(
          eb.refTuple('standards.grade_level', 'standards.name', 'standards.id'),
          '>',
          eb.tuple(bind('afterGrade'), bind('afterName'), bind('afterId')),
        ),
      );
    }
    return select
      .orderBy('standards.grade_level')
      .orderBy('standards.name')
      .orderBy('standards.id')
      .limit(bind('limit'));
  },
);

export async function listStandards(
  db: Executor,
  dialect: Dialect,
  query: { limit: number; cursor?: string; academic_year?: string },
): Promise<WrittenPage<Standard>> {
  const request = standardPages.request(query);
  const { after } = request;
  const rows = await standardsPage.run(
    db,
    { dialect, after: after !== undefined, ofYear: query.academic_year !== undefined },
    {
      academicYear: query.academic_year ?? '',
      afterGrade: after?.[0] ?? 0,
      afterName: after?.[1] ?? '',
      afterId: after?.[2] ?? 0,
      limit: request.rowsToRead,
    },
  );
  return standardPages.writtenPage(rows, request);
}

/** One live standard, with how many live students it has. */
export async function findStandard(db: Executor, id: number): Promise<Standard | undefined> {
  const row = await db
    .selectFrom('standards')
    .selectAll('standards')
    .select(liveStudentCount.as('student_count'))
    .where('standards.id', '=', id)
    .where('standards.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  return presentStandard(row, (await teachersOf(db, [id])).get(id) ?? []);
}
