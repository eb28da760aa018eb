import { isDeepStrictEqual } from 'node:util';
import {
  ONEROSTER_BASE_PATH,
  type GuidRef,
  type OneRosterRecord,
  type OneRosterRecordKind,
} from '@um/contract';
import type { Executor } from '../db/database.js';
import { readSchool } from '../repositories/oneroster.js';
import { schoolIds, type SchoolIds } from './ids.js';
import { liveStandardsWithLastEvent, liveTeacherLinks } from '../repositories/standards.js';
import { guardiansOfLiveStudents, liveStudentsWithStandard } from '../repositories/students.js';
import type { GuardianSource, StandardSource, StudentSource, TeacherLinkSource } from './source.js';

/**
 * The school's rosters as OneRoster 1.2 records, made once per export or API request from the
 * tables (docs/oneroster.md has the mapping field by field). The zip and the REST API write the
 * same records, so they cannot disagree.
 */

/** demographics.csv's record, which the REST API of this server does not serve. */
export interface Demographics {
  sourcedId: string;
  status: 'active' | 'tobedeleted';
  dateLastModified: string;
  birthDate: string;
}

export type RecordKind = OneRosterRecordKind | 'demographics';
export type RecordOf<Kind extends RecordKind> = Kind extends OneRosterRecordKind
  ? OneRosterRecord<Kind>
  : Demographics;

/** One record, and the students whose data it holds (for the access log). */
export interface Entry<Kind extends RecordKind = RecordKind> {
  kind: Kind;
  record: RecordOf<Kind>;
  students: readonly number[];
}

export interface Roster {
  ids: SchoolIds;
  school: string;
  /** The rows it was made of, for a delta to compare with. */
  sources: Sources;
  orgs: Entry<'org'>[];
  academicSessions: Entry<'academicSession'>[];
  courses: Entry<'course'>[];
  classes: Entry<'class'>[];
  users: Entry<'user'>[];
  enrollments: Entry<'enrollment'>[];
  demographics: Entry<'demographics'>[];
}

/** What a roster is made with besides the tables. */
export interface RosterSettings {
  /** The public origin (APP_URL): every reference's `href` is a URL of this server's API. */
  appUrl: string;
  /** SCHOOL_NAME, or null. */
  schoolName: string | null;
}

const collections = {
  org: 'orgs',
  academicSession: 'academicSessions',
  course: 'courses',
  class: 'classes',
  user: 'users',
  enrollment: 'enrollments',
} as const;

/** The most recent of some ISO times (all written the same way, so they compare as text). */
export const latest = (...times: (string | null | undefined)[]): string =>
  times.reduce<string>((max, time) => (time && time > max ? time : max), '');

/** A grade level (1 to 12) as CEDS writes it: 01 to 12. */
export const gradeCode = (level: number) => String(level).padStart(2, '0');

/**
 * A person's one name as OneRoster's two: the last word is the family name, the words before it
 * the given name; a name of one word is both.
 */
export function splitName(name: string): { givenName: string; familyName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return { givenName: words[0] ?? '', familyName: words[0] ?? '' };
  return { givenName: words.slice(0, -1).join(' '), familyName: words.at(-1)! };
}

const PARENTS = /^(mother|father|parent|mom|mum|dad|mama|papa)$/i;

/** A guardian's OneRoster role: `parent` for a mother, father or parent, `guardian` otherwise. */
export const guardianRole = (relation: string) =>
  PARENTS.test(relation.trim()) ? 'parent' : 'guardian';

export function referenceMaker(appUrl: string) {
  const origin = new URL(appUrl).origin;
  return <Kind extends keyof typeof collections>(type: Kind, sourcedId: string): GuidRef => ({
    href: `${origin}${ONEROSTER_BASE_PATH}/${collections[type]}/${sourcedId}`,
    sourcedId,
    type,
  });
}

export interface Sources {
  school: { sourced_id: string; name: string; updated_at: string };
  standards: StandardSource[];
  students: StudentSource[];
  guardians: GuardianSource[];
  teacherLinks: TeacherLinkSource[];
}

/** Reads the tables the roster is made of; each read is one query. */
export async function readSources(db: Executor, settings: RosterSettings): Promise<Sources> {
  return {
    school: await readSchool(db, settings.schoolName ?? 'School'),
    standards: await liveStandardsWithLastEvent(db),
    students: await liveStudentsWithStandard(db),
    guardians: await guardiansOfLiveStudents(db),
    teacherLinks: await liveTeacherLinks(db),
  };
}

export async function readRoster(db: Executor, settings: RosterSettings): Promise<Roster> {
  return makeRoster(await readSources(db, settings), settings);
}

/**
 * How long a roster is kept after the last request that read it: a system reading page after
 * page asks again within a second; one that has finished leaves the memory to the rest.
 */
const ROSTER_KEEP_MS = 60_000;

/**
 * `readRoster` for a system that reads the roster a page at a time: the tables are read for every
 * call, so no answer is older than its request, but the roster is made again only when what was
 * read differs from the last call's. Making it is most of a page's cost, and between two pages
 * the tables are almost always as they were (docs/oneroster.md, "The REST API"). A roster is
 * read by its callers, never changed, so one can serve many requests.
 */
