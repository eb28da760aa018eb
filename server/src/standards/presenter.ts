import { expressionBuilder } from 'kysely';
import { problemTexts, type Standard, type Teacher } from '@um/contract';
import { jsonItem } from '../db/paging.js';
import type { Database, StandardRow } from '../db/schema.js';
import { notFound } from '../http/problem.js';
import type { Change } from '../records/change-log.js';
import { teachersJson, teachersSummary } from './teachers.js';

/**
 * What a standard looks like to the outside, written once: in an answer (as an object, or as
 * JSON the database writes for a page of the list), in its history, and when it is missing.
 */

export type StandardWithCount = StandardRow & { student_count: number | null };

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

/**
 * How many active students a standard has (those who left or graduated do not count): a
 * subquery of a query that reads standards.
 */
export const liveStudentCount = expressionBuilder<Database, 'standards'>()
  .selectFrom('students')
  .whereRef('students.standard_id', '=', 'standards.id')
  .where('students.deleted_at', 'is', null)
  .where('students.status', '=', 'active')
  .select((sub) => sub.fn.countAll<number>().as('count'));

/** A standard of the API, written by the database from a row of a page. */
export const standardJson = jsonItem<Standard, StandardRow>('standards', (field) => ({
  id: field.value('id'),
  name: field.value('name'),
  grade_level: field.value('grade_level'),
  description: field.value('description'),
  academic_year: field.value('academic_year'),
  created_at: field.timestamp('created_at'),
  updated_at: field.timestamp('updated_at'),
  student_count: field.count(liveStudentCount),
  version: field.value('version'),
  teachers: field.json<Teacher[]>(teachersJson),
}));
