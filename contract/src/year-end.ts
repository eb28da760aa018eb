import { z } from 'zod';
import { idSchema, problemSchema, queryFlagSchema } from './common.js';
import { rollNumberChangeSchema, rollNumberChoiceSchema } from './batches.js';
import { dailyUseTexts } from './daily-use-texts.js';
import { academicYearSchema, gradeLevelSchema, standardNameSchema } from './standards.js';
import { thousands } from './counting.js';

/**
 * The end of the school year (docs/history.md, "The end of the year"): every active student of
 * each of last year's standards moves to its target in the next year, or graduates, except those
 * kept back; previewed first, then run as one batch that an undo reverts.
 */

/** The most standards one year end moves, and the most students it keeps back. */
export const YEAR_END_MAX_MOVES = 500;
export const YEAR_END_MAX_KEPT = 5_000;

export const yearEndTexts = {
  oneTarget:
    'Give each standard one target: a standard of the next year, a new standard, or graduation.',
  movesRequired: 'Choose at least one standard to move on.',
  tooManyMoves: `A year end moves at most ${YEAR_END_MAX_MOVES} standards.`,
  tooManyKept: `A year end keeps back at most ${thousands(YEAR_END_MAX_KEPT)} students.`,
  sameYear: 'The next year must differ from the year that ends.',
  standardTwice: 'A standard is named more than once.',
  newNameTwice: (name: string) => `Two new standards are both named ${name}.`,
  keptTwice: 'A student to keep back is named more than once.',
  notOfYear: (year: string) =>
    `There is no such standard in ${year}, or it is in Recently deleted.`,
  newNameTaken: (name: string, year: string) =>
    `${name} already exists in ${year}: choose it as the target instead.`,
  keptNotMoving: 'A student to keep back is not an active student of the standards that move on.',
  refused: (count: number) =>
    `Nothing was changed: ${thousands(count)} roll number${count === 1 ? ' is' : 's are'} already taken where the students would go.`,
  raced:
    'Another change to these standards was saved at the same moment. Nothing was changed; try again.',
} as const;

const newStandardSchema = z.strictObject({
  name: standardNameSchema,
  grade_level: gradeLevelSchema,
});

export const yearEndMoveSchema = z
  .strictObject({
    from_standard: idSchema,
    /** An existing standard of `to_year`. */
    to_standard: idSchema.optional(),
    /** A standard of `to_year` created in the same transaction. */
    to_new: newStandardSchema.optional(),
    /** The standard's students graduate: status `graduated`, `left_on` the day of the run. */
    graduate: z.literal(true).optional(),
  })
  .refine(
    (move) =>
      [move.to_standard !== undefined, move.to_new !== undefined, move.graduate === true].filter(
        Boolean,
      ).length === 1,
    { error: yearEndTexts.oneTarget },
  );

export const yearEndSchema = z
  .strictObject({
    from_year: academicYearSchema,
    to_year: academicYearSchema,
    moves: z
      .array(yearEndMoveSchema, { error: yearEndTexts.movesRequired })
      .min(1, { error: yearEndTexts.movesRequired })
      .max(YEAR_END_MAX_MOVES, { error: yearEndTexts.tooManyMoves }),
    /**
     * Students who repeat the year: they go to the next year's standard of their standard's
     * name, created as needed (decision 0078).
     */
    keep: z.array(idSchema).max(YEAR_END_MAX_KEPT, { error: yearEndTexts.tooManyKept }).default([]),
    /** What to do with roll numbers already taken where students go (decision 0077). */
    roll_numbers: rollNumberChoiceSchema,
  })
  .superRefine((request, context) => {
    if (request.to_year === request.from_year) {
      context.addIssue({ code: 'custom', path: ['to_year'], message: yearEndTexts.sameYear });
    }
    const from = request.moves.map((move) => move.from_standard);
    if (new Set(from).size !== from.length) {
      context.addIssue({ code: 'custom', path: ['moves'], message: yearEndTexts.standardTwice });
    }
    const names = new Set<string>();
    for (const move of request.moves) {
      const key = move.to_new?.name.toLowerCase();
      if (key === undefined) continue;
      if (names.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['moves'],
          message: yearEndTexts.newNameTwice(move.to_new?.name ?? ''),
        });
      }
      names.add(key);
    }
    if (new Set(request.keep).size !== request.keep.length) {
      context.addIssue({ code: 'custom', path: ['keep'], message: yearEndTexts.keptTwice });
    }
  });

export const yearEndQuerySchema = z.strictObject({
  dry_run: queryFlagSchema('dry_run'),
});

/** A standard by id and name; the id is null for one a preview would create. */
const standardRefSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

export const yearEndStandardSchema = z.object({
  from_standard: z.object({ id: z.number().int(), name: z.string() }),
  /** Where its students go; null when they graduate. */
  to_standard: standardRefSchema.nullable(),
  moved: z.number().int(),
  graduated: z.number().int(),
  kept: z.number().int(),
  /** Where the students kept back go: next year's standard of this name; null when none. */
  kept_to: standardRefSchema.nullable(),
});

/** A student who cannot move: their roll number is taken in the target. */
export const yearEndConflictSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string() }),
  roll_number: z.string(),
  to_standard: standardRefSchema,
});

export const yearEndResultSchema = z.object({
  dry_run: z.boolean(),
  /** The batch an undo reverts; null for a preview. */
  batch_id: z.uuid().nullable(),
  standards: z.array(yearEndStandardSchema),
  conflicts: z.array(yearEndConflictSchema),
  /** The roll numbers the run changes, when clashes get the next free ones or a renumbering. */
  roll_numbers: z.array(rollNumberChangeSchema),
});
export const yearEndResponseSchema = z.object({ data: yearEndResultSchema });

