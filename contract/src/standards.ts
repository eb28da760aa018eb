import { z } from 'zod';
import { GRADE_LEVEL_MAX, GRADE_LEVEL_MIN, LIMITS, currentAcademicYear } from './constants.js';
import {
  listQuerySchema,
  idSchema,
  isoDateTimeSchema,
  listResponseSchema,
  dataResponseSchema,
  noNulCharacter,
  singleLine,
  versionSchema,
  wellFormedText,
} from './common.js';
import { fieldTexts, texts } from './texts.js';

/** How many teachers one standard may have. */
export const TEACHERS_MAX = 10;

export const teacherTexts = {
  label: 'Teachers',
  none: 'No teachers yet',
  add: 'Add a teacher',
  remove: (name: string) => `Remove ${name}`,
  idsInvalid: `Teachers must be a list of at most ${TEACHERS_MAX} staff accounts, each named once.`,
  notStaff: (ids: readonly number[]) =>
    `${ids.length === 1 ? 'Account' : 'Accounts'} ${ids.join(', ')} cannot teach: only active staff accounts can.`,
  choicesFailed: 'The staff list could not be read, so teachers cannot be chosen now.',
} as const;

/**
 * The staff accounts who teach a standard, by id, when a client sets them. Left out, a save
 * keeps the teachers the standard has (docs/api.md, "Standards").
 */
export const teacherIdsSchema = z
  .array(idSchema, { error: teacherTexts.idsInvalid })
  .max(TEACHERS_MAX, { error: teacherTexts.idsInvalid })
  .refine((ids) => new Set(ids).size === ids.length, { error: teacherTexts.idsInvalid });

/** A teacher of a standard as answers show one: the account's id and name (or e-mail). */
export const teacherSchema = z.object({ id: z.number().int(), name: z.string() });

const gradeLevelRange = { error: texts.standards.gradeLevelRange };

/**
 * A standard's name as it is kept and shown: trimmed, each run of spaces inside it one space,
 * so "Grade 5  B" is saved as "Grade 5 B" (decision 0075).
 */
export const tidyStandardName = (name: string) => name.trim().replace(/\s+/g, ' ');

/**
 * What two standard names are compared by: the tidy name without regard to case. Within an
 * academic year no two standards share it (a database unique index holds it, decision 0075),
 * and an import finds a standard by it.
 */
export const standardNameKey = (name: string) => tidyStandardName(name).toLowerCase();

export const standardNameSchema = z
  .string({ error: texts.standards.nameRequired })
  .trim()
  .min(1, { error: texts.standards.nameRequired })
  .max(LIMITS.standardNameMax, { error: fieldTexts.standardNameTooLong })
  .refine(...singleLine(fieldTexts.standardNameSingleLine))
  .refine(...wellFormedText)
  .transform(tidyStandardName);

export const gradeLevelSchema = z
  .number(gradeLevelRange)
  .int(gradeLevelRange)
  .min(GRADE_LEVEL_MIN, gradeLevelRange)
  .max(GRADE_LEVEL_MAX, gradeLevelRange);

export const academicYearSchema = z
  .string({ error: fieldTexts.academicYearFormat })
  .regex(/^\d{4}$/, { error: fieldTexts.academicYearFormat });

/** The fields a client sends to create a standard. */
export const standardInputSchema = z.strictObject({
  name: standardNameSchema,
  grade_level: gradeLevelSchema,
  description: z
    .string({ error: fieldTexts.descriptionNotText })
    .trim()
    .max(LIMITS.descriptionMax, { error: fieldTexts.descriptionTooLong })
    .refine(...noNulCharacter)
    .refine(...wellFormedText)
    .nullish()
    .transform((value) => value ?? ''),
  academic_year: academicYearSchema.default(() => currentAcademicYear()),
  teacher_ids: teacherIdsSchema.optional(),
});

/**
 * A full update: the same fields, an `id` that, when sent, must match the path, and optionally
 * the `version` the client edited.
 */
export const standardUpdateSchema = standardInputSchema.extend({
  id: idSchema.optional(),
  version: versionSchema.optional(),
});

export const standardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  grade_level: z.number().int(),
  description: z.string(),
  academic_year: z.string(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
  student_count: z.number().int(),
  version: z.number().int(),
  /** Its teachers, in the order they were given. */
  teachers: z.array(teacherSchema),
});

/** Who may be chosen as a teacher: every active staff account, by name. */
export const teacherChoicesResponseSchema = z.object({ data: z.array(teacherSchema) });

/** The standards list's query: a page, of one academic year or of every year. */
export const standardListQuerySchema = listQuerySchema.extend({
  academic_year: academicYearSchema.optional(),
});

export const standardListResponseSchema = listResponseSchema(standardSchema);
export const standardResponseSchema = dataResponseSchema(standardSchema);

export type StandardInput = z.input<typeof standardInputSchema>;
export type StandardValues = z.output<typeof standardInputSchema>;
export type StandardUpdate = z.output<typeof standardUpdateSchema>;
export type Standard = z.infer<typeof standardSchema>;
export type Teacher = z.infer<typeof teacherSchema>;
export type StandardList = z.infer<typeof standardListResponseSchema>;
export type StandardListQuery = z.input<typeof standardListQuerySchema>;
