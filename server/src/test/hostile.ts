import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Inputs an attacker or a careless client sends: SQL, script and template injections, path
 * tricks, header splitting, and the Unicode that breaks naive code (bidi overrides, zero-width
 * and combining characters, astral planes, a byte-order mark, lone surrogates, NUL).
 */
export const hostileFragments = [
  "'; DROP TABLE students; --",
  "' OR '1'='1",
  '" OR ""="',
  '1); DELETE FROM users; --',
  "' UNION SELECT password_hash, email FROM users --",
  "'; SELECT pg_sleep(10); --",
  'Robert"); DROP TABLE standards;--',
  '\\',
  '%',
  '_',
  '*',
  'NEAR(a b)',
  '"quoted" AND NOT x',
  '<script>alert(document.cookie)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '%s%n%x',
  '../../../etc/passwd',
  '\r\nSet-Cookie: session=stolen',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  '\u202Egnp.exe',
  'a\u200Bb\u200Dc',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  'Ω≈ç√∫˜µ≤≥÷',
  '表ポあA鷗Œé',
  'مرحبا بالعالم',
  '\u0000',
  '\uD800',
  '\uDFFFx',
] as const;

/** One UTF-16 code unit of any value, so lone surrogates come up too. */
const codeUnit = fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...hostileFragments),
  fc
    .array(fc.constantFrom(...hostileFragments), { minLength: 1, maxLength: 4 })
    .map((parts) => parts.join(' ')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: codeUnit, maxLength: 20 }),
  fc.string({ maxLength: 300 }),
);

/** Any JSON value a field might be given instead of the one it expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 53 + 1, -0, 1e308, Number.MIN_VALUE),
  fc.constantFrom('1', ' 7 ', '0x10', '1e3', '-1', '99999999999999999999', 'NaN', 'Infinity'),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(hostileString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/**
 * Percent-encodes every byte of the UTF-8 form of a string except unreserved characters.
 * `encodeURIComponent` throws on a lone surrogate, and those must reach the server too.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char)
      ? char
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Malformed or tricky path segments, sent as they are. */
export const rawPathSegments = [
  '%',
  '%zz',
  '%c0%af',
  '%ff%fe',
  '%00',
  '..%2f..%2fetc',
  '%2e%2e',
  '1%20OR%201=1',
  '1;DROP',
  '%F0%9F%98%80',
  '%ED%A0%80',
] as const;

/**
 * Markers of an internal error reaching a client: a stack frame, a source path, a driver's
 * error name or code, or SQL. None of them belongs in any answer.
 */
const leakMarkers: RegExp[] = [
  /\bat [\w$.<>]+ \(/,
  /\n\s+at /,
  /node_modules/,
  /\.[cm]?[jt]s:\d+/,
  /Sqlite(Error)?|SQLITE_/i,
  /\bpg_|postgres|relation "|violates|duplicate key|syntax error/i,
  /\bkysely\b/i,
  /\b(select|insert into|update|delete from)\b[\s\S]*\b(from|values|set|where)\b/i,
  /\bconstraint\b/i,
  /stack/i,
];

/**
 * Throws when an answer carries a leak marker. Text the client itself sent may come back
 * (a stored name, an unknown field named in a 400), so it is cut out before looking.
 */
export function assertNoLeak(body: string, sent: Iterable<string>): void {
  let rest = body;
  const pieces = [...new Set(sent)]
    .flatMap((text) => [text, JSON.stringify(text).slice(1, -1)])
    .filter((text) => text.length > 0)
    .sort((a, b) => b.length - a.length);
  for (const piece of pieces) rest = rest.split(piece).join(' ');
  for (const marker of leakMarkers) {
    if (marker.test(rest)) throw new Error(`answer leaks ${marker}: ${body.slice(0, 500)}`);
  }
}

/** Every string inside a JSON value, keys included. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
  }
  return [];
}

const TABLES = [
  'users',
  'one_time_codes',
  'mail_cooldowns',
  'refresh_tokens',
  'password_reset_tokens',
  'standards',
  'students',
  'messages',
  'message_states',
] as const;

/** Every row of every table, in a fixed order: equal snapshots mean nothing was stored. */
export async function snapshot(db: Db): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    const { rows } = await sql`select * from ${sql.table(table)} order by 1, 2`.execute(db);
    tables[table] = rows;
  }
  return JSON.stringify(tables);
}
