import { LIMITS, LIST_LIMIT_MAX, apiPaths, studentListResponseSchema } from '@um/contract';
import type { Student, StudentValues } from '@um/contract';
import { apiRequest } from '../../../lib/api-client';

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
