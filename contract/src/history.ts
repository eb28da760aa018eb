import { z } from 'zod';
import {
  isoDateTimeSchema,
  listCursorSchema,
  listLimitSchema,
  listResponseSchema,
  searchTextSchema,
} from './common.js';
import { studentInputSchema, studentSchema } from './students.js';
import { standardSchema } from './standards.js';

/** Who did something: the staff member's id and their name (or e-mail) at the time. */
export const actorSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

/** What one field was before a change and after it; null where it did not exist. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/** One event of a record's history (docs/history.md). */
export const historyEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: actorSchema,
  action: z.enum(['create', 'update', 'delete', 'restore', 'import']),
  changes: z.record(z.string(), fieldChangeSchema),
  /**
   * The batch (import, bulk change, year end) that made the change, or whose undo did; null for
   * a change of one record.
   */
  batch_id: z.string().nullable(),
});

export const historyListResponseSchema = listResponseSchema(historyEventSchema);

/** The kinds of record the bin holds, as they appear in its paths and entries. */
export const binEntitySchema = z.enum(['student', 'standard']);

export const binEntrySchema = z.object({
  entity: binEntitySchema,
  id: z.number().int(),
  name: z.string(),
  deleted_at: isoDateTimeSchema,
  deleted_by: actorSchema,
  /** A student's roll number; null for a standard. */
  roll_number: z.string().nullable(),
  /** A student's standard (live, in the bin, or gone: then its id only); null for a standard. */
  standard: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
});

export const binListResponseSchema = listResponseSchema(binEntrySchema);
export const binListQuerySchema = z.strictObject({
  q: searchTextSchema(
    "Words, each found in the record's name, or a student's roll number or standard, in any order, without regard to case",
  ),
  limit: listLimitSchema,
  cursor: listCursorSchema,
});

/**
 * Restoring a student: optionally under another roll number, when its own was taken while it
 * was in the bin (docs/history.md).
 */
export const studentRestoreSchema = z
  .strictObject({ roll_number: studentInputSchema.shape.roll_number.optional() })
  .nullish();

export const restoreResponseSchema = z.object({
  data: z.union([studentSchema, standardSchema]),
});

export type Actor = z.infer<typeof actorSchema>;
export type HistoryEvent = z.infer<typeof historyEventSchema>;
export type HistoryList = z.infer<typeof historyListResponseSchema>;
export type BinEntity = z.infer<typeof binEntitySchema>;
export type BinEntry = z.infer<typeof binEntrySchema>;
export type BinListQuery = z.input<typeof binListQuerySchema>;
export type StudentRestore = z.input<typeof studentRestoreSchema>;
export type BinList = z.infer<typeof binListResponseSchema>;
