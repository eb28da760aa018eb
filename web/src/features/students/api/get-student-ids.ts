import {
  BULK_MAX_STUDENTS,
  LIST_LIMIT_MAX,
  apiPaths,
  studentListResponseSchema,
} from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { studentFilterQuery } from '../../../lib/api/get-students-count';
import type { StudentListView } from '../filters';

/**
 * The ids of every student the view shows, read page by page, or null when there are more than
 * a bulk change takes.
 */
export async function getStudentIds(view: StudentListView): Promise<number[] | null> {
  const ids: number[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(LIST_LIMIT_MAX) });
    for (const [name, value] of studentFilterQuery(view)) query.set(name, value);
    if (cursor) query.set('cursor', cursor);
    const page = await apiRequest(`${apiPaths.students}?${query}`, {
      schema: studentListResponseSchema,
    });
    ids.push(...page.data.map((student) => student.id));
    if (ids.length > BULK_MAX_STUDENTS) return null;
    cursor = page.next_cursor;
  } while (cursor);
  return ids;
}
