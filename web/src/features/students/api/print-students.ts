import {
  LIST_LIMIT_MAX,
  apiPaths,
  clientConfigResponseSchema,
  studentListResponseSchema,
} from '@um/contract';
import type { Student } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';
import { studentFilterQuery } from '../../../lib/api/get-students-count';
import { DEFAULT_SORT } from '../filters';
import type { StudentListView } from '../filters';

/** What a printed class list holds: every student of the view, in its order, and the school. */
export interface PrintableList {
  students: Student[];
  schoolName: string | null;
}

/**
 * Every student the view shows, not only the pages loaded on screen: the pages are read one
 * after another, in the list's order, as many as there are.
 */
export async function getPrintableList(view: StudentListView): Promise<PrintableList> {
  const config = apiRequest(apiPaths.config, {
    authenticated: false,
    schema: clientConfigResponseSchema,
  });
  const students: Student[] = [];
  let cursor: string | null = null;
  do {
    const query = studentFilterQuery(view);
    query.set('limit', String(LIST_LIMIT_MAX));
    if (view.sort !== DEFAULT_SORT) query.set('sort', view.sort);
    if (cursor) query.set('cursor', cursor);
    const page = await apiRequest(`${apiPaths.students}?${query}`, {
      schema: studentListResponseSchema,
    });
    students.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return { students, schoolName: (await config).school_name };
}
