import { z } from 'zod';
import { isoDateTimeSchema, problemSchema, queryFlagSchema } from './common.js';
import { gradeLevelSchema, standardNameSchema } from './standards.js';
import { studentFieldLabels } from './students.js';
import { thousands } from './counting.js';

/**
 * Import and export of students as CSV (docs/api.md, "Imports"): the columns, in the order an
 * export writes them. `standard` is the standard's name (an import also takes its id).
 */
export const studentCsvColumns = [
  'name',
  'email',
  'roll_number',
  'standard',
  'phone_number',
  'address',
  'admission_number',
  'date_of_birth',
  'status',
  'guardian_name',
  'guardian_relation',
  'guardian_phone',
  'guardian_email',
] as const;

export type StudentCsvColumn = (typeof studentCsvColumns)[number];

/**
 * A father's and a mother's columns, which an import also takes (an export writes the primary
 * guardian only): each makes a guardian with that relation. The guardian_ columns, when given,
 * are the primary contact; otherwise the father, or else the mother, is.
 */
export const parentCsvColumns = {
  father: { name: 'father_name', phone: 'father_phone', email: 'father_email' },
  mother: { name: 'mother_name', phone: 'mother_phone', email: 'mother_email' },
} as const;

/** The relation each parent's columns give their guardian. */
export const parentRelations = { father: 'Father', mother: 'Mother' } as const;

/** Every column an import takes: an export's, then the parents'. */
export const importCsvColumns = [
  ...studentCsvColumns,
  ...Object.values(parentCsvColumns).flatMap((columns) => Object.values(columns)),
] as const;

export type ImportCsvColumn =
  | StudentCsvColumn
  | (typeof parentCsvColumns)[keyof typeof parentCsvColumns][keyof typeof parentCsvColumns.father];

/** The columns an import's header must name; the others may be left out. */
export const requiredStudentCsvColumns: readonly StudentCsvColumn[] = [
  'name',
  'roll_number',
  'standard',
];

/** The CSV columns of the student's primary guardian, by the guardian's field each holds. */
export const guardianCsvColumns = {
  name: 'guardian_name',
  relation: 'guardian_relation',
  phone: 'guardian_phone',
  email: 'guardian_email',
} as const satisfies Record<string, StudentCsvColumn>;

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

/**
 * How the dates of a file are written, as the person chooses it on the column mapping
 * (decision 0074). An export writes YYYY-MM-DD, which an import reads by default.
 */
export const importDateFormats = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type ImportDateFormat = (typeof importDateFormats)[number];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Day, month and year in some order, as offices write them: 26/01/2014, 1.2.2014, 01-26-2014. */
const PARTS_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

