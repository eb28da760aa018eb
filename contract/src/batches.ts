import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  listQuerySchema,
  listResponseSchema,
  problemSchema,
} from './common.js';
import { actorSchema } from './history.js';
import { leftOnSchema, studentStandardSchema, studentStatuses } from './students.js';

/**
 * Changes of many students at once, and the batches that record them (docs/history.md,
 * "Batches"): an import, a bulk change or a year-end run, each undoable as one.
 */

/** The most students one bulk change takes. */
export const BULK_MAX_STUDENTS = 1_000;

export const batchTexts = {
  idsRequired: 'Choose at least one student.',
  tooMany: `A bulk change takes at most ${BULK_MAX_STUDENTS.toLocaleString('en-US')} students at once.`,
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
    `Nothing was changed: ${count.toLocaleString('en-US')} student${count === 1 ? '' : 's'} cannot be changed this way.`,
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
  batch_id: z.uuid(),
  /** How many students changed: one already in the target standard does not count. */
  count: z.number().int(),
});
export const bulkResponseSchema = z.object({ data: bulkResultSchema });

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
export type BulkResult = z.infer<typeof bulkResultSchema>;
export type BulkError = z.infer<typeof bulkErrorSchema>;
export type BatchKind = z.infer<typeof batchKindSchema>;
export type Batch = z.infer<typeof batchSchema>;
export type BatchList = z.infer<typeof batchListResponseSchema>;
export type BatchUndoResult = z.infer<typeof batchUndoResultSchema>;

const students = (count: number) =>
  `${count.toLocaleString('en-US')} student${count === 1 ? '' : 's'}`;

/** What the students screen says about choosing many students and changing them at once. */
export const bulkScreenTexts = {
  selectStudent: (name: string) => `Select ${name}`,
  selectShown: 'Select every student shown',
  barLabel: 'Change the selected students',
  selected: (count: number) => `${students(count)} selected`,
  selectAll: (count: number) => `Select all ${students(count)}`,
  selectingAll: 'Selecting…',
  tooManyToSelect: `At most ${BULK_MAX_STUDENTS.toLocaleString('en-US')} students can be changed at once. Narrow the list with a standard or a search.`,
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
    skipped: 'rows left out',
  } as Record<string, string>,
  by: (name: string) => `by ${name}`,
  undone: 'Undone',
  undo: 'Undo',
  undoDone: 'Undone.',
  undoFailed: 'The change could not be undone.',
} as const;
