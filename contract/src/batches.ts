import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  listQuerySchema,
  listResponseSchema,
  problemSchema,
  queryFlagSchema,
} from './common.js';
import { actorSchema } from './history.js';
import { leftOnSchema, studentStandardSchema, studentStatuses } from './students.js';
import { thousands } from './counting.js';

/**
 * Changes of many students at once, and the batches that record them (docs/history.md,
 * "Batches"): an import, a bulk change or a year-end run, each undoable as one.
 */

/** How many of a batch's students its entry in the list names. */
export const BATCH_STUDENTS_NAMED = 5;

/** The most students one bulk change takes. */
export const BULK_MAX_STUDENTS = 1_000;

export const batchTexts = {
  idsRequired: 'Choose at least one student.',
  tooMany: `A bulk change takes at most ${thousands(BULK_MAX_STUDENTS)} students at once.`,
  idsRepeated: 'A student is named more than once.',
  standardRequired: 'Choose the standard to move the students to.',
  standardNotForDelete: 'A delete takes no standard.',
  statusRequired: 'Choose the status to give the students.',
  leftOnOnlyWhenGone: 'An active student has no leaving date.',
  studentNotFound: 'There is no such student, or it is in Recently deleted.',
  targetNotFound: 'There is no such standard, or it is in Recently deleted.',
  rollNumberTaken: (rollNumber: string, standard: string) =>
    `Roll number ${rollNumber} is already taken in ${standard}.`,
  rollNumberTwice: (rollNumber: string) =>
    `Another student moved with this one has roll number ${rollNumber} too.`,
  refused: (count: number) =>
    `Nothing was changed: ${thousands(count)} student${count === 1 ? '' : 's'} cannot be changed this way.`,
  raced:
    'Another change to these students was saved at the same moment. Nothing was changed; try again.',
  batchNotFound: 'There is no batch with that id.',
  standardGone:
    'The standard of some of these students is in Recently deleted now: restore it first. Nothing was changed.',
  alreadyUndone: 'This change has already been undone.',
  changedSince: (count: number) =>
    `${count} student${count === 1 ? ' was' : 's were'} changed after this, so it cannot be undone. Nothing was changed.`,
  rollNumbersTaken:
    'Some of the students cannot go back: their roll numbers have been taken since. Nothing was changed.',
  restoreTaken: (count: number) =>
    `${count} of the students cannot come back: their roll numbers have been taken since. Nothing was changed.`,
} as const;

/**
 * What a move does with a roll number already taken where a student goes (decision 0077):
 * `keep` refuses the move (422), `next_free` gives each such student the next number after the
 * highest there, `renumber` numbers the whole target 1, 2, 3, … by name.
 */
export const rollNumberChoices = ['keep', 'next_free', 'renumber'] as const;
export const rollNumberChoiceSchema = z.enum(rollNumberChoices).default('keep');
export type RollNumberChoice = (typeof rollNumberChoices)[number];

/** A student whose roll number a move changes: one moving, or one of the target's. */
export const rollNumberChangeSchema = z.object({
  student: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  /** The standard they are in after the move; the id is null for one a preview would create. */
  standard: z.object({ id: z.number().int().nullable(), name: z.string() }),
});
export type RollNumberChange = z.infer<typeof rollNumberChangeSchema>;

const bulkIdsSchema = z
  .array(idSchema, { error: batchTexts.idsRequired })
  .min(1, { error: batchTexts.idsRequired })
  .max(BULK_MAX_STUDENTS, { error: batchTexts.tooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: batchTexts.idsRepeated });

/** One change of many students, all or nothing. */
export const bulkChangeSchema = z
  .discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('move'),
      ids: bulkIdsSchema,
      standard: studentStandardSchema,
      roll_numbers: rollNumberChoiceSchema,
    }),
    z.strictObject({
      action: z.literal('set_status'),
      ids: bulkIdsSchema,
      status: z.enum(studentStatuses, { error: batchTexts.statusRequired }),
      /** The day they left or graduated; today when absent. None for `active`. */
      left_on: leftOnSchema.nullish(),
    }),
    z.strictObject({
      action: z.literal('delete'),
      ids: bulkIdsSchema,
    }),
  ])
  .refine(
    (change) => change.action !== 'set_status' || change.status !== 'active' || !change.left_on,
    {
      error: batchTexts.leftOnOnlyWhenGone,
      path: ['left_on'],
    },
  );

export const bulkResultSchema = z.object({
  /** The batch an undo reverts; null for a preview. */
  batch_id: z.uuid().nullable(),
  /** How many students changed: one already in the target standard does not count. */
  count: z.number().int(),
  /** The roll numbers a move changed (or, previewed, would change). */
  roll_numbers: z.array(rollNumberChangeSchema),
});
export const bulkResponseSchema = z.object({ data: bulkResultSchema });

/** `?dry_run=true` answers what the change would do, writing nothing. */
export const bulkQuerySchema = z.strictObject({ dry_run: queryFlagSchema('dry_run') });

/** What is wrong with one student of a bulk change. */
export const bulkErrorSchema = z.object({
  id: z.number().int(),
  field: z.string(),
  message: z.string(),
});

/** A bulk change refused for some of its students: problem JSON naming each. */
export const bulkRefusedSchema = problemSchema.extend({ errors: z.array(bulkErrorSchema) });

export const batchKindSchema = z.enum(['import', 'bulk', 'year-end']);

