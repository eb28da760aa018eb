import {
  apiPaths,
  buildPath,
  historyListResponseSchema,
  recordPaths,
  studentListResponseSchema,
  studentResponseSchema,
} from '@um/contract';
import type { HistoryList, Student, StudentList, StudentValues } from '@um/contract';
import { apiDownload, apiRequest } from '../../lib/api-client';

export const STUDENTS_PAGE_SIZE = 25;

/** What the list shows: one standard or all (null), and a search over name, e-mail and roll number. */
export interface StudentFilter {
  standard: number | null;
  q: string;
}

function filterQuery(filter: StudentFilter): URLSearchParams {
  const query = new URLSearchParams();
  if (filter.standard !== null) query.set('standard', String(filter.standard));
  if (filter.q !== '') query.set('q', filter.q);
  return query;
}

/** The students the filter shows, as the CSV file the server writes. */
export function exportStudents(filter: StudentFilter): Promise<Blob> {
  const query = filterQuery(filter).toString();
  return apiDownload(query ? `${recordPaths.studentsExport}?${query}` : recordPaths.studentsExport);
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
  filter: StudentFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StudentList> {
  const query = new URLSearchParams({ limit: String(STUDENTS_PAGE_SIZE) });
  for (const [name, value] of filterQuery(filter)) query.set(name, value);
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${apiPaths.students}?${query}`, { schema: studentListResponseSchema, signal });
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

/** A student's history, newest first: its latest 50 events. */
export async function fetchStudentHistory(id: number, signal?: AbortSignal): Promise<HistoryList> {
  return apiRequest(`${buildPath(recordPaths.studentHistory, { id })}?limit=50`, {
    schema: historyListResponseSchema,
    signal,
  });
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
