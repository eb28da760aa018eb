import { problemTexts, type Standard, type Teacher } from '@um/contract';
import type { StandardRow } from '../db/schema.js';
import { notFound } from '../http/problem.js';
import type { Change } from '../records/change-log.js';
import type { StandardWithCount } from '../repositories/standards.js';
import { teachersSummary } from './teachers.js';

/**
 * What a standard looks like to the outside, written once: in an answer (as an object; a page
 * of the list is JSON the database writes, repositories/standards.ts), in its history, and when
 * it is missing.
 */

export const standardNotFound = () => notFound(problemTexts.standardNotFound);

export function presentStandard(row: StandardWithCount, teachers: readonly Teacher[]): Standard {
  return {
    id: row.id,
    name: row.name,
    grade_level: row.grade_level,
    description: row.description,
    academic_year: row.academic_year,
    created_at: row.created_at,
    updated_at: row.updated_at,
    student_count: Number(row.student_count ?? 0),
    version: row.version,
    teachers: [...teachers],
  };
}

/** The fields a person edits, as history records them. */
function historyFields(row: StandardRow) {
  return {
    name: row.name,
    grade_level: row.grade_level,
    description: row.description,
    academic_year: row.academic_year,
  };
}

/**
 * A change to a standard as its history records it: the edited fields before and after, and
 * the teachers, as one line each side, when the change set them.
 */
export const standardChange = (
  actorId: number,
  action: Change['action'],
  before: StandardRow | null,
  after: StandardRow | null,
  teachers?: { before: readonly Teacher[]; after: readonly Teacher[] },
): Change => ({
  actorId,
  entity: 'standard',
  entityId: (after ?? before)?.id ?? 0,
  action,
  before: before && {
    ...historyFields(before),
    ...(teachers && { teachers: teachersSummary(teachers.before) }),
  },
  after: after && {
    ...historyFields(after),
    ...(teachers && { teachers: teachersSummary(teachers.after) }),
  },
});