export function rosterReader(settings: RosterSettings, keepMs = ROSTER_KEEP_MS) {
  let last: { sources: Sources; roster: Roster } | undefined;
  let forget: NodeJS.Timeout | undefined;
  return async (db: Executor): Promise<Roster> => {
    const sources = await readSources(db, settings);
    const roster =
      last && isDeepStrictEqual(last.sources, sources)
        ? last.roster
        : makeRoster(sources, settings);
    last = { sources, roster };
    clearTimeout(forget);
    forget = setTimeout(() => (last = undefined), keepMs).unref();
    return roster;
  };
}

/** The records of every live row: what a bulk export and the REST API give. */
export function makeRoster(sources: Sources, settings: RosterSettings): Roster {
  const ids = schoolIds(sources.school.sourced_id);
  const ref = referenceMaker(settings.appUrl);
  const school = sources.school.sourced_id;
  const schoolRef = ref('org', school);
  const active = 'active' as const;

  const orgs: Entry<'org'>[] = [
    {
      kind: 'org',
      students: [],
      record: {
        sourcedId: school,
        status: active,
        dateLastModified: sources.school.updated_at,
        name: sources.school.name,
        type: 'school',
        identifier: '',
      },
    },
  ];

  // A session per academic year and a course per grade level that live standards have, dated
  // by the first of them.
  const years = new Map<string, string>();
  const grades = new Map<number, string>();
  for (const standard of sources.standards) {
    const year = years.get(standard.academic_year);
    if (!year || standard.created_at < year) years.set(standard.academic_year, standard.created_at);
    const grade = grades.get(standard.grade_level);
    if (!grade || standard.created_at < grade)
      grades.set(standard.grade_level, standard.created_at);
  }
  const academicSessions = [...years]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([year, since]): Entry<'academicSession'> => ({
      kind: 'academicSession',
      students: [],
      record: sessionRecord(ids.session(year), year, active, since),
    }));
  const courses = [...grades]
    .sort(([a], [b]) => a - b)
    .map(([level, since]): Entry<'course'> => ({
      kind: 'course',
      students: [],
      record: courseRecord(ids.course(level), level, active, since, schoolRef),
    }));

  const standards = new Map(sources.standards.map((standard) => [standard.id, standard]));
  const classModified = (standard: StandardSource) =>
    latest(standard.updated_at, standard.last_event_at);
  const classes = sources.standards.map((standard): Entry<'class'> => ({
    kind: 'class',
    students: [],
    record: {
      sourcedId: standard.sourced_id,
      status: active,
      dateLastModified: classModified(standard),
      title: standard.name,
      classCode: standard.name,
      classType: 'homeroom',
      location: '',
      grades: [gradeCode(standard.grade_level)],
      subjects: [],
      course: ref('course', ids.course(standard.grade_level)),
      school: schoolRef,
      terms: [ref('academicSession', ids.session(standard.academic_year))],
    },
  }));

  const guardiansOf = new Map<number, GuardianSource[]>();
  for (const guardian of sources.guardians) {
    const list = guardiansOf.get(guardian.student_id) ?? [];
    list.push(guardian);
    guardiansOf.set(guardian.student_id, list);
  }

  const users: Entry<'user'>[] = [];
  const enrollments: Entry<'enrollment'>[] = [];
  const demographics: Entry<'demographics'>[] = [];
  for (const student of sources.students) {
    const modified = studentModified(student);
    const guardians = guardiansOf.get(student.id) ?? [];
    const enabled = student.status === 'active';
    users.push({
      kind: 'user',
      students: [student.id],
      record: studentUser(student, modified, guardians, ref, schoolRef),
    });
    demographics.push({
      kind: 'demographics',
      students: [student.id],
      record: {
        sourcedId: student.sourced_id,
        status: active,
        dateLastModified: modified,
        birthDate: student.date_of_birth ?? '',
      },
    });
    for (const guardian of guardians) {
      users.push({
        kind: 'user',
        students: [student.id],
        record: guardianUser(
          guardian,
          student,
          latest(guardian.changed_at, modified),
          enabled,
          ref,
          schoolRef,
        ),
      });
    }
    const standard = standards.get(student.standard_id);
    if (enabled && standard) {
      enrollments.push({
        kind: 'enrollment',
        students: [student.id],
        record: enrollmentRecord(ids, ref, schoolRef, {
          classId: standard.sourced_id,
          userId: student.sourced_id,
          role: 'student',
          primary: false,
          status: active,
          modified,
        }),
      });
    }
  }

  const teachers = new Map<number, { link: TeacherLinkSource; modified: string }>();
  for (const link of sources.teacherLinks) {
    const standard = standards.get(link.standard_id);
    if (!standard) continue;
    const known = teachers.get(link.user_id);
    teachers.set(link.user_id, {
      link,
      modified: latest(known?.modified, link.updated_at, link.added_at),
    });
    enrollments.push({
      kind: 'enrollment',
      students: [],
      record: enrollmentRecord(ids, ref, schoolRef, {
        classId: standard.sourced_id,
        userId: link.user_sourced_id,
        role: 'teacher',
        primary: link.position === 0,
        status: active,
        modified: latest(link.added_at, classModified(standard)),
      }),
    });
  }
  for (const { link, modified } of teachers.values()) {
    users.push({
      kind: 'user',
      students: [],
      record: teacherUser(link, modified, schoolRef),
    });
  }

  return {
    ids,
    school,
    sources,
    orgs,
    academicSessions,
    courses,
    classes,
    users,
    enrollments,
    demographics,
  };
}