const dateExists = (iso: string) => {
  const time = Date.parse(`${iso}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(iso);
};

/**
 * A date cell read in the file's format, as YYYY-MM-DD; an empty cell stays empty, and null
 * means the cell is not a date that exists in that format. YYYY-MM-DD cells are passed on as
 * they are, for the student's own rules to judge.
 */
export function readImportDate(cell: string, format: ImportDateFormat): string | null {
  const value = cell.trim();
  if (value === '' || format === 'YYYY-MM-DD') return value;
  const parts = PARTS_DATE.exec(value);
  if (!parts) return null;
  const [, first = '', second = '', year = ''] = parts;
  const [day, month] = format === 'DD/MM/YYYY' ? [first, second] : [second, first];
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return dateExists(iso) ? iso : null;
}

/**
 * The format a file's dates must be in, when its values leave one choice: all YYYY-MM-DD, or
 * day and month where some first part is over 12 (a day) or some second part is (the month
 * comes first). Null when they could be read either way, or are of no one format.
 */
export function suggestDateFormat(cells: readonly string[]): ImportDateFormat | null {
  const values = cells.map((cell) => cell.trim()).filter((value) => value !== '');
  if (values.length === 0) return null;
  if (values.every((value) => ISO_DATE.test(value))) return 'YYYY-MM-DD';
  const parts = values.map((value) => PARTS_DATE.exec(value));
  if (parts.some((match) => match === null)) return null;
  const firstOver12 = parts.some((match) => Number(match?.[1]) > 12);
  const secondOver12 = parts.some((match) => Number(match?.[2]) > 12);
  if (firstOver12 && !secondOver12) return 'DD/MM/YYYY';
  if (secondOver12 && !firstOver12) return 'MM/DD/YYYY';
  return null;
}

/** The largest file an import takes. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** The most rows an import takes below the header, blank ones included. */
export const IMPORT_MAX_ROWS = 20_000;
/** The most wrong cells an import's answer lists; `error_count` says how many there are. */
export const IMPORT_MAX_ERRORS = 1_000;
/**
 * The longest row an import reads, in bytes of its cells as the file holds them (UTF-8: one a
 * Latin letter, three a Devanagari one); a real row is well under a thousand.
 */
export const IMPORT_MAX_ROW_LENGTH = 65_536;
/** The most cells a row may have; a student's row has one per column, a score at most. */
export const IMPORT_MAX_CELLS = 1_000;

/**
 * The body of an import: the file's bytes as sent with `Content-Type: text/csv`, which the
 * server reads itself (docs/api.md, Imports). The API document shows it as the text it is.
 */
export const importBodySchema = z.instanceof(Uint8Array).meta({
  type: 'string',
  description:
    `A CSV file: UTF-8 (with or without a byte order mark), comma-separated, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows below its header. ` +
    `The header row names the columns in any order: ${importCsvColumns.join(', ')}; ` +
    `${importCsvColumns.filter((column) => !(requiredStudentCsvColumns as readonly string[]).includes(column)).join(' and ')} may be left out. ` +
    "`standard` is a standard's name or id; `date_of_birth` is written as `date_format` says (YYYY-MM-DD unless told); `status` is active, left or graduated (left and graduated students get the import's date as `left_on`). " +
    'The guardian_ columns are the primary guardian; the father_ and mother_ columns add a guardian each with that relation (the father, or else the mother, is the primary contact when no guardian_ column is filled). A column left out of the file leaves that field of an updated student as it is.',
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
  /** The first IMPORT_MAX_ERRORS wrong cells, in row order. */
  errors: z.array(importErrorSchema),
  /** How many wrong cells the file has in all; more than `errors` lists when over the cap. */
  error_count: z.number().int(),
  /**
   * The standards the file names that do not exist (as the file first writes each), which
   * `create_standards` can create: at most IMPORT_MAX_NEW_STANDARDS.
   */
  missing_standards: z.array(z.string()),
  /** How many standards `create_standards` created (0 for a dry run, which creates none). */
  created_standards: z.number().int(),
  /** The wrong rows a commit with `skip_invalid=true` left out (0 otherwise). */
  skipped: z.number().int(),
});

export const importResponseSchema = z.object({ data: importResultSchema });

/** A commit refused because rows are wrong: problem JSON, with the same report under `data`. */
export const importRefusedSchema = problemSchema.extend({ data: importResultSchema });

export const importUndoParamsSchema = z.strictObject({
  import_id: z.uuid({ error: 'The import id is not valid.' }),
});

/**
 * What an undo reverted: students it had created (now in the bin), ones it had updated, and the
 * standards it had created (now in the bin too).
 */
export const importUndoResultSchema = z.object({
  import_id: z.string(),
  removed: z.number().int(),
  reverted: z.number().int(),
  removed_standards: z.number().int(),
});

export const importUndoResponseSchema = z.object({ data: importUndoResultSchema });

/** The school's last import, as the dashboard shows it: who, when, how many students. */
export const lastImportSchema = z.object({
  import_id: z.string(),
  at: isoDateTimeSchema,
  /** Who imported: their id (null once their account is gone) and name then. */
  actor: z.object({ id: z.number().int().nullable(), name: z.string() }),
  /** The students it added or updated. */
  students: z.number().int(),
  /** Whether it has been undone since. */
  undone: z.boolean(),
});

/** The last import, or null when the school has never imported. */
export const lastImportResponseSchema = z.object({ data: lastImportSchema.nullable() });

export type ImportQuery = z.output<typeof importQuerySchema>;
export type ImportError = z.infer<typeof importErrorSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportUndoResult = z.infer<typeof importUndoResultSchema>;
export type ImportNewStandard = z.infer<typeof importNewStandardSchema>;
export type LastImport = z.infer<typeof lastImportSchema>;

const list = (names: readonly string[]) => names.join(', ');

/**
 * A value of the file quoted back to the person: at most `max` characters, so that a cell or a
 * header of megabytes never makes a megabyte answer. A cut never splits a character.
 */
export function quoteCut(value: string, max = 40): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return `${value.slice(0, end)}…`;
}

/** The first names of a list, each cut, and how many more there are. */
function someOf(names: readonly string[], shown = 5): string {
  const listed = list(names.slice(0, shown).map((name) => quoteCut(name)));
  return names.length > shown ? `${listed} and ${names.length - shown} more` : listed;
}

/** What a person reads about a file the import cannot take, or a row of it. */
export const importTexts = {
  exportButton: 'Export CSV',
  exportFailed: 'Failed to export students. Please try again.',
  notCsv: 'Send the file as text/csv.',
  tooLarge: 'The file is larger than 10 MB. Split it into smaller files.',
  notUtf8: 'The file is not UTF-8 text. Save it from the spreadsheet as "CSV UTF-8" and try again.',
  empty: `The file is empty. Its first row must name the columns: ${list(studentCsvColumns)}.`,
  tooManyRows: `The file has more than ${thousands(IMPORT_MAX_ROWS)} rows below its header. Split it into smaller files.`,
  quoteNotClosed: (row: number) =>
    `The file is not valid CSV: a cell in row ${row} opens a quote (") that is never closed.`,
  rowTooLong: (row: number) =>
    `The file is not valid CSV: row ${row} is longer than ${IMPORT_MAX_ROW_LENGTH / 1024} KB. A cell in it may open a quote (") that is never closed.`,
  tooManyCells: (row: number) =>
    `The file is not valid CSV: row ${row} has more than ${thousands(IMPORT_MAX_CELLS)} cells. A student's row has one cell for each column of the header.`,
  unknownColumns: (names: readonly string[]) =>
    `Unknown column${names.length > 1 ? 's' : ''}: ${someOf(names)}. The columns are: ${list(studentCsvColumns)}.`,
  missingColumns: (names: readonly string[]) =>
    `Missing column${names.length > 1 ? 's' : ''}: ${list(names)}. The first row must name the columns.`,
  repeatedColumns: (names: readonly string[]) =>
    `Column${names.length > 1 ? 's' : ''} named twice: ${list(names)}.`,
  cellCount: (found: number, expected: number) =>
    `This row has ${found} cells; the header has ${expected}.`,
  standardNotFound: (value: string) =>
    `There is no standard "${quoteCut(value)}". Write a standard's name or id as it appears on the Standards page.`,
  standardAmbiguous: (value: string) =>
    `Several standards are named "${quoteCut(value)}"; write the id of the one you mean.`,
  /** A cell's problem with the value it refused, so the person finds it in the spreadsheet. */
  refusedValue: (message: string, value: string) => `${message} The file has "${quoteCut(value)}".`,
  newStandardsNotJson:
    'create_standards must be a JSON array of standards, each with a name and a grade_level.',
  dateNotInFormat: (format: ImportDateFormat) =>
    `Enter a date that exists, written as ${format}: the format chosen for the file's dates.`,
  rollNumberRepeated: (rollNumber: string, row: number) =>
    `Roll number "${quoteCut(rollNumber)}" is already used in row ${row} for the same standard.`,
  refused: (errors: number) =>
    `Nothing was imported: ${thousands(errors)} row${errors === 1 ? ' is' : 's are'} wrong. Fix ${errors === 1 ? 'it' : 'them'} and import again.`,
  raced:
    'Another change to these students was saved while the file was being imported. Nothing was imported; try again.',
  importNotFound: 'There is no import with that id.',
  alreadyUndone: 'This import has already been undone.',
  standardsChangedSince: (names: readonly string[]) =>
    `The standard${names.length === 1 ? '' : 's'} this import created (${someOf(names)}) ${names.length === 1 ? 'has' : 'have'} students or changes from after it, so it cannot be undone. Nothing was changed.`,
  changedSince: (count: number) =>
    `${count} student${count === 1 ? ' was' : 's were'} changed after this import, so it cannot be undone. Nothing was changed.`,
} as const;

/** The most standards one import may create, and the most missing ones its answer names. */
export const IMPORT_MAX_NEW_STANDARDS = 100;

/** A standard an import creates for its rows, in the current academic year. */
export const importNewStandardSchema = z.strictObject({
  name: standardNameSchema,
  grade_level: gradeLevelSchema,
});

export const importQuerySchema = z.strictObject({
  dry_run: queryFlagSchema('dry_run'),
  /**
   * The standards to create before the rows are read, as a JSON array in the query string, so
   * that the body stays the file as the spreadsheet wrote it.
   */
  create_standards: z
    .string()
    .optional()
    .transform((value, context) => {
      if (value === undefined || value === '') return [];
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: importTexts.newStandardsNotJson });
        return z.NEVER;
      }
    })
    .pipe(
      z
        .array(importNewStandardSchema, { error: importTexts.newStandardsNotJson })
        .max(IMPORT_MAX_NEW_STANDARDS, {
          error: `At most ${IMPORT_MAX_NEW_STANDARDS} standards can be created with one import.`,
        }),
    )
    .meta({
      type: 'string',
      description:
        'A URL-encoded JSON array `[{ "name": "7A", "grade_level": 7 }]`: standards to create in the current academic year, in the same transaction, before the rows are read. Names that already exist are left as they are.',
    }),
  skip_invalid: queryFlagSchema('skip_invalid'),
  date_format: z
    .enum(importDateFormats, {
      error: `date_format must be one of ${list(importDateFormats)}.`,
    })
    .default('YYYY-MM-DD')
    .meta({ description: "How the file's dates of birth are written." }),
});

