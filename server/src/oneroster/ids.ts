import { createHash } from 'node:crypto';

/**
 * The sourcedIds no table keeps (docs/oneroster.md, "Stable sourcedIds"): an academic year's
 * session, a grade's course, an enrollment and a role are each named by what they are made of,
 * as an RFC 9562 version 5 UUID under the school's own random UUID. The same year, grade,
 * class and person give the same id in every export, for as long as the school's UUID stands.
 */
export function derivedId(namespace: string, name: string): string {
  const space = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  if (space.length !== 16) throw new Error('The namespace of a derived id is a UUID.');
  const bytes = createHash('sha1').update(space).update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The derived ids of one school. */
export function schoolIds(school: string) {
  return {
    session: (year: string) => derivedId(school, `academicSession/${year}`),
    course: (gradeLevel: number) => derivedId(school, `course/${gradeLevel}`),
    enrollment: (classId: string, userId: string) =>
      derivedId(school, `enrollment/${classId}/${userId}`),
    role: (userId: string) => derivedId(school, `role/${userId}`),
  };
}

export type SchoolIds = ReturnType<typeof schoolIds>;
