/** Joins class names, skipping the falsy ones, so conditional classes read as one expression. */
export function cx(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
