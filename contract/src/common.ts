import { z } from 'zod';
import { ID_MAX, LIMITS, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants.js';
import { fieldTexts } from './texts.js';

/** A database id: a positive integer; path and query strings are converted. */
export const idSchema = z.coerce
  .number({ error: fieldTexts.idInvalid })
  .int({ error: fieldTexts.idInvalid })
  .positive({ error: fieldTexts.idInvalid })
  .max(ID_MAX, { error: fieldTexts.idInvalid });

/**
 * PostgreSQL text cannot hold U+0000 while SQLite can; refusing it in every stored or searched
 * text keeps both databases alike and turns what would be a server error into a 400.
 */
export const noNulCharacter = [
  (value: string) => !value.includes('\u0000'),
  { error: fieldTexts.nulCharacter },
] as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Half of a UTF-16 surrogate pair is not a character and has no UTF-8 form: SQLite kept its
 * raw bytes and gave back three U+FFFD, PostgreSQL one. Refusing it means every text is
 * stored and given back exactly as sent, on both databases.
 */
export const wellFormedText = [
  (value: string) => !LONE_SURROGATE.test(value),
  { error: fieldTexts.loneSurrogate },
] as const;

export const idParamsSchema = z.strictObject({ id: idSchema });

/** An e-mail address, trimmed and lower-cased so that one person has one account. */
export const emailSchema = z
  .string({ error: fieldTexts.studentEmailRequired })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { error: fieldTexts.emailInvalid })
  .pipe(z.email({ error: fieldTexts.emailInvalid }));

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const listQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  cursor: z.string().max(LIMITS.cursorMax).optional(),
});

export const detailResponseSchema = z.object({ detail: z.string() });

/** RFC 9457 problem details, with per-field messages for validation failures. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export type Problem = z.infer<typeof problemSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;

/** The list envelope of SPEC.md 3 with the keyset cursor of DESIGN.md 3. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

/** The single-object envelope used by create and update answers (DESIGN.md 3). */
export function dataResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: item });
}

/** Field errors as `{ field: [messages] }`, the shape problem JSON carries under `errors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (result[key] ??= []).push(issue.message);
  }
  return result;
}

/** The first message for each field, which is what a form shows under its input. */
export function firstFieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, list] of Object.entries(fieldErrors(error))) {
    if (list[0] !== undefined) result[field] = list[0];
  }
  return result;
}
