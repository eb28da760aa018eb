import {
  LIST_LIMIT_MAX,
  apiPaths,
  standardListResponseSchema,
  studentListResponseSchema,
  studentResponseSchema,
} from '@um/contract';
import type { Standard, Student, StudentList, StudentValues } from '@um/contract';
import { apiRequest } from '../../lib/api-client';

export const STUDENTS_PAGE_SIZE = 25;

/** What the list shows: one standard or all (null), and a search over name, e-mail and roll number. */
export interface StudentFilter {
  standard: number | null;
  q: string;
}

export async function fetchStudentsPage(
  filter: StudentFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StudentList> {
  const query = new URLSearchParams({ limit: String(STUDENTS_PAGE_SIZE) });
  if (filter.standard !== null) query.set('standard', String(filter.standard));
  if (filter.q !== '') query.set('q', filter.q);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.students}?${query}`, { schema: studentListResponseSchema, signal });
}

/**
 * Every standard, for the filter, the form and each student's standard name. The standards
 * screen makes the same call under the same query key, so both read one cached list.
 */
export async function fetchAllStandards(signal?: AbortSignal): Promise<Standard[]> {
  const standards: Standard[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: String(LIST_LIMIT_MAX) });
    if (cursor) query.set('cursor', cursor);
    const page = await apiRequest(`${apiPaths.standards}?${query}`, {
      schema: standardListResponseSchema,
      signal,
    });
    standards.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return standards;
}

export async function createStudent(values: StudentValues): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'POST',
    body: values,
    schema: studentResponseSchema,
  });
  return answer.data;
}

/** The API takes the id of the student to change in the body (SPEC.md 7). */
export async function updateStudent(id: number, values: StudentValues): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'PUT',
    body: { ...values, id },
    schema: studentResponseSchema,
  });
  return answer.data;
}

export async function deleteStudent(id: number): Promise<void> {
  await apiRequest(apiPaths.updateStudents, { method: 'DELETE', body: { id } });
}
