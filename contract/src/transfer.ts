import { z } from 'zod';
import { studentFieldLabels } from './students.js';

/**
 * Import and export of students as CSV (DESIGN.md 6): the columns, in the order an export
 * writes them. `standard` is the standard's name (an import also takes its id).
 */
export const studentCsvColumns = [
  'name',
  'email',
  'roll_number',
  'standard',
  'phone_number',
  'address',
] as const;

export type StudentCsvColumn = (typeof studentCsvColumns)[number];

/** The columns an import's header must name; the others may be left out. */
export const requiredStudentCsvColumns: readonly StudentCsvColumn[] = [
  'name',
  'email',
  'roll_number',
  'standard',
];

/**
 * A header cell as an import reads it: trimmed, lower-cased, spaces and hyphens as underscores,
 * so "Roll Number" names `roll_number`. The web screen matches a spreadsheet's headings to the
 * columns by the same rule before it looks at their usual variants.
 */
export const normaliseCsvHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const importQuerySchema = z.strictObject({
  dry_run: z
    .enum(['true', 'false'], { error: 'dry_run must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});

/** One wrong cell (or row) of a file; `row` counts the header as row 1. */
export const importErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});

export const importResultSchema = z.object({
  import_id: z.string(),
  dry_run: z.boolean(),
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(importErrorSchema),
});

export const importResponseSchema = z.object({ data: importResultSchema });

export const importUndoParamsSchema = z.strictObject({
  import_id: z.uuid({ error: 'The import id is not valid.' }),
});

/** What an undo reverted: students it had created (now in the bin) and ones it had updated. */
export const importUndoResultSchema = z.object({
  import_id: z.string(),
  removed: z.number().int(),
  reverted: z.number().int(),
});

export const importUndoResponseSchema = z.object({ data: importUndoResultSchema });

export type ImportError = z.infer<typeof importErrorSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;

const list = (names: readonly string[]) => names.join(', ');

/** What a person reads about a file the import cannot take, or a row of it. */
export const importTexts = {
  exportButton: 'Export CSV',
  exportFailed: 'Failed to export students. Please try again.',
  notCsv: 'Send the file as text/csv.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  notUtf8: 'The file is not UTF-8 text. Save it from the spreadsheet as "CSV UTF-8" and try again.',
  empty: `The file is empty. Its first row must name the columns: ${list(studentCsvColumns)}.`,
  notCsvText: (reason: string) => `The file is not valid CSV: ${reason}`,
  unknownColumns: (names: readonly string[]) =>
    `Unknown column${names.length > 1 ? 's' : ''}: ${list(names)}. The columns are: ${list(studentCsvColumns)}.`,
  missingColumns: (names: readonly string[]) =>
    `Missing column${names.length > 1 ? 's' : ''}: ${list(names)}. The first row must name the columns.`,
  repeatedColumns: (names: readonly string[]) =>
    `Column${names.length > 1 ? 's' : ''} named twice: ${list(names)}.`,
  cellCount: (found: number, expected: number) =>
    `This row has ${found} cells; the header has ${expected}.`,
  standardNotFound: (value: string) =>
    `There is no standard "${value}". Write a standard's name or id as it appears on the Standards page.`,
  standardAmbiguous: (value: string) =>
    `Several standards are named "${value}"; write the id of the one you mean.`,
  rollNumberRepeated: (rollNumber: string, row: number) =>
    `Roll number "${rollNumber}" is already used in row ${row} for the same standard.`,
  refused: (count: number) =>
    `Nothing was imported: ${count} row${count === 1 ? ' is' : 's are'} wrong. Fix ${count === 1 ? 'it' : 'them'} and import again.`,
  raced:
    'Another change to these students was saved while the file was being imported. Nothing was imported; try again.',
  importNotFound: 'There is no import with that id.',
  alreadyUndone: 'This import has already been undone.',
  changedSince: (count: number) =>
    `${count} student${count === 1 ? ' was' : 's were'} changed after this import, so it cannot be undone. Nothing was changed.`,
} as const;

/**
 * The web screen that imports a spreadsheet (DESIGN.md 6): choose a file, match its columns,
 * check it with a dry run, import it, undo it.
 */
export const importScreenTexts = {
  title: 'Import students',
  description:
    'Add and update students from a spreadsheet saved as CSV. Nothing is saved until you import.',
  openButton: 'Import',
  backToStudents: 'Back to students',
  stepsLabel: 'Import steps',
  steps: ['Choose a file', 'Match columns', 'Check', 'Import'],
  fileLabel: 'CSV file',
  fileHint: 'Save the spreadsheet as "CSV UTF-8". Up to 10 MB.',
  dropHere: 'Drop a CSV file here, or choose one.',
  chosenFile: (name: string) => `Chosen: ${name}`,
  reading: 'Reading the file…',
  preparing: 'Preparing the file…',
  checking: 'Checking the file…',
  importing: 'Importing…',
  readFailed: 'The file could not be read. Choose it again.',
  noRows: 'The file has a header row but no students below it.',
  rowCount: (count: number) => `${count} row${count === 1 ? '' : 's'} of students`,
  mappingHeading: 'Match the columns',
  mappingHint: 'Each column of the file goes into one field. Columns left out are not imported.',
  columnLabel: (header: string) => `Column “${header}”`,
  blankHeader: (position: number) => `(column ${position}, no heading)`,
  leaveOut: 'Leave out',
  fieldLabels: studentFieldLabels satisfies Record<StudentCsvColumn, string>,
  fieldMissing: (labels: readonly string[]) =>
    `Choose a column for ${labels.join(', ')}: every student needs one.`,
  fieldRepeated: (labels: readonly string[]) => `Only one column can go into ${labels.join(', ')}.`,
  previewHeading: 'The first rows',
  checkButton: 'Check the file',
  resultHeading: 'What the import will do',
  doneHeading: 'Imported',
  counts: { total: 'Rows', created: 'New students', updated: 'Updated', unchanged: 'Unchanged' },
  errorsHeading: (count: number) => `${count} row error${count === 1 ? '' : 's'} to fix`,
  errorColumns: { row: 'Row', field: 'Field', message: 'Problem' },
  wholeRow: 'Whole row',
  moreErrors: (count: number) => `Show more (${count} not shown)`,
  fixAndRetry:
    'Fix these rows in the spreadsheet, save it as CSV again and choose it, or change the columns above.',
  ready: 'No errors: the file can be imported.',
  importButton: (count: number) => `Import ${count} row${count === 1 ? '' : 's'}`,
  checkFailed: 'The file could not be checked.',
  importFailed: 'Nothing was imported.',
  undoButton: 'Undo this import',
  undone: (removed: number, reverted: number) =>
    `Import undone: ${removed} new student${removed === 1 ? '' : 's'} moved to Recently deleted, ${reverted} updated student${reverted === 1 ? '' : 's'} changed back.`,
  undoFailed: 'The import could not be undone.',
  importAnother: 'Import another file',
} as const;