export const studentModified = (student: Pick<StudentSource, 'updated_at' | 'last_event_at'>) =>
  latest(student.updated_at, student.last_event_at);

export function sessionRecord(
  sourcedId: string,
  year: string,
  status: 'active' | 'tobedeleted',
  modified: string,
): OneRosterRecord<'academicSession'> {
  return {
    sourcedId,
    status,
    dateLastModified: modified,
    title: year,
    type: 'schoolYear',
    // The app's academic year is a calendar year (docs/product.md, "What stays fixed").
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    schoolYear: year,
  };
}

export function courseRecord(
  sourcedId: string,
  level: number,
  status: 'active' | 'tobedeleted',
  modified: string,
  org: GuidRef,
): OneRosterRecord<'course'> {
  return {
    sourcedId,
    status,
    dateLastModified: modified,
    title: `Grade ${level}`,
    courseCode: gradeCode(level),
    grades: [gradeCode(level)],
    subjects: [],
    org,
  };
}

type Ref = ReturnType<typeof referenceMaker>;

function roleOf(role: string, org: GuidRef) {
  return [{ roleType: 'primary', role, org }];
}

function studentUser(
  student: StudentSource,
  modified: string,
  guardians: readonly GuardianSource[],
  ref: Ref,
  org: GuidRef,
): OneRosterRecord<'user'> {
  return {
    sourcedId: student.sourced_id,
    status: 'active',
    dateLastModified: modified,
    userMasterIdentifier: '',
    username: student.email || student.sourced_id,
    userIds: [],
    enabledUser: student.status === 'active' ? 'true' : 'false',
    ...splitName(student.name),
    middleName: '',
    roles: roleOf('student', org),
    primaryOrg: org,
    identifier: student.admission_number,
    email: student.email,
    sms: '',
    phone: student.phone_number,
    agents: guardians.map((guardian) => ref('user', guardian.sourced_id)),
    grades: [gradeCode(student.grade_level)],
  };
}

function guardianUser(
  guardian: GuardianSource,
  student: StudentSource,
  modified: string,
  enabled: boolean,
  ref: Ref,
  org: GuidRef,
): OneRosterRecord<'user'> {
  return {
    sourcedId: guardian.sourced_id,
    status: 'active',
    dateLastModified: modified,
    userMasterIdentifier: '',
    username: guardian.email || guardian.sourced_id,
    userIds: [],
    enabledUser: enabled ? 'true' : 'false',
    ...splitName(guardian.name),
    middleName: '',
    roles: roleOf(guardianRole(guardian.relation), org),
    primaryOrg: org,
    identifier: '',
    email: guardian.email,
    sms: '',
    phone: guardian.phone,
    agents: [ref('user', student.sourced_id)],
    grades: [],
  };
}

function teacherUser(
  link: TeacherLinkSource,
  modified: string,
  org: GuidRef,
): OneRosterRecord<'user'> {
  return {
    sourcedId: link.user_sourced_id,
    status: 'active',
    dateLastModified: modified,
    userMasterIdentifier: '',
    username: link.email,
    userIds: [],
    enabledUser: link.status === 'active' ? 'true' : 'false',
    ...splitName(link.name || link.email),
    middleName: '',
    roles: roleOf('teacher', org),
    primaryOrg: org,
    identifier: '',
    email: link.email,
    sms: '',
    phone: '',
    agents: [],
    grades: [],
  };
}

export function enrollmentRecord(
  ids: SchoolIds,
  ref: Ref,
  school: GuidRef,
  enrollment: {
    classId: string;
    userId: string;
    role: 'student' | 'teacher';
    primary: boolean;
    status: 'active' | 'tobedeleted';
    modified: string;
  },
): OneRosterRecord<'enrollment'> {
  return {
    sourcedId: ids.enrollment(enrollment.classId, enrollment.userId),
    status: enrollment.status,
    dateLastModified: enrollment.modified,
    user: ref('user', enrollment.userId),
    class: ref('class', enrollment.classId),
    school,
    role: enrollment.role,
    primary: enrollment.primary ? 'true' : 'false',
    beginDate: '',
    endDate: '',
  };
}

/** Every entry of a roster, file by file. */
export function entriesOf(roster: Omit<Roster, 'ids' | 'school' | 'sources'>): Entry[] {
  return [
    ...roster.orgs,
    ...roster.academicSessions,
    ...roster.courses,
    ...roster.classes,
    ...roster.users,
    ...roster.enrollments,
    ...roster.demographics,
  ];
}
