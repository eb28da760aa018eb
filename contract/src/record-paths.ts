import type { apiPaths } from './paths.js';
import type { secondStepPaths } from './second-step.js';
import type { staffPaths } from './staff.js';
import type { rosterPaths } from './oneroster.js';

// What the signed-in screens need of the paths and the app's entry does not: the paths of the
// history, the bin, and the import, export and count of students, and `buildPath`. A module
// apart from paths.ts, because the entry holds paths.ts, and an export of a module in the entry
// stays in the entry (so on the login page, which has a size budget) once any lazy screen
// imports it. One module rather than two, as the entry lists every chunk's name.

/**
 * The paths of the history, the bin (with the erasure of a student in it), the import, export
 * and count of students (docs/api.md).
 */
export const recordPaths = {
  studentsCount: '/management/students/count/',
  studentsExport: '/management/students/export/',
  studentsImport: '/management/students/import/',
  importUndo: '/management/imports/:import_id/undo/',
  messageRestore: '/api/message/:id/restore/',
  studentsBulk: '/management/students/bulk/',
  batches: '/management/batches/',
  batchUndo: '/management/batches/:batch_id/undo/',
  yearEnd: '/management/year-end/',
  lastImport: '/management/imports/last/',
  studentHistory: '/management/students/:id/history/',
  standardHistory: '/management/standard/:id/history/',
  deleted: '/management/deleted/',
  restoreStudent: '/management/deleted/student/:id/restore/',
  restoreStandard: '/management/deleted/standard/:id/restore/',
  eraseStudent: '/management/deleted/student/:id/',
  /** Who may be chosen as a standard's teacher. */
  teacherChoices: '/management/teachers/',
} as const;

export type ApiPath =
  | (typeof apiPaths)[keyof typeof apiPaths]
  | (typeof recordPaths)[keyof typeof recordPaths]
  | (typeof staffPaths)[keyof typeof staffPaths]
  | (typeof rosterPaths)[keyof typeof rosterPaths]
  | (typeof secondStepPaths)[keyof typeof secondStepPaths];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

/** Fills a pattern's `:params`, encoding each value, so no caller concatenates paths by hand. */
export function buildPath<P extends ApiPath>(pattern: P, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
