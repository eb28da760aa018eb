import { z } from 'zod';
import { ID_MAX, LIMITS, LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from './constants.js';
import { fieldTexts, validationTexts } from './texts.js';

/**
 * Every issue a schema raises without a text of its own is worded from validationTexts, in the
 * browser and on the server alike, so no person ever reads the validation library's English.
 * Schemas still give their fields explicit texts; this is the net under them (for a body that
 * is not an object, an unknown field, a rule added without a text). It is set where every
 * schema module imports from, so it is in place before any schema can parse.
 */
z.config({
  customError(issue) {
    const path = issue.path ?? [];
    switch (issue.code) {
      case 'invalid_type':
        if (issue.expected === 'object' && path.length === 0) return validationTexts.bodyNotObject;
        return issue.input === undefined
          ? validationTexts.required(path)
          : validationTexts.wrongType(path, issue.expected);
      case 'unrecognized_keys':
        return validationTexts.unknownFields(issue.keys);
      case 'too_big':
        return issue.origin === 'string'
          ? validationTexts.tooLong(path, issue.maximum)
          : validationTexts.tooLarge(path, issue.maximum);
      case 'too_small':
        return issue.origin === 'string'
          ? validationTexts.tooShort(path, issue.minimum)
          : validationTexts.tooSmall(path, issue.minimum);
      default:
        return validationTexts.invalid(path);
    }
  },
});

/**
 * A whole number as a client may write it: a JSON number, or a string of digits (paths and
 * query strings carry nothing else). Anything a looser reading would turn into a number
 * (`"0x3"`, `"1e0"`, `" 7"`, `[6]`, `true`, `""`) is refused with `message`.
 */
function wholeNumber(min: number, max: number, message: string) {
  const invalid = { error: message };
  const bounded = () => z.number(invalid).int(invalid).min(min, invalid).max(max, invalid);
  // The number keeps its bounds before the pipe too, so that the API document states them.
  return z
    .union([bounded(), z.string(invalid).regex(/^\d{1,16}$/, invalid)], invalid)
    .transform(Number)
    .pipe(bounded());
}

/** A database id: a whole number from 1, as a JSON number or in digits. */
export const idSchema = wholeNumber(1, ID_MAX, fieldTexts.idInvalid);

/** A reference to a row by its id, worded for the field that holds it. */
export function idReferenceSchema(message: string) {
  return wholeNumber(1, ID_MAX, message);
}

/** How many rows a list page holds. */
export const listLimitSchema = wholeNumber(1, LIST_LIMIT_MAX, fieldTexts.listLimitInvalid)
  .default(LIST_LIMIT_DEFAULT)
  .describe(`How many items the page holds; ${LIST_LIMIT_DEFAULT} when left out`);

/** A keyset cursor as a client sends it back; what it holds is checked where it is read. */
export const listCursorSchema = z
  .string({ error: fieldTexts.cursorInvalid })
  .max(LIMITS.cursorMax, { error: fieldTexts.cursorInvalid })
  .optional()
  .describe("The previous page's `next_cursor`, for the page after it");

/**
 * PostgreSQL text cannot hold U+0000 while SQLite can; refusing it in every stored or searched
 * text keeps both databases alike and turns what would be a server error into a 400.
 */
export const noNulCharacter = [
  (value: string) => !value.includes('\u0000'),
  { error: fieldTexts.nulCharacter },
] as const;

/**
 * Every control character (Unicode's Cc: line feed, carriage return, tab, NUL, escape, NEL, …)
 * and the line and paragraph separators. A single-line field holding one breaks the line it is
 * shown on, and in an exported file a row can start inside it.
 */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/**
 * A single-line field (a name, a roll number, an e-mail address) refuses control characters,
 * with its own message; it stands in for `noNulCharacter` there. Leading and trailing ones go
 * with the trim before it.
 */
export const singleLine = (message: string) =>
  [(value: string) => !CONTROL_CHARACTER.test(value), { error: message }] as const;

/** Unicode format characters (category Cf): unseen, and some turn the text around them (U+202E). */
const FORMAT_CHARACTER = /\p{Cf}/u;

/**
 * A name or a number a person reads refuses format characters: a right-to-left override makes
 * "Asha\u202Etxt.exe" read otherwise than it is, and zero-width spaces make two names that look
 * alike differ.
 */
export const noFormatCharacters = (message: string) =>
  [(value: string) => !FORMAT_CHARACTER.test(value), { error: message }] as const;

const CONTROL_CHARACTER_RUNS = new RegExp(`${CONTROL_CHARACTER.source}+`, 'gu');
const FORMAT_CHARACTERS = new RegExp(FORMAT_CHARACTER.source, 'gu');

/**
 * Text from elsewhere (a sign-in provider's name) as a single-line field without format
 * characters would take it, where refusing it is not open: each run of control characters
 * becomes a space and format characters go.
 */
export const asReadableLine = (value: string) =>
  value.replace(CONTROL_CHARACTER_RUNS, ' ').replace(FORMAT_CHARACTERS, '');

/**
 * Something a reader can see: a letter, digit, mark, punctuation or symbol other than the
 * blanks that are letters or symbols by category (Hangul fillers, the blank Braille pattern).
 * Empty passes: whether a field may be empty is its own rule.
 */
const VISIBLE = /(?![\u115F\u1160\u3164\uFFA0\u2800])[\p{L}\p{N}\p{M}\p{P}\p{S}]/u;
export const somethingVisible = (message: string) =>
  [(value: string) => value === '' || VISIBLE.test(value), { error: message }] as const;

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

/** The `version` a client edited (docs/history.md, "Edit conflicts"): a whole number from 1. */
export const versionSchema = wholeNumber(1, ID_MAX, fieldTexts.versionInvalid);

export const idParamsSchema = z.strictObject({ id: idSchema });

/** An e-mail address, trimmed and lower-cased so that one person has one account. */
export const emailSchema = z
  .string({ error: fieldTexts.studentEmailRequired })
  .trim()
  .toLowerCase()
  .max(LIMITS.emailMax, { error: fieldTexts.emailInvalid })
  .refine(...singleLine(fieldTexts.emailSingleLine))
  .pipe(z.email({ error: fieldTexts.emailInvalid }));

export const isoDateTimeSchema = z.iso.datetime({ offset: true });

export const listQuerySchema = z.strictObject({
  limit: listLimitSchema,
  cursor: listCursorSchema,
});

/** A query-string switch: `true` or `false`, off when absent. */
export const queryFlagSchema = (name: string) =>
  z
    .enum(['true', 'false'], { error: `${name} must be true or false.` })
    .optional()
    .transform((value) => value === 'true');

/** A list's `q`: words, each of which an item must hold somewhere, in any order. */
export function searchTextSchema(description: string) {
  return z
    .string({ error: fieldTexts.searchInvalid })
    .trim()
    .max(LIMITS.searchMax, { error: fieldTexts.searchInvalid })
    .refine(...noNulCharacter)
    .refine(...wellFormedText)
    .optional()
    .describe(description);
}

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

/**
 * A save refused because the record changed since the client read it: the record as it is now
 * comes under `current`, so the client can show what changed.
 */
export function editConflictSchema<T extends z.ZodType>(record: T) {
  return problemSchema.extend({ current: record.optional() });
}

export type Problem = z.infer<typeof problemSchema>;
export type ListQuery = z.infer<typeof listQuerySchema>;

/** A page of a list: its items under `data`, and the keyset cursor (docs/api.md, "Lists"). */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), next_cursor: z.string().nullable() });
}

/** The single-object envelope of reads, creates and updates (docs/api.md, "Answers"). */
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