/** A year end refused because some roll numbers are taken where students would go. */
export const yearEndRefusedSchema = problemSchema.extend({
  conflicts: z.array(yearEndConflictSchema),
});

export type YearEndRequest = z.output<typeof yearEndSchema>;
export type YearEndInput = z.input<typeof yearEndSchema>;
export type YearEndMove = z.output<typeof yearEndMoveSchema>;
export type YearEndResult = z.infer<typeof yearEndResultSchema>;
export type YearEndStandard = z.infer<typeof yearEndStandardSchema>;
export type YearEndConflict = z.infer<typeof yearEndConflictSchema>;

/** How many students a year end moves on, graduates and keeps back, all standards together. */
interface YearEndTotals {
  moved: number;
  graduated: number;
  kept: number;
}

const students = (count: number) => `${thousands(count)} student${count === 1 ? '' : 's'}`;
/** "1 student moves on", "2 students move on". */
const studentsWho = (count: number, one: string, many: string) =>
  `${students(count)} ${count === 1 ? one : many}`;

/** What the year end screen says (docs/web.md, "Year end"). */
export const yearEndScreenTexts = {
  title: dailyUseTexts.standards.yearEnd,
  description:
    "Move every standard's students on to the next school year at once, graduate the last grade, and keep back those who repeat the year.",
  viewerOnly: 'Only staff who can change records run the year end.',
  backToStandards: 'Back to Standards',
  loading: 'Loading standards…',
  noStandards: 'There are no standards yet, so there is no year to end.',
  noStandardsIn: (year: string) => `There are no standards in ${year}.`,
  fromYear: 'Year that ends',
  toYear: 'Next year',
  targetsHeading: (from: string, to: string) => `Where the standards of ${from} go in ${to}`,
  columns: { standard: 'Standard', grade: 'Grade', students: 'Students', target: 'Goes to' },
  targetOf: (standard: string) => `${standard} goes to`,
  standardsOf: (year: string) => `Standards of ${year}`,
  newStandard: 'A new standard',
  graduates: 'Graduates',
  newName: 'Name of the new standard',
  newNameOf: (standard: string) => `Name of the new standard for ${standard}`,
  newGrade: 'Grade level',
  newGradeOf: (standard: string) => `Grade level of the new standard for ${standard}`,
  keepHeading: 'Keep back',
  keepDescription:
    "Students who repeat the year go to the next year's standard of the same name, created if there is none.",
  search: 'Find a student to keep back',
  searchPlaceholder: 'Name or roll number',
  searchIn: 'Look in',
  everyStandardOf: (year: string) => `Every standard of ${year}`,
  searching: 'Searching…',
  searchFailed: 'The search failed. Please try again.',
  noMatches: 'No active student of these standards matches.',
  moreMatches: (shown: number) =>
    `More students match than the first ${shown} looked at. Type more of the name or roll number.`,
  matches: 'Students found',
  keep: 'Keep back',
  keepStudent: (name: string) => `Keep back ${name}`,
  keptHeading: (count: number) => `Kept back: ${students(count)}`,
  nobodyKept: 'Nobody is kept back.',
  remove: 'Remove',
  removeStudent: (name: string) => `Remove ${name} from those kept back`,
  preview: 'Preview',
  previewFailed: 'The preview could not be made.',
  previewHeading: (from: string, to: string) => `Preview of the year end from ${from} to ${to}`,
  /** The tables (a list of cards on a phone), by what they hold. */
  targetsTable: 'Where each standard goes',
  reportTable: 'Standard by standard',
  conflictsTable: 'Students whose roll number is taken',
  report: {
    from: 'Standard',
    to: 'Goes to',
    moved: 'Move on',
    graduated: 'Graduate',
    kept: 'Kept back',
  },
  newMark: (name: string) => `${name} (new)`,
  /** Where the students kept back go, after how many: "2 to 8 A (new)". */
  keptTo: (name: string) => `to ${name}`,
  totals: ({ moved, graduated, kept }: YearEndTotals) =>
    `${studentsWho(moved, 'moves on', 'move on')}, ${studentsWho(graduated, 'graduates', 'graduate')}, ${students(kept)} kept back.`,
  conflictsHeading: (count: number) =>
    `${thousands(count)} roll number${count === 1 ? ' is' : 's are'} already taken where students would go`,
  conflictColumns: { student: 'Student', rollNumber: 'Roll number', target: 'Would go to' },
  conflictsHint:
    'Give these students other roll numbers, or choose another target for their standard, then preview again.',
  run: 'Run year end',
  confirmTitle: (from: string, to: string) => `End ${from} and start ${to}?`,
  confirm: ({ moved, graduated, kept }: YearEndTotals) =>
    `${studentsWho(moved, 'moves on', 'move on')}, ${studentsWho(graduated, 'graduates', 'graduate')} and ${studentsWho(kept, 'stays', 'stay')} where they are. Undo puts everything back as it was.`,
  runFailed: 'The year end was not run. Nothing was changed.',
  doneHeading: (from: string, to: string) => `${from} has ended: the students are in ${to}`,
  studentsOf: (name: string) => `Students of ${name}`,
  undo: 'Undo year end',
  undone: 'Undone: the students and standards are as they were before the year end.',
  undoFailed: 'The year end could not be undone.',
  undoneNote: 'This year end was undone.',
  problems: 'Some choices need a change before the preview:',
} as const;
