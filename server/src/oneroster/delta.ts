import type { Executor } from '../db/database.js';
import {
  courseRecord,
  enrollmentRecord,
  entriesOf,
  latest,
  referenceMaker,
  sessionRecord,
  type Entry,
  type RecordKind,
  type Roster,
  type RosterSettings,
} from './roster.js';
import { standardsInAnyState, teacherLinksEndedOrOf } from '../repositories/standards.js';
import { studentsWithStandardInAnyState } from '../repositories/students.js';
import {
  readGuardianIdsOf,
  readRemovedGuardians,
  readTombstones,
  readTombstonesOf,
} from '../repositories/oneroster.js';
import { studentAndStandardEventsSince } from '../repositories/history.js';

/**
 * What changed after a time (docs/oneroster.md, "Deltas"): every record of the roster modified
 * since, and every record gone since, as `tobedeleted`. What went is read from the change log
 * (a student's or standard's delete, a move to another standard, a student who left), from the
 * teachers and guardians taken off since, and from the tombstones of rows purged since.
 */

export interface Delta {
  since: string;
  /** Records of the roster modified after `since`, active. */
  changed: Entry[];
  /** Records gone after `since`. */
  deleted: Entry[];
}

type Changes = Record<string, { from: unknown; to: unknown }>;

const gone = <Kind extends RecordKind>(
  kind: Kind,
  record: Entry<Kind>['record'],
  students: number[],
) => ({ kind, record, students }) as Entry<Kind>;

/** A person gone: nothing of them but their sourcedId is needed to delete them. */
function goneUser(
  sourcedId: string,
  modified: string,
  role: string,
  org: Entry<'org'>['record'],
  ref: ReturnType<typeof referenceMaker>,
) {
  const school = ref('org', org.sourcedId);
  return {
    sourcedId,
    status: 'tobedeleted' as const,
    dateLastModified: modified,
    userMasterIdentifier: '',
    username: sourcedId,
    userIds: [],
    enabledUser: 'false' as const,
    givenName: '',
    familyName: '',
    middleName: '',
    roles: [{ roleType: 'primary', role, org: school }],
    primaryOrg: school,
    identifier: '',
    email: '',
    sms: '',
    phone: '',
    agents: [],
    grades: [],
  };
}

