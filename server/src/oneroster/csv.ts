import { stringify } from 'csv-stringify/sync';
import type { OneRosterRecord } from '@um/contract';
import type { SchoolIds } from './ids.js';
import type { Demographics, Entry, RecordKind } from './roster.js';

/**
 * The CSV binding of OneRoster 1.2 (1.2.1's corrected headers): each file's columns in the
 * spec's order, and how each record becomes a row. Values are written as they are, without the
 * spreadsheet export's formula guard: a OneRoster consumer imports them as data, and a `'`
 * before a phone number's `+` would change it (decision 0069).
 */

export const headers = {
  'orgs.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'name',
    'type',
    'identifier',
    'parentSourcedId',
  ],
  'academicSessions.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'type',
    'startDate',
    'endDate',
    'parentSourcedId',
    'schoolYear',
  ],
  'courses.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'schoolYearSourcedId',
    'title',
    'courseCode',
    'grades',
    'orgSourcedId',
    'subjects',
    'subjectCodes',
  ],
  'classes.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  'users.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
    'userMasterIdentifier',
    'preferredGivenName',
    'preferredMiddleName',
    'preferredFamilyName',
    'primaryOrgSourcedId',
    'pronouns',
  ],
  'roles.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'userSourcedId',
    'roleType',
    'role',
    'beginDate',
    'endDate',
    'orgSourcedId',
    'userProfileSourcedId',
  ],
  'enrollments.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'classSourcedId',
    'schoolSourcedId',
    'userSourcedId',
    'role',
    'primary',
    'beginDate',
    'endDate',
  ],
  'demographics.csv': [
    'sourcedId',
    'status',
    'dateLastModified',
    'birthDate',
    'sex',
    'americanIndianOrAlaskaNative',
    'asian',
    'blackOrAfricanAmerican',
    'nativeHawaiianOrOtherPacificIslander',
    'white',
    'demographicRaceTwoOrMoreRaces',
    'hispanicOrLatinoEthnicity',
    'countryOfBirthCode',
    'stateOfBirthAbbreviation',
    'cityOfBirth',
    'publicSchoolResidenceStatus',
  ],
} as const;

export type DataFile = keyof typeof headers;

/** The data files of the CSV binding this export leaves out: the manifest says `absent`. */
const ABSENT_FILES = [
  'categories',
  'classResources',
  'courseResources',
  'lineItemLearningObjectiveIds',
  'lineItems',
  'lineItemScoreScales',
  'resources',
  'resultLearningObjectiveIds',
  'results',
  'resultScoreScales',
  'scoreScales',
  'userProfiles',
  'userResources',
] as const;

/** Which file a kind of record goes to. */
const fileOf: Record<RecordKind, DataFile> = {
  org: 'orgs.csv',
  academicSession: 'academicSessions.csv',
  course: 'courses.csv',
  class: 'classes.csv',
  user: 'users.csv',
  enrollment: 'enrollments.csv',
  demographics: 'demographics.csv',
};

const list = (values: readonly string[]) => values.join(',');

type Mode = 'bulk' | 'delta';

/**
 * A row's first three cells: a bulk file leaves status and dateLastModified blank, a delta
 * file fills both (CSV binding, 2.1).
 */
const lead = (
  record: { sourcedId: string; status: string; dateLastModified: string },
  mode: Mode,
) =>
  mode === 'bulk'
    ? [record.sourcedId, '', '']
    : [record.sourcedId, record.status, record.dateLastModified];

function rowOf(entry: Entry, mode: Mode): string[] {
  switch (entry.kind) {
    case 'org': {
      const org = entry.record as OneRosterRecord<'org'>;
      return [...lead(org, mode), org.name, org.type, org.identifier, ''];
    }
    case 'academicSession': {
      const session = entry.record as OneRosterRecord<'academicSession'>;
      return [
        ...lead(session, mode),
        session.title,
        session.type,
        session.startDate,
        session.endDate,
        '',
        session.schoolYear,
      ];
    }
    case 'course': {
      const course = entry.record as OneRosterRecord<'course'>;
      return [
        ...lead(course, mode),
        '',
        course.title,
        course.courseCode,
        list(course.grades),
        course.org.sourcedId,
        list(course.subjects),
        '',
      ];
    }
    case 'class': {
      const item = entry.record as OneRosterRecord<'class'>;
      return [
        ...lead(item, mode),
        item.title,
        list(item.grades),
        item.course.sourcedId,
        item.classCode,
        item.classType,
        item.location,
        item.school.sourcedId,
        list(item.terms.map((term) => term.sourcedId)),
        list(item.subjects),
        '',
        '',
      ];
    }
    case 'user': {
      const user = entry.record as OneRosterRecord<'user'>;
      return [
        ...lead(user, mode),
        user.enabledUser,
        user.username,
        list(user.userIds.map((id) => `{${id.type}:${id.identifier}}`)),
        user.givenName,
        user.familyName,
        user.middleName,
        user.identifier,
        user.email,
        user.sms,
        user.phone,
        list(user.agents.map((agent) => agent.sourcedId)),
        list(user.grades),
        '',
        user.userMasterIdentifier,
        '',
        '',
        '',
        user.primaryOrg.sourcedId,
        '',
      ];
    }
    case 'enrollment': {
      const enrollment = entry.record as OneRosterRecord<'enrollment'>;
      return [
        ...lead(enrollment, mode),
        enrollment.class.sourcedId,
        enrollment.school.sourcedId,
        enrollment.user.sourcedId,
        enrollment.role,
        enrollment.primary,
        enrollment.beginDate,
        enrollment.endDate,
      ];
    }
    case 'demographics': {
      const demographics = entry.record as Demographics;
      return [...lead(demographics, mode), demographics.birthDate, ...Array<string>(12).fill('')];
    }
  }
}

/** roles.csv: a user's roles, each a row of its own, named by the user and the role. */
function roleRows(entry: Entry<'user'>, mode: Mode, ids: SchoolIds): string[][] {
  const user = entry.record;
  return user.roles.map((role) => [
    ...lead({ ...user, sourcedId: ids.role(user.sourcedId) }, mode),
    user.sourcedId,
    role.roleType,
    role.role,
    '',
    '',
    role.org.sourcedId,
    '',
  ]);
}

/** One RFC 4180 record per row, CRLF after each; a cell with a line break is quoted. */
export const csvText = (rows: readonly (readonly string[])[]) =>
  stringify(rows as string[][], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

/** Every file of the zip, in the order the CSV binding lists them, with their rows. */
export function csvFiles(
  entries: readonly Entry[],
  mode: Mode,
  ids: SchoolIds,
): { name: string; text: string }[] {
  const rows = new Map<DataFile, string[][]>(
    Object.keys(headers).map((name) => [name as DataFile, []]),
  );
  for (const entry of entries) {
    rows.get(fileOf[entry.kind])!.push(rowOf(entry, mode));
    if (entry.kind === 'user')
      rows.get('roles.csv')!.push(...roleRows(entry as Entry<'user'>, mode, ids));
  }
  const manifest = [
    ['propertyName', 'value'],
    ['manifest.version', '1.0'],
    ['oneroster.version', '1.2'],
    ...Object.keys(headers).map((name) => [`file.${name.replace(/\.csv$/, '')}`, mode]),
    ...ABSENT_FILES.map((name) => [`file.${name}`, 'absent']),
    ['source.systemName', 'User Management'],
  ];
  return [
    { name: 'manifest.csv', text: csvText(manifest) },
    ...[...rows].map(([name, fileRows]) => ({
      name,
      text: csvText([[...headers[name]], ...fileRows]),
    })),
  ];
}
