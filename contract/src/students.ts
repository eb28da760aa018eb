import { z } from 'zod';
import { LIMITS } from './constants.js';
import {
  dataResponseSchema,
  idReferenceSchema,
  idSchema,
  isoDateTimeSchema,
  listCursorSchema,
  listLimitSchema,
  listResponseSchema,
  noFormatCharacters,
  noNulCharacter,
  searchTextSchema,
  singleLine,
  somethingVisible,
  versionSchema,
  wellFormedText,
} from './common.js';
import { fieldTexts } from './texts.js';

/** The standard a student belongs to: its id, as an integer or in digits. */
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

/** Where a student stands: at school, or gone from it (with the date they left). */
export const studentStatuses = ['active', 'left', 'graduated'] as const;
export type StudentStatus = (typeof studentStatuses)[number];

/** A calendar date as YYYY-MM-DD, one that exists (no 30 February). */
export const isoDateSchema = z
  .string({ error: fieldTexts.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: fieldTexts.dateInvalid, abort: true })
  .refine(
    (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    },
    { error: fieldTexts.dateInvalid },
  );

/**
 * Today's date where the day is furthest ahead (UTC+14), or `days` after it: a date after it is
 * in the future for everyone, whichever time zone the school is in.
 */
const latestToday = (days = 0) =>
  new Date(Date.now() + 14 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** The earliest date of birth or leaving a student record takes: 0000-01-01 is a slip. */
export const EARLIEST_DATE = '1900-01-01';
/** How far ahead a leaving date may be set, for a leaving already arranged. */
export const LEFT_ON_AHEAD_DAYS = 31;

/** A leaving date: from 1900, and at most LEFT_ON_AHEAD_DAYS ahead (2999-12-31 is a slip). */
export const leftOnSchema = isoDateSchema
  .refine((value) => value >= EARLIEST_DATE, { error: fieldTexts.leftOnTooEarly })
  .refine((value) => value <= latestToday(LEFT_ON_AHEAD_DAYS), {
    error: fieldTexts.leftOnTooLate,
  });

/** An optional date: absent, null or empty is none. */
const optionalDate = (date: z.ZodType<string, string> = isoDateSchema) =>
  z
    .string({ error: fieldTexts.dateInvalid })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null))
    .pipe(date.nullable());

const phoneText = () =>
  optionalText(LIMITS.phoneMax, {
    notText: fieldTexts.phoneInvalid,
    tooLong: fieldTexts.phoneInvalid,
  }).refine((value) => /^[0-9 +\-()]*$/.test(value), { error: fieldTexts.phoneInvalid });

/** An e-mail address or nothing: blank, null and absent are all none. */
const optionalEmail = () =>
  z
    .string({ error: fieldTexts.emailInvalid })
    .trim()
    .toLowerCase()
    .max(LIMITS.emailMax, { error: fieldTexts.emailInvalid })
    .refine(...singleLine(fieldTexts.emailSingleLine))
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      error: fieldTexts.emailInvalid,
    })
    .nullish()
    .transform((value) => value ?? '');

/** A parent or other adult to call about a student. */
export const guardianSchema = z.strictObject({
  name: z
    .string({ error: fieldTexts.guardianNameRequired })
    .trim()
    .min(1, { error: fieldTexts.guardianNameRequired })
    .max(LIMITS.guardianNameMax, { error: fieldTexts.guardianNameTooLong })
    .refine(...singleLine(fieldTexts.guardianSingleLine))
    .refine(...noFormatCharacters(fieldTexts.guardianFormatCharacter))
    .refine(...somethingVisible(fieldTexts.guardianNothingVisible))
    .refine(...wellFormedText),
  relation: optionalText(LIMITS.guardianRelationMax, {
    notText: fieldTexts.guardianRelationTooLong,
    tooLong: fieldTexts.guardianRelationTooLong,
  }),
  phone: phoneText(),
  email: optionalEmail(),
  primary: z.boolean().optional().default(false),
});

export type Guardian = z.output<typeof guardianSchema>;

