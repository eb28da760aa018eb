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

const gradeLevelRange = { error: texts.standards.gradeLevelRange };

export const standardNameSchema = z
  .string({ error: texts.standards.nameRequired })
  .trim()
  .min(1, { error: texts.standards.nameRequired })
  .max(LIMITS.standardNameMax, { error: fieldTexts.standardNameTooLong })
  .refine(...singleLine(fieldTexts.standardNameSingleLine))
  .refine(...wellFormedText);

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
});

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
export type StandardList = z.infer<typeof standardListResponseSchema>;
export type StandardListQuery = z.input<typeof standardListQuerySchema>;