export async function readDelta(
  db: Executor,
  roster: Roster,
  settings: RosterSettings,
  since: string,
): Promise<Delta> {
  const ref = referenceMaker(settings.appUrl);
  const org = roster.orgs[0]!.record;
  const school = ref('org', org.sourcedId);
  const { sources, ids } = roster;
  const liveStudents = new Map(sources.students.map((student) => [student.id, student]));
  const liveStandards = new Map(sources.standards.map((standard) => [standard.id, standard]));
  const deleted: Entry[] = [];

  const events = await studentAndStandardEventsSince(db, since);
  const studentEvents = new Map<number, { at: string; changes: Changes }[]>();
  const standardEvents = new Map<number, { at: string; changes: Changes }[]>();
  for (const event of events) {
    const byEntity = event.entity === 'student' ? studentEvents : standardEvents;
    const list = byEntity.get(event.entity_id) ?? [];
    list.push({ at: event.at, changes: JSON.parse(event.changes) as Changes });
    byEntity.set(event.entity_id, list);
  }
  const lastAt = (list: { at: string }[] | undefined) => latest(...(list ?? []).map((e) => e.at));

  // Standards gone since: their class, and the enrollments of their teachers.
  const tombstones = await readTombstones(db, since);
  const goneStandardIds = [
    ...new Set([
      ...[...standardEvents.keys()].filter((id) => !liveStandards.has(id)),
      ...tombstones.filter((stone) => stone.kind === 'standard').map((stone) => stone.entity_id),
    ]),
  ];
  const binnedStandards = await standardsInAnyState(db, goneStandardIds);
  const standardTombstones = await readTombstonesOf(db, 'standard', goneStandardIds);
  const goneStandards = new Map<
    number,
    { sourcedId: string; grade: number; year: string; at: string }
  >();
  for (const row of binnedStandards) {
    goneStandards.set(row.id, {
      sourcedId: row.sourced_id,
      grade: row.grade_level,
      year: row.academic_year,
      at: latest(lastAt(standardEvents.get(row.id)), row.deleted_at),
    });
  }
  for (const stone of standardTombstones) {
    goneStandards.set(stone.entity_id, {
      sourcedId: stone.sourced_id,
      grade: stone.grade_level ?? 0,
      year: stone.academic_year ?? '',
      at: latest(lastAt(standardEvents.get(stone.entity_id)), stone.removed_at),
    });
  }
  const standardSourcedId = new Map<number, string>([
    ...[...liveStandards].map(([id, standard]): [number, string] => [id, standard.sourced_id]),
    ...[...goneStandards].map(([id, standard]): [number, string] => [id, standard.sourcedId]),
  ]);
  for (const standard of goneStandards.values()) {
    deleted.push(
      gone(
        'class',
        {
          sourcedId: standard.sourcedId,
          status: 'tobedeleted',
          dateLastModified: standard.at,
          title: '',
          classCode: '',
          classType: 'homeroom',
          location: '',
          grades: [],
          subjects: [],
          course: ref('course', ids.course(standard.grade)),
          school,
          terms: [ref('academicSession', ids.session(standard.year))],
        },
        [],
      ),
    );
  }

  // Sessions and courses no live standard has any more.
  const liveYears = new Set(sources.standards.map((standard) => standard.academic_year));
  const liveGrades = new Set(sources.standards.map((standard) => standard.grade_level));
  const formerYears = new Map<string, string>();
  const formerGrades = new Map<number, string>();
  const remember = <Key>(map: Map<Key, string>, key: Key, at: string) =>
    map.set(key, latest(map.get(key), at));
  for (const standard of goneStandards.values()) {
    remember(formerYears, standard.year, standard.at);
    remember(formerGrades, standard.grade, standard.at);
  }
  for (const list of standardEvents.values()) {
    for (const { at, changes } of list) {
      const year = changes['academic_year']?.from;
      const grade = changes['grade_level']?.from;
      if (typeof year === 'string') remember(formerYears, year, at);
      if (typeof grade === 'number') remember(formerGrades, grade, at);
    }
  }
  for (const [year, at] of formerYears) {
    if (year && !liveYears.has(year)) {
      deleted.push(
        gone('academicSession', sessionRecord(ids.session(year), year, 'tobedeleted', at), []),
      );
    }
  }
  for (const [grade, at] of formerGrades) {
    if (grade > 0 && !liveGrades.has(grade)) {
      deleted.push(
        gone('course', courseRecord(ids.course(grade), grade, 'tobedeleted', at, school), []),
      );
    }
  }

  // Teachers taken off a class, or whose class went: their enrollment, and the teacher when
  // they teach no class any more.
  const teaching = new Set(sources.teacherLinks.map((link) => link.user_sourced_id));
  const liveLinks = new Set(
    sources.teacherLinks.map((link) => `${link.standard_id}/${link.user_id}`),
  );
  const ended = await teacherLinksEndedOrOf(db, since, [...goneStandards.keys()]);
  const formerTeachers = new Map<string, string>();
  for (const link of ended) {
    const classId = standardSourcedId.get(link.standard_id);
    const standardGone = goneStandards.get(link.standard_id);
    if (!classId || (!standardGone && liveLinks.has(`${link.standard_id}/${link.user_id}`)))
      continue;
    const at = latest(link.removed_at, standardGone?.at);
    deleted.push(
      gone(
        'enrollment',
        enrollmentRecord(ids, ref, school, {
          classId,
          userId: link.user_sourced_id,
          role: 'teacher',
          primary: false,
          status: 'tobedeleted',
          modified: at,
        }),
        [],
      ),
    );
    if (!teaching.has(link.user_sourced_id)) remember(formerTeachers, link.user_sourced_id, at);
  }
  for (const [sourcedId, at] of formerTeachers) {
    deleted.push(gone('user', goneUser(sourcedId, at, 'teacher', org, ref), []));
  }

  // Students changed since: gone (the bin, or purged), moved to another class, or left.
  const changedIds = [...studentEvents.keys()];
  const goneIds = changedIds.filter((id) => !liveStudents.has(id));
  const studentTombstones = [
    ...(await readTombstonesOf(db, 'student', goneIds)),
    ...tombstones.filter((stone) => stone.kind === 'student' && !liveStudents.has(stone.entity_id)),
  ];
  const binnedStudents = (await studentsWithStandardInAnyState(db, goneIds)).filter(
    (row) => row.deleted_at !== null,
  );
  const goneStudents = new Map<number, { sourcedId: string; classId: string | null; at: string }>();
  for (const row of binnedStudents) {
    goneStudents.set(row.id, {
      sourcedId: row.sourced_id,
      classId: row.standard_sourced_id,
      at: latest(lastAt(studentEvents.get(row.id)), row.deleted_at),
    });
  }
  for (const stone of studentTombstones) {
    goneStudents.set(stone.entity_id, {
      sourcedId: stone.sourced_id,
      classId: stone.class_sourced_id,
      at: latest(lastAt(studentEvents.get(stone.entity_id)), stone.removed_at),
    });
  }
  const guardiansOfGone = await readGuardianIdsOf(db, [...goneStudents.keys()]);
  for (const [studentId, student] of goneStudents) {
    deleted.push(
      gone('user', goneUser(student.sourcedId, student.at, 'student', org, ref), [studentId]),
    );
    deleted.push(
      gone(
        'demographics',
        {
          sourcedId: student.sourcedId,
          status: 'tobedeleted',
          dateLastModified: student.at,
          birthDate: '',
        },
        [studentId],
      ),
    );
    if (student.classId) {
      deleted.push(
        gone(
          'enrollment',
          enrollmentRecord(ids, ref, school, {
            classId: student.classId,
            userId: student.sourcedId,
            role: 'student',
            primary: false,
            status: 'tobedeleted',
            modified: student.at,
          }),
          [studentId],
        ),
      );
    }
    for (const guardian of guardiansOfGone.filter((row) => row.student_id === studentId)) {
      deleted.push(
        gone('user', goneUser(guardian.sourced_id, student.at, 'guardian', org, ref), [studentId]),
      );
    }
  }
  for (const [studentId, list] of studentEvents) {
    const student = liveStudents.get(studentId);
    if (!student) continue;
    const formerClasses = new Set<number>();
    for (const { changes } of list) {
      const from = changes['standard']?.from;
      if (typeof from === 'number') formerClasses.add(from);
      if (changes['status'] !== undefined) formerClasses.add(student.standard_id);
    }
    if (student.status === 'active') formerClasses.delete(student.standard_id);
    for (const standardId of formerClasses) {
      const classId =
        standardSourcedId.get(standardId) ?? (await sourcedIdOfStandard(db, standardId));
      if (!classId) continue;
      deleted.push(
        gone(
          'enrollment',
          enrollmentRecord(ids, ref, school, {
            classId,
            userId: student.sourced_id,
            role: 'student',
            primary: false,
            status: 'tobedeleted',
            modified: lastAt(list),
          }),
          [studentId],
        ),
      );
    }
  }

  // Guardians taken off a student who is still here.
  const guardianIds = new Set(sources.guardians.map((guardian) => guardian.sourced_id));
  for (const guardian of await readRemovedGuardians(db, since)) {
    if (!liveStudents.has(guardian.student_id) || guardianIds.has(guardian.sourced_id)) continue;
    deleted.push(
      gone(
        'user',
        goneUser(guardian.sourced_id, guardian.removed_at ?? since, 'guardian', org, ref),
        [guardian.student_id],
      ),
    );
  }

  const changed = entriesOf(roster).filter((entry) => entry.record.dateLastModified > since);
  // A record both here now and gone since (restored, moved back) is here: it is sent active.
  const present = new Set(
    entriesOf(roster).map((entry) => `${entry.kind}/${entry.record.sourcedId}`),
  );
  const seen = new Set<string>();
  const deletions = deleted.filter((entry) => {
    const key = `${entry.kind}/${entry.record.sourcedId}`;
    if (present.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { since, changed, deleted: deletions };
}

async function sourcedIdOfStandard(db: Executor, id: number): Promise<string | undefined> {
  const [row] = await standardsInAnyState(db, [id]);
  return row?.sourced_id;
}

/** The sourcedIds a record refers to. */
export function referencesOf(entry: Entry): string[] {
  const record = entry.record as unknown as Record<string, unknown>;
  const refs: string[] = [];
  for (const value of Object.values(record)) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item && typeof item === 'object') {
        const object = item as { sourcedId?: unknown; org?: { sourcedId?: unknown } };
        if (typeof object.sourcedId === 'string') refs.push(object.sourcedId);
        if (typeof object.org?.sourcedId === 'string') refs.push(object.org.sourcedId);
      }
    }
  }
  // A student's demographics are the user's.
  if (entry.kind === 'demographics') refs.push(entry.record.sourcedId);
  return refs;
}

/**
 * A delta as a zip carries it: what changed and what went, and every record of the roster
 * they refer to, unchanged or not, so that every reference resolves inside the zip
 * (decision 0069).
 */
export function withReferences(roster: Roster, delta: Delta): Entry[] {
  const all = entriesOf(roster);
  const byId = new Map<string, Entry[]>();
  for (const entry of all) {
    const list = byId.get(entry.record.sourcedId) ?? [];
    list.push(entry);
    byId.set(entry.record.sourcedId, list);
  }
  const included = new Set<Entry>();
  const ids = new Set<string>();
  const queue: Entry[] = [];
  const add = (entry: Entry) => {
    if (included.has(entry)) return;
    included.add(entry);
    ids.add(entry.record.sourcedId);
    queue.push(entry);
  };
  delta.changed.forEach(add);
  delta.deleted.forEach(add);
  while (queue.length > 0) {
    const entry = queue.shift()!;
    for (const id of referencesOf(entry)) {
      if (ids.has(id) && entry.kind !== 'demographics') continue;
      for (const target of byId.get(id) ?? []) {
        if (target.kind !== 'demographics') add(target);
      }
    }
  }
  return [...included];
}
