import { z } from 'zod';
import { isoDateTimeSchema, listResponseSchema, listQuerySchema } from './common.js';
import { studentSchema } from './students.js';
import { standardSchema } from './standards.js';

/** Who did something: the staff member's id and their name (or e-mail) at the time. */
export const actorSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

/** What one field was before a change and after it; null where it did not exist. */
export const fieldChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

/** One event of a record's history (DESIGN.md 6). */
export const historyEventSchema = z.object({
  id: z.number().int(),
  at: isoDateTimeSchema,
  actor: actorSchema,
  action: z.enum(['create', 'update', 'delete', 'restore', 'import']),
  changes: z.record(z.string(), fieldChangeSchema),
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
});

export const binListResponseSchema = listResponseSchema(binEntrySchema);
export const binListQuerySchema = listQuerySchema;

export const restoreResponseSchema = z.object({
  data: z.union([studentSchema, standardSchema]),
});

export type Actor = z.infer<typeof actorSchema>;
export type HistoryEvent = z.infer<typeof historyEventSchema>;
export type HistoryList = z.infer<typeof historyListResponseSchema>;
export type BinEntity = z.infer<typeof binEntitySchema>;
export type BinEntry = z.infer<typeof binEntrySchema>;
export type BinList = z.infer<typeof binListResponseSchema>;
