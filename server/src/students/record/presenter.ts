import { problemTexts, type Guardian, type Student } from '@um/contract';
import type { Executor } from '../../db/database.js';
import type { GuardianRow, StudentRow } from '../../db/schema.js';
import { guardiansOfStudents, type StudentRecord } from '../../repositories/students.js';
import type { Change } from '../../records/change-log.js';
import { notFound } from '../../http/problem.js';

/**
 * What a student looks like to the outside, written once: in an answer (as an object; a page of
 * the list is JSON the database writes, repositories/students.ts), in its history, and when it
 * is missing.
 * The read model and the writes both use it, so a field added to the contract's student is
 * added here and nowhere else.
 */

/** A guardian as the API shows it: these fields, in this order. */
const shownGuardian = (guardian: Guardian): Guardian => ({
  name: guardian.name,
  relation: guardian.relation,
  phone: guardian.phone,
  email: guardian.email,
  primary: guardian.primary,
});

export const presentGuardian = (row: GuardianRow): Guardian =>
  shownGuardian({ ...row, primary: row.is_primary === 1 });

/**
 * Guardians as the student's row keeps them for its readers (`guardians_json`, migration 0020):
 * the API's JSON, written when they are.
 */
export const guardiansJson = (guardians: readonly Guardian[]): string =>
  JSON.stringify(guardians.map(shownGuardian));

export function presentStudent(row: StudentRecord): Student {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    roll_number: row.roll_number,
    standard: row.standard_id,
    phone_number: row.phone_number,
    address: row.address,
    admission_number: row.admission_number,
    date_of_birth: row.date_of_birth,
    status: row.status,
    left_on: row.left_on,
    guardians: JSON.parse(row.guardians_json) as Guardian[],
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}

/** The guardians of the students `ids`, each student's in their order. */
export async function guardiansOf(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, GuardianRow[]>> {
  const byStudent = new Map<number, GuardianRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byStudent;
  for (const row of await guardiansOfStudents(db, ids)) byStudent.get(row.student_id)?.push(row);
  return byStudent;
}

/** Guardians as one line of a history: who, how related, how to reach them, who is primary. */
export function guardiansSummary(guardians: readonly Guardian[]): string {
  return guardians
    .map((guardian) =>
      [
        guardian.name,
        guardian.relation && `(${guardian.relation})`,
        guardian.phone,
        guardian.email,
        guardian.primary ? '- primary' : '',
      ]
        .filter((part) => part !== '')
        .join(' '),
    )
    .join('; ');
}

/** The fields a person edits, as history records them (guardians come with the change). */
function historyFields(row: StudentRow) {
  return {
    name: row.name,
    email: row.email,
    roll_number: row.roll_number,
    standard: row.standard_id,
    phone_number: row.phone_number,
    address: row.address,
    admission_number: row.admission_number,
    date_of_birth: row.date_of_birth,
    status: row.status,
    left_on: row.left_on,
  };
}

/**
 * A change to a student as its history records it: the edited fields before and after, and the
 * guardians, as one line each side, when the change replaced them.
 */
export const studentChange = (
  actorId: number,
  action: Change['action'],
  before: StudentRow | null,
  after: StudentRow | null,
  guardians?: { before: readonly Guardian[]; after: readonly Guardian[] },
): Change => ({
  actorId,
  entity: 'student',
  entityId: (after ?? before)?.id ?? 0,
  action,
  before: before && {
    ...historyFields(before),
    ...(guardians && { guardians: guardiansSummary(guardians.before) }),
  },
  after: after && {
    ...historyFields(after),
    ...(guardians && { guardians: guardiansSummary(guardians.after) }),
  },
});

export const studentNotFound = () => notFound(problemTexts.studentNotFound);
