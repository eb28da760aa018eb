import { z } from 'zod';
import { gradeLevelSchema, type Standard } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { cursorParts, keyset, type WrittenPage } from '../db/paging.js';
import { pageOfStandards } from '../repositories/standards.js';

/**
 * How standards are listed, in their order. One standard, with its student count, is read by
 * `findStandard` (records/standard-record.ts), which its writes share.
 */

/** The list's order, grade level then name then id, as a cursor: [grade_level, name, id]. */
const standardPages = keyset(
  z.tuple([gradeLevelSchema, cursorParts.text, cursorParts.id]),
  (standard: Standard) => [standard.grade_level, standard.name, standard.id] as const,
);

export async function listStandards(
  db: Executor,
  dialect: Dialect,
  query: { limit: number; cursor?: string; academic_year?: string },
): Promise<WrittenPage<Standard>> {
  const request = standardPages.request(query);
  const { after } = request;
  const rows = await pageOfStandards(
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
