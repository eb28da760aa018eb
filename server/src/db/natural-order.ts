/**
 * The key that orders roll numbers naturally (docs/api.md, "Lists"): `9C-2` before `9C-10`.
 * Letters are folded to lower case (ASCII only, as SQLite's lower() and PostgreSQL's lower()
 * under the "C" collation fold them), and each run of digits becomes its length in two digits,
 * then the digits without leading zeros, so that runs compare as numbers and byte order does
 * the rest. The database computes the same key on every write (migration 0017), in SQL on
 * PostgreSQL and with this very function on SQLite; a page's cursor carries it too.
 */
export function naturalRollKey(rollNumber: string): string {
  return rollNumber
    .replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
    .replace(/[0-9]+/g, (run) => {
      const digits = run.replace(/^0+/, '');
      return `${String(digits.length).padStart(2, '0')}${digits}`;
    });
}

/** The SQL function name that computes `naturalRollKey` in both databases. */
export const NATURAL_ROLL_KEY_FUNCTION = 'natural_roll_key';
