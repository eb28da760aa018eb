import { z } from 'zod';
import { ID_MAX, LIMITS, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants.js';
import {
  dataResponseSchema,
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  listResponseSchema,
  noNulCharacter,
  wellFormedText,
} from './common.js';
import { fieldTexts } from './texts.js';

const standardRequired = { error: fieldTexts.standardRequired };

/** The standard a student belongs to: an integer or an integer string (SPEC.md 5). */
export const studentStandardSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/),
    ],
    standardRequired,
  )
  .transform(Number)
  .pipe(z.number().int(standardRequired).positive(standardRequired).max(ID_MAX, standardRequired));

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .refine(...noNulCharacter)
    .refine(...wellFormedText)
    .nullish()
    .transform((value) => value ?? '');

export const studentInputSchema = z.strictObject({
  name: z
    .string({ error: fieldTexts.studentNameRequired })
    .trim()
    .min(1, { error: fieldTexts.studentNameRequired })
    .max(LIMITS.studentNameMax, { error: fieldTexts.nameTooLong })
    .refine(...noNulCharacter)
    .refine(...wellFormedText),
  email: z
    .string({ error: fieldTexts.studentEmailRequired })
    .trim()
    .min(1, { error: fieldTexts.studentEmailRequired })
    .pipe(emailSchema),
  roll_number: z
    .string({ error: fieldTexts.rollNumberRequired })
    .trim()
    .min(1, { error: fieldTexts.rollNumberRequired })
    .max(LIMITS.rollNumberMax, { error: fieldTexts.rollNumberTooLong })
    .refine(...noNulCharacter)
    .refine(...wellFormedText),
  standard: studentStandardSchema,
  phone_number: optionalText(LIMITS.phoneMax, fieldTexts.phoneInvalid).refine(
    (value) => /^[0-9 +\-()]*$/.test(value),
    { error: fieldTexts.phoneInvalid },
  ),
  address: optionalText(LIMITS.addressMax, fieldTexts.addressTooLong),
});

/** PUT update_students/: the same fields and the `id` of the student to change. */
export const studentUpdateSchema = studentInputSchema.extend({ id: idSchema });

/** DELETE update_students/: the id, from the JSON body or from `?id=`. */
export const studentDeleteSchema = z.strictObject({ id: idSchema });

export const studentListQuerySchema = z.strictObject({
  standard: z.coerce.number().int().positive().max(ID_MAX).optional(),
  q: z
    .string()
    .trim()
    .max(LIMITS.searchMax)
    .refine(...noNulCharacter)
    .refine(...wellFormedText)
    .optional(),
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: z.string().max(LIMITS.cursorMax).optional(),
});

export const studentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roll_number: z.string(),
  standard: z.number().int(),
  phone_number: z.string(),
  address: z.string(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});

export const studentListResponseSchema = listResponseSchema(studentSchema);
export const studentResponseSchema = dataResponseSchema(studentSchema);

export type StudentInput = z.input<typeof studentInputSchema>;
export type StudentValues = z.output<typeof studentInputSchema>;
export type StudentUpdate = z.output<typeof studentUpdateSchema>;
export type StudentListQuery = z.input<typeof studentListQuerySchema>;
export type Student = z.infer<typeof studentSchema>;
export type StudentList = z.infer<typeof studentListResponseSchema>;
