import type { Executor } from '../db/database.js';
import { inChunks } from '../db/in-chunks.js';
import { lastEventAt } from '../repositories/history.js';

/**
 * What the OneRoster export reads of the school's tables: small queries of its own, each
 * reading one thing, so that no other feature's code is involved (docs/oneroster.md). Every
 * time is the ISO text both databases give back.
 */

/** Every live standard, with when it last changed. */
export function readStandards(db: Executor) {
  return db
    .selectFrom('standards')
    .select([
      'id',
      'sourced_id',
      'name',
      'grade_level',
      'academic_year',
      'created_at',
      'updated_at',
      lastEventAt('standard', 'standards.id').as('last_event_at'),
    ])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
}

export type StandardSource = Awaited<ReturnType<typeof readStandards>>[number];

const studentColumns = [
  'students.id',
  'students.sourced_id',
  'students.name',
  'students.email',
  'students.phone_number',
  'students.admission_number',
  'students.date_of_birth',
  'students.status',
  'students.updated_at',
  'students.standard_id',
  'students.deleted_at',
  'standards.sourced_id as standard_sourced_id',
  'standards.grade_level',
  'standards.deleted_at as standard_deleted_at',
] as const;

/** Every live student (leavers and graduates too), with their standard's id and grade. */
export function readStudents(db: Executor) {
  return db
    .selectFrom('students')
    .innerJoin('standards', 'standards.id', 'students.standard_id')
    .select(studentColumns)
    .select(lastEventAt('student', 'students.id').as('last_event_at'))
    .where('students.deleted_at', 'is', null)
    .orderBy('students.id')
    .execute();
}

export type StudentSource = Awaited<ReturnType<typeof readStudents>>[number];

/** Students of `ids` whatever their state, the bin's included. */
export function readStudentsById(db: Executor, ids: readonly number[]) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('students')
      .innerJoin('standards', 'standards.id', 'students.standard_id')
      .select(studentColumns)
      .select(lastEventAt('student', 'students.id').as('last_event_at'))
      .where('students.id', 'in', chunk)
      .execute(),
  );
}

/** The teachers of live standards, in each standard's order, with their accounts. */
export function readTeacherLinks(db: Executor) {
  return db
    .selectFrom('standard_teachers')
    .innerJoin('standards', 'standards.id', 'standard_teachers.standard_id')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select([
      'standard_teachers.standard_id',
      'standard_teachers.position',
      'standard_teachers.added_at',
      'users.id as user_id',
      'users.sourced_id as user_sourced_id',
      'users.name',
      'users.email',
      'users.status',
      'users.updated_at',
    ])
    .where('standard_teachers.removed_at', 'is', null)
    .where('standards.deleted_at', 'is', null)
    .orderBy('standard_teachers.standard_id')
    .orderBy('standard_teachers.position')
    .execute();
}

export type TeacherLinkSource = Awaited<ReturnType<typeof readTeacherLinks>>[number];

/** Standards of `ids` whatever their state, the bin's included. */
export function readStandardsById(db: Executor, ids: readonly number[]) {
  return inChunks(ids, (chunk) =>
    db
      .selectFrom('standards')
      .select(['id', 'sourced_id', 'grade_level', 'academic_year', 'deleted_at'])
      .where('id', 'in', chunk)
      .execute(),
  );
}

/** Teachers taken off a standard after `since`, and every teacher link of `standardIds`. */
export function readTeacherLinksEnded(db: Executor, since: string, standardIds: readonly number[]) {
  return db
    .selectFrom('standard_teachers')
    .innerJoin('users', 'users.id', 'standard_teachers.user_id')
    .select([
      'standard_teachers.standard_id',
      'standard_teachers.removed_at',
      'users.id as user_id',
      'users.sourced_id as user_sourced_id',
    ])
    .where((eb) =>
      eb.or([
        eb('standard_teachers.removed_at', '>', since),
        ...(standardIds.length > 0
          ? [
              eb.and([
                eb('standard_teachers.standard_id', 'in', [...standardIds]),
                eb('standard_teachers.removed_at', 'is', null),
              ]),
            ]
          : []),
      ]),
    )
    .execute();
}