const studentFields = z.strictObject({
  name: z
    .string({ error: fieldTexts.studentNameRequired })
    .trim()
    .min(1, { error: fieldTexts.studentNameRequired })
    .max(LIMITS.studentNameMax, { error: fieldTexts.nameTooLong })
    .refine(...singleLine(fieldTexts.nameSingleLine))
    .refine(...noFormatCharacters(fieldTexts.nameFormatCharacter))
    .refine(...somethingVisible(fieldTexts.nameNothingVisible))
    .refine(...wellFormedText),
  email: optionalEmail(),
  roll_number: z
    .string({ error: fieldTexts.rollNumberRequired })
    .trim()
    .min(1, { error: fieldTexts.rollNumberRequired })
    .max(LIMITS.rollNumberMax, { error: fieldTexts.rollNumberTooLong })
    .refine(...singleLine(fieldTexts.rollNumberSingleLine))
    .refine(...wellFormedText),
  standard: studentStandardSchema,
  phone_number: phoneText(),
  address: optionalText(LIMITS.addressMax, {
    notText: fieldTexts.addressNotText,
    tooLong: fieldTexts.addressTooLong,
  }),
  admission_number: optionalText(LIMITS.admissionNumberMax, {
    notText: fieldTexts.admissionNumberTooLong,
    tooLong: fieldTexts.admissionNumberTooLong,
  })
    .refine(...singleLine(fieldTexts.admissionNumberSingleLine))
    .refine(...noFormatCharacters(fieldTexts.admissionNumberFormatCharacter))
    .refine(...somethingVisible(fieldTexts.admissionNumberNothingVisible)),
  date_of_birth: optionalDate()
    .refine((value) => value === null || value >= EARLIEST_DATE, {
      error: fieldTexts.dateOfBirthTooEarly,
    })
    .refine((value) => value === null || value <= latestToday(), {
      error: fieldTexts.dateOfBirthInFuture,
    }),
  status: z.enum(studentStatuses, { error: fieldTexts.statusInvalid }).optional().default('active'),
  left_on: optionalDate(leftOnSchema),
  guardians: z
    .array(guardianSchema, { error: fieldTexts.guardiansTooMany })
    .max(LIMITS.guardiansMax, { error: fieldTexts.guardiansTooMany })
    .nullish()
    .transform((value) => value ?? []),
});

/**
 * The rules between fields: a student who left or graduated has the date they did, an active one
 * has none (decision 0044), and guardians, when there are any, have exactly one primary contact.
 */
function checkRecord(
  student: z.output<typeof studentFields>,
  context: z.core.$RefinementCtx<z.output<typeof studentFields>>,
) {
  if (student.status === 'active' && student.left_on !== null) {
    context.addIssue({ code: 'custom', path: ['left_on'], message: fieldTexts.leftOnOnlyWhenGone });
  }
  if (student.status !== 'active' && student.left_on === null) {
    context.addIssue({ code: 'custom', path: ['left_on'], message: fieldTexts.leftOnRequired });
  }
  if (student.left_on && student.date_of_birth && student.left_on < student.date_of_birth) {
    context.addIssue({ code: 'custom', path: ['left_on'], message: fieldTexts.leftOnBeforeBirth });
  }
  // Run after the fields' own checks, which may have left some of them out.
  const guardians = Array.isArray(student.guardians) ? student.guardians : [];
  const primaries = guardians.filter((guardian) => guardian.primary).length;
  if (guardians.length > 0 && primaries !== 1) {
    context.addIssue({
      code: 'custom',
      path: ['guardians'],
      message: fieldTexts.guardiansOnePrimary,
    });
  }
}

export const studentInputSchema = studentFields.superRefine(checkRecord);

/**
 * PUT update_students/: the same fields, the `id` of the student to change and, optionally, the
 * `version` the client edited.
 */
export const studentUpdateSchema = studentFields
  .extend({
    id: idSchema,
    version: versionSchema.optional(),
  })
  .superRefine(checkRecord);

/** DELETE update_students/: the id, from the JSON body or from `?id=`. */
export const studentDeleteSchema = z.strictObject({ id: idSchema });

/** The orders of the student list: a column, `-` before it for descending; ties go by id. */
export const studentSorts = ['name', 'roll_number', '-name', '-roll_number'] as const;
export type StudentSort = (typeof studentSorts)[number];

/** What narrows the student list, its count and its export. */
const studentFilters = {
  standard: idReferenceSchema(fieldTexts.standardFilterInvalid).optional(),
  q: searchTextSchema(
    "Words, each found in the name, e-mail, roll number, admission number or a guardian's name, in any order, without regard to case; a word of phone digits (at least 4, punctuation ignored) also finds the student's or a guardian's phone",
  ),
  status: z
    .enum([...studentStatuses, 'all'], { error: fieldTexts.statusFilterInvalid })
    .optional()
    .describe('Which students: active ones (the default), those who left or graduated, or all'),
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
  admission_number: z.string(),
  date_of_birth: z.string().nullable(),
  status: z.enum(studentStatuses),
  left_on: z.string().nullable(),
  guardians: z.array(
    z.object({
      name: z.string(),
      relation: z.string(),
      phone: z.string(),
      email: z.string(),
      primary: z.boolean(),
    }),
  ),
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
  admission_number: 'Admission number',
  date_of_birth: 'Date of birth',
  status: 'Status',
  left_on: 'Left on',
  guardians: 'Guardians',
} as const satisfies Record<keyof z.output<typeof studentInputSchema>, string>;

export type StudentInput = z.input<typeof studentInputSchema>;
export type StudentValues = z.output<typeof studentInputSchema>;
export type StudentUpdate = z.output<typeof studentUpdateSchema>;
export type StudentListQuery = z.input<typeof studentListQuerySchema>;
export type Student = z.infer<typeof studentSchema>;
export type StudentList = z.infer<typeof studentListResponseSchema>;
