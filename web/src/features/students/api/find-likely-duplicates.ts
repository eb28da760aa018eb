import { LIMITS, LIST_LIMIT_MAX, apiPaths, studentListResponseSchema } from '@um/contract';
import type { Student, StudentValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

/** Why a student already on the list looks like the one about to be saved. */
export type LikelyDuplicate = {
  student: Student;
  sameEmail: boolean;
  sameAdmissionNumber: boolean;
  sameName: boolean;
  sameNameAndBirth: boolean;
};

const sameName = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

/** Two values that are the same and present: an empty one matches nothing. */
const samePresent = (a: string | null, b: string | null) =>
  !!a?.trim() && !!b?.trim() && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * What a student on the list shares with the one about to be saved, or null when nothing: an
 * e-mail address or admission number both have, the name in the same standard, or the name with
 * the same date of birth. A value left empty never matches, so students without an e-mail are
 * not look-alikes of each other.
 */
export function likeness(student: Student, values: StudentValues): LikelyDuplicate | null {
  const named = sameName(student.name, values.name);
  const duplicate = {
    student,
    sameEmail: samePresent(student.email, values.email),
    sameAdmissionNumber: samePresent(student.admission_number, values.admission_number),
    sameName: named && student.standard === values.standard,
    sameNameAndBirth: named && samePresent(student.date_of_birth, values.date_of_birth),
  };
  const { sameEmail, sameAdmissionNumber, sameNameAndBirth } = duplicate;
  return sameEmail || sameAdmissionNumber || duplicate.sameName || sameNameAndBirth
    ? duplicate
    : null;
}

/**
 * The students already on the list who look like the one about to be saved (`likeness`), found
 * through the list's own search and kept only when they match exactly. A hint before saving,
 * not a rule (decision 0025): the person may save anyway.
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
  const searches = [
    // A longer value is still found by its first characters, then compared whole.
    ...[values.email, values.admission_number]
      .filter((value) => value.trim() !== '')
      .map((value) => search({ q: value.slice(0, LIMITS.searchMax) })),
    search({ standard: String(values.standard), q: values.name }),
    ...(values.date_of_birth ? [search({ q: values.name })] : []),
  ];
  const found = new Map<number, LikelyDuplicate>();
  for (const page of await Promise.all(searches)) {
    for (const student of page.data) {
      if (student.id === exceptId || found.has(student.id)) continue;
      const duplicate = likeness(student, values);
      if (duplicate) found.set(student.id, duplicate);
    }
  }
  return [...found.values()];
}