export const batchSchema = z.object({
  batch_id: z.string(),
  kind: batchKindSchema,
  at: isoDateTimeSchema,
  actor: actorSchema,
  /** What the batch did, by name: `created`, `updated`, `moved`, `deleted`, … */
  counts: z.record(z.string(), z.number().int()),
  undone: z.boolean(),
  /**
   * Who it changed: the first BATCH_STUDENTS_NAMED students by name (live or in the bin), and
   * how many students it touched in all.
   */
  students: z.object({
    named: z.array(z.object({ id: z.number().int(), name: z.string() })),
    count: z.number().int(),
  }),
});

export const batchListQuerySchema = listQuerySchema;
export const batchListResponseSchema = listResponseSchema(batchSchema);

export const batchParamsSchema = z.strictObject({
  batch_id: z.uuid({ error: 'The batch id is not valid.' }),
});

/** What an undo put back, by name: `removed`, `reverted`, `restored`, `removed_standards`. */
export const batchUndoResultSchema = z.object({
  batch_id: z.string(),
  counts: z.record(z.string(), z.number().int()),
});
export const batchUndoResponseSchema = z.object({ data: batchUndoResultSchema });

export type BulkChange = z.output<typeof bulkChangeSchema>;
export type BulkChangeInput = z.input<typeof bulkChangeSchema>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type BulkError = z.infer<typeof bulkErrorSchema>;
export type BatchKind = z.infer<typeof batchKindSchema>;
export type Batch = z.infer<typeof batchSchema>;
export type BatchList = z.infer<typeof batchListResponseSchema>;
export type BatchUndoResult = z.infer<typeof batchUndoResultSchema>;

const students = (count: number) => `${thousands(count)} student${count === 1 ? '' : 's'}`;

/** What the students screen says about choosing many students and changing them at once. */
export const bulkScreenTexts = {
  selectStudent: (name: string) => `Select ${name}`,
  selectShown: 'Select every student shown',
  barLabel: 'Change the selected students',
  selected: (count: number) => `${students(count)} selected`,
  selectAll: (count: number) => `Select all ${students(count)}`,
  selectingAll: 'Selecting…',
  tooManyToSelect: `At most ${thousands(BULK_MAX_STUDENTS)} students can be changed at once. Narrow the list with a standard or a search.`,
  clear: 'Clear selection',
  moveTo: 'Move to',
  chooseStandard: 'Choose a standard',
  move: 'Move',
  markLeft: 'Mark as left',
  delete: 'Delete',
  confirmMoveTitle: (count: number, standard: string) => `Move ${students(count)} to ${standard}?`,
  confirmMove: (count: number, standard: string) =>
    `${students(count)} will move to ${standard}. Undo puts them back.`,
  confirmLeftTitle: (count: number) => `Mark ${students(count)} as left?`,
  confirmLeft: (count: number) =>
    `${students(count)} will be marked as left today and leave the active list. Undo brings them back.`,
  confirmDeleteTitle: (count: number) => `Delete ${students(count)}?`,
  confirmDelete: (count: number) =>
    `${students(count)} will go to Recently deleted. Undo brings them back.`,
  moved: (count: number, standard: string) => `${students(count)} moved to ${standard}.`,
  deleted: (count: number) => `${students(count)} deleted.`,
  markedLeft: (count: number) => `${students(count)} marked as left.`,
  failed: 'Nothing was changed.',
  clashHeading: (count: number) =>
    `${thousands(count)} roll number${count === 1 ? ' is' : 's are'} already taken there`,
  clashChoice: 'Roll numbers already taken',
  clashChoices: {
    keep: 'Do not move anyone',
    next_free: 'Give them the next free numbers',
    renumber: 'Renumber the target class alphabetically',
  } satisfies Record<RollNumberChoice, string>,
  changesTable: 'New roll numbers',
  changeColumns: { student: 'Student', from: 'Now', to: 'Becomes' },
  checking: 'Checking roll numbers…',
  undone: 'Undone: the students are as they were.',
  undoFailed: 'The change could not be undone.',
} as const;

/** The screen that lists the batches (imports and bulk changes), newest first, each with Undo. */
export const batchScreenTexts = {
  title: 'Recent changes',
  description:
    'Imports and changes of many students at once, newest first. Each can be undone while nothing it touched has changed since.',
  empty: 'No imports or changes of many students yet.',
  loading: 'Loading recent changes…',
  loadFailed: 'Failed to load recent changes. Please try again.',
  kinds: { import: 'Import', bulk: 'Change of many students', 'year-end': 'Year end' },
  counts: {
    created: 'added',
    updated: 'updated',
    moved: 'moved',
    deleted: 'deleted',
    created_standards: 'new standards',
    status_changed: 'status changed',
    graduated: 'graduated',
    kept: 'kept back',
    renumbered: 'renumbered',
    skipped: 'rows left out',
  } as Record<string, string>,
  by: (name: string) => `by ${name}`,
  /** "Asha Rao, Ben Das and 28 others". */
  students: (names: readonly string[], count: number) => {
    const others = count - names.length;
    if (others <= 0) {
      return names.length <= 1
        ? (names[0] ?? '')
        : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
    }
    return `${names.join(', ')} and ${thousands(others)} other${others === 1 ? '' : 's'}`;
  },
  studentsLabel: 'Students',
  undone: 'Undone',
  undo: 'Undo',
  undoDone: 'Undone.',
  undoFailed: 'The change could not be undone.',
} as const;
