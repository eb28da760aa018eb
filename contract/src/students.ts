import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  dataResponseSchema,
  emailSchema,
  idReferenceSchema,
  idSchema,
  isoDateTimeSchema,
  listCursorSchema,
  listLimitSchema,
  listResponseSchema,
  noNulCharacter,
  versionSchema,
  wellFormedText,
} from './common.js';
import { fieldTexts } from './texts.js';

/** The standard a student belongs to: its id, as an integer or in digits (SPEC.md 5). */
export const studentStandardSchema = idReferenceSchema(fieldTexts.standardRequired);

const optionalText = (max: number, texts: { notText: string; tooLong: string }) =>
  z
    .string({ error: texts.notText })
    .trim()
    .max(max, { error: texts.tooLong })
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
  phone_number: optionalText(LIMITS.phoneMax, {
    notText: fieldTexts.phoneInvalid,
    tooLong: fieldTexts.phoneInvalid,
  }).refine((value) => /^[0-9 +\-()]*$/.test(value), { error: fieldTexts.phoneInvalid }),
  address: optionalText(LIMITS.addressMax, {
    notText: fieldTexts.addressNotText,
    tooLong: fieldTexts.addressTooLong,
  }),
});

/**
 * PUT update_students/: the same fields, the `id` of the student to change and, optionally, the
 * `version` the client edited.
 */
export const studentUpdateSchema = studentInputSchema.extend({
  id: idSchema,
  version: versionSchema.optional(),
});

/** DELETE update_students/: the id, from the JSON body or from `?id=`. */
export const studentDeleteSchema = z.strictObject({ id: idSchema });

/** The orders of the student list: a column, `-` before it for descending; ties go by id. */
export const studentSorts = ['name', 'roll_number', '-name', '-roll_number'] as const;
export type StudentSort = (typeof studentSorts)[number];

/** What narrows the student list, its count and its export. */
const studentFilters = {
  standard: idReferenceSchema(fieldTexts.standardFilterInvalid).optional(),
  q: z
    .string({ error: fieldTexts.searchInvalid })
    .trim()
    .max(LIMITS.searchMax, { error: fieldTexts.searchInvalid })
    .refine(...noNulCharacter)
    .refine(...wellFormedText)
    .optional()
    .describe(
      'Words, each found in the name, e-mail or roll number, in any order, without regard to case',
    ),
};

export const studentListQuerySchema = z.strictObject({
  ...studentFilters,
  sort: z.enum(studentSorts, { error: fieldTexts.sortInvalid }).optional(),
  limit: listLimitSchema,
  cursor: listCursorSchema,
});

export const studentCountQuerySchema = z.strictObject(studentFilters);
export const studentCountResponseSchema = dataResponseSchema(z.object({ count: z.number().int() }));

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
  version: z.number().int(),
});

export const studentListResponseSchema = listResponseSchema(studentSchema);
export const studentResponseSchema = dataResponseSchema(studentSchema);

/** What a person calls each field of a student: in the form, its history and an import's columns. */
export const studentFieldLabels = {
  name: 'Name',
  email: 'Email',
  roll_number: 'Roll number',
  standard: 'Standard',
  phone_number: 'Phone',
  address: 'Address',
} as const satisfies Record<keyof z.output<typeof studentInputSchema>, string>;

export type StudentInput = z.input<typeof studentInputSchema>;
export type StudentValues = z.output<typeof studentInputSchema>;
export type StudentUpdate = z.output<typeof studentUpdateSchema>;
export type StudentListQuery = z.input<typeof studentListQuerySchema>;
export type Student = z.infer<typeof studentSchema>;
export type StudentList = z.infer<typeof studentListResponseSchema>;
