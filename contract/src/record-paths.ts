/**
 * The paths of the history, the bin, the import, export and count of students (DESIGN.md 6): an
 * object of their own, because the app's entry carries `apiPaths` whole and the login page, which
 * has a size budget, needs none of these. It is a module of its own too: the entry holds
 * paths.ts, and an export of a module in the entry stays in the entry once any lazy screen
 * imports it.
 */
export const recordPaths = {
  studentsCount: '/management/students/count/',
  studentsExport: '/management/students/export/',
  studentsImport: '/management/students/import/',
  importUndo: '/management/imports/:import_id/undo/',
  studentHistory: '/management/students/:id/history/',
  standardHistory: '/management/standard/:id/history/',
  deleted: '/management/deleted/',
  restoreStudent: '/management/deleted/student/:id/restore/',
  restoreStandard: '/management/deleted/standard/:id/restore/',
} as const;
