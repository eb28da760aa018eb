import { asReadableLine, LIMITS } from '@um/contract';

/**
 * A name a sign-in provider (Google, the school's OpenID provider) gives, as the sign-up form
 * would take it: one line (a line break, a tab or another control character, NUL included,
 * which PostgreSQL cannot store, becomes a space), without the invisible format characters the
 * form refuses (a right-to-left override, a zero-width space), half of a surrogate pair replaced
 * as UTF-8 encoding replaces it (the databases differ otherwise), and cut to the form's length
 * without splitting a character in two. '' when the provider gives none.
 */
export function providerDisplayName(value: unknown): string {
  if (typeof value !== 'string') return '';
  const text = Buffer.from(asReadableLine(value), 'utf8').toString('utf8').trim();
  let name = '';
  for (const char of text) {
    if (name.length + char.length > LIMITS.personNameMax) break;
    name += char;
  }
  return name;
}
