import {
  LIMITS,
  LIST_LIMIT_MAX,
  apiPaths,
  buildPath,
  recordPaths,
  studentCountResponseSchema,
  studentListResponseSchema,
  studentResponseSchema,
} from '@um/contract';
import type { Student, StudentList, StudentSort, StudentValues } from '@um/contract';
import { apiRequest, apiResponse } from '../../lib/api-client';

export const STUDENTS_PAGE_SIZE = 25;

/** Which students the list shows: one standard or all (null), and words to find in them. */
export interface StudentFilter {
  standard: number | null;
  q: string;
}

/** The list as the address states it: the filter, and its order. */
export interface StudentListView extends StudentFilter {
  sort: StudentSort;
}

/** The order the API uses when none is asked for. */
export const DEFAULT_SORT: StudentSort = 'name';

function filterQuery(filter: StudentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.standard !== null) query.set('standard', String(filter.standard));
  if (filter.q !== '') query.set('q', filter.q);
  return query;
}

/** The students the filter shows, as the CSV file the server writes. */
export async function exportStudents(filter: StudentFilter): Promise<Blob> {
  const query = filterQuery(filter).toString();
  const path = query ? `${recordPaths.studentsExport}?${query}` : recordPaths.studentsExport;
  return (await apiResponse(path)).blob();
}

/** Hands a file to the browser to save, as a link with `download` does. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The click has handed the file over; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export async function fetchStudentsPage(
  view: StudentListView,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StudentList> {
  const query = new URLSearchParams({ limit: String(STUDENTS_PAGE_SIZE) });
  for (const [name, value] of filterQuery(view)) query.set(name, value);
  if (view.sort !== DEFAULT_SORT) query.set('sort', view.sort);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.students}?${query}`, { schema: studentListResponseSchema, signal });
}

/** How many students the filter lets through, all pages together. */
export async function fetchStudentsCount(
  filter: StudentFilter,
  signal?: AbortSignal,
): Promise<number> {
  const query = filterQuery(filter).toString();
  const answer = await apiRequest(
    query ? `${recordPaths.studentsCount}?${query}` : recordPaths.studentsCount,
    { schema: studentCountResponseSchema, signal },
  );
  return answer.data.count;
}

/** Why a student already on the list looks like the one about to be saved. */
export type LikelyDuplicate = { student: Student; sameEmail: boolean; sameName: boolean };

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The students already on the list with the same e-mail address, or the same name in the same
 * standard, found through the list's own search and kept only when they match exactly. A hint
 * before saving, not a rule (decision 0025): the person may save anyway.
 */
export async function findLikelyDuplicates(
  values: StudentValues,
  exceptId?: number,
): Promise<LikelyDuplicate[]> {
  const search = (filters: Record<string, string>) =>
    apiRequest(
      `${apiPaths.students}?${new URLSearchParams({ ...filters, limit: String(LIST_LIMIT_MAX) })}`,
      { schema: studentListResponseSchema },
    );
  const [byEmail, byName] = await Promise.all([
    // A longer address is still found by its first characters, then compared whole.
    search({ q: values.email.slice(0, LIMITS.searchMax) }),
    search({ standard: String(values.standard), q: values.name }),
  ]);
  const found = new Map<number, LikelyDuplicate>();
  for (const student of [...byEmail.data, ...byName.data]) {
    if (student.id === exceptId || found.has(student.id)) continue;
    const duplicate = {
      student,
      sameEmail: student.email === values.email,
      sameName: student.standard === values.standard && sameName(student.name, values.name),
    };
    if (duplicate.sameEmail || duplicate.sameName) found.set(student.id, duplicate);
  }
  return [...found.values()];
}

export async function createStudent(values: StudentValues): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'POST',
    body: values,
    schema: studentResponseSchema,
  });
  return answer.data;
}

/**
 * The API takes the id of the student to change in the body (SPEC.md 7), and the version the
 * form started from, so that a colleague's save in between is not silently overwritten.
 */
export async function updateStudent(
  id: number,
  values: StudentValues,
  version?: number,
): Promise<Student> {
  const answer = await apiRequest(apiPaths.updateStudents, {
    method: 'PUT',
    body: { ...values, id, ...(version === undefined ? {} : { version }) },
    schema: studentResponseSchema,
  });
  return answer.data;
}

/** Puts a deleted student back from the bin, with its id (DESIGN.md 6). */
export async function restoreStudent(id: number): Promise<Student> {
  const answer = await apiRequest(buildPath(recordPaths.restoreStudent, { id }), {
    method: 'POST',
    schema: studentResponseSchema,
  });
  return answer.data;
}

export async function deleteStudent(id: number): Promise<void> {
  await apiRequest(apiPaths.updateStudents, { method: 'DELETE', body: { id } });
}