/**
 * Why a file could not be read as CSV, by the code the server's reader gives, each as a sentence
 * about the row it stopped at: a parser's own messages ("Quote Not Closed: the parsing is
 * finished with an opening quote at line 3") are written for developers.
 */
export const csvReadErrorTexts = {
  'quote-not-closed': importTexts.quoteNotClosed,
  'row-too-long': importTexts.rowTooLong,
  'too-many-cells': importTexts.tooManyCells,
} as const satisfies Record<string, (row: number) => string>;

export type CsvReadErrorCode = keyof typeof csvReadErrorTexts;

/**
 * The web screen that imports a spreadsheet (README.md, "Import a spreadsheet"): choose a file,
 * match its columns, check it with a dry run, import it, undo it.
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
  fieldLabels: {
    name: studentFieldLabels.name,
    email: studentFieldLabels.email,
    roll_number: studentFieldLabels.roll_number,
    standard: studentFieldLabels.standard,
    phone_number: studentFieldLabels.phone_number,
    address: studentFieldLabels.address,
    admission_number: studentFieldLabels.admission_number,
    date_of_birth: studentFieldLabels.date_of_birth,
    status: studentFieldLabels.status,
    guardian_name: "Guardian's name",
    guardian_relation: "Guardian's relation",
    guardian_phone: "Guardian's phone",
    guardian_email: "Guardian's email",
    father_name: "Father's name",
    father_phone: "Father's phone",
    father_email: "Father's email",
    mother_name: "Mother's name",
    mother_phone: "Mother's phone",
    mother_email: "Mother's email",
  } satisfies Record<ImportCsvColumn, string>,
  fieldMissing: (labels: readonly string[]) =>
    `Choose a column for ${labels.join(', ')}: every student needs one.`,
  fieldRepeated: (labels: readonly string[]) => `Only one column can go into ${labels.join(', ')}.`,
  previewHeading: 'The first rows',
  dateFormatLabel: 'Dates of birth are written as',
  chooseDateFormat: 'Choose…',
  dateFormatSuggested: 'Suggested from the dates in the file.',
  dateFormatUnclear:
    'The dates in the file could be read more than one way: choose how they are written.',
  dateFormatMissing: 'Choose how the dates of birth are written.',
  readAs: (format: ImportDateFormat) => `read as ${format}`,
  notADate: (cell: string) => `${cell} (not a date)`,
  checkButton: 'Check the file',
  resultHeading: 'What the import will do',
  doneHeading: 'Imported',
  counts: { total: 'Rows', created: 'New students', updated: 'Updated', unchanged: 'Unchanged' },
  errorsHeading: (errors: number) =>
    `${thousands(errors)} row error${errors === 1 ? '' : 's'} to fix`,
  errorsCapped: (listed: number, total: number) =>
    `The first ${thousands(listed)} of ${thousands(total)} errors are listed. Fix them and check the file again to see the rest.`,
  errorColumns: { row: 'Row', field: 'Field', message: 'Problem' },
  wholeRow: 'Whole row',
  moreErrors: (hidden: number) => `Show more (${thousands(hidden)} not shown)`,
  fixAndRetry:
    'Fix these rows in the spreadsheet, save it as CSV again and choose it, or change the columns above.',
  ready: 'No errors: the file can be imported.',
  importButton: (count: number) => `Import ${count} row${count === 1 ? '' : 's'}`,
  checkFailed: 'The file could not be checked.',
  importFailed: 'Nothing was imported.',
  undoButton: 'Undo this import',
  undone: (removed: number, reverted: number) =>
    `Import undone: ${removed} new student${removed === 1 ? '' : 's'} moved to Recently deleted, ${reverted} updated student${reverted === 1 ? '' : 's'} changed back.`,
  undoneStandards: (count: number) =>
    `${count} new standard${count === 1 ? '' : 's'} moved to Recently deleted too.`,
  undoFailed: 'The import could not be undone.',
  missingStandardsHeading: (count: number) =>
    `${count} standard${count === 1 ? '' : 's'} in the file ${count === 1 ? 'does' : 'do'} not exist yet`,
  missingStandardsHint:
    'They can be created with the import, in the current academic year. Give each one its grade level (1 to 12).',
  gradeLevelOf: (name: string) => `Grade level of “${name}”`,
  createStandardsButton: 'Create them with the import and check again',
  gradeLevelsMissing: 'Give every new standard a grade level from 1 to 12.',
  standardsToCreate: (names: readonly string[]) =>
    `These standards will be created with the import: ${names.join(', ')}.`,
  wrongRowsHeading: 'Fix the rows, or import the others',
  downloadWrongRows: 'Download the rows with errors',
  wrongRowsHint:
    'The rows with errors, as the file has them, with what is wrong in an “error” column: fix them in the spreadsheet and import that file.',
  wrongRowsCapped: (listed: number) =>
    `Only the rows of the first ${thousands(listed)} errors are in it.`,
  errorColumn: 'error',
  wrongRowsFileName: (fileName: string) => `${fileName.replace(/\.csv$/i, '')}-errors.csv`,
  importValidRows: (count: number) =>
    `Import the ${thousands(count)} row${count === 1 ? '' : 's'} without errors`,
  importValidRowsHint: 'The rows with errors are left out; nothing else changes.',
  skippedRows: (count: number) =>
    `${thousands(count)} row${count === 1 ? '' : 's'} with errors ${count === 1 ? 'was' : 'were'} left out.`,
  createdStandards: (count: number) =>
    `${count} new standard${count === 1 ? ' was' : 's were'} created.`,
  importAnother: 'Import another file',
} as const;
