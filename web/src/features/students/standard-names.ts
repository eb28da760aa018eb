import type { Standard } from '@um/contract';

/**
 * How a standard reads in a row, a form or a choice: its name, and its academic year as well
 * when a standard of another year has that name too (after a year end "7A" is a class of each
 * year).
 */
export function standardLabeller(standards: readonly Standard[]): (standard: Standard) => string {
  const years = new Map<string, Set<string>>();
  for (const { name, academic_year } of standards) {
    const key = name.trim().toLowerCase();
    years.set(key, (years.get(key) ?? new Set()).add(academic_year));
  }
  return (standard) =>
    (years.get(standard.name.trim().toLowerCase())?.size ?? 0) > 1
      ? `${standard.name} (${standard.academic_year})`
      : standard.name;
}

/**
 * A standard's label by its id; an id the list does not hold (a link to a standard since
 * deleted) still reads as something.
 */
export function standardNamer(standards: readonly Standard[]): (id: number) => string {
  const label = standardLabeller(standards);
  const names = new Map(standards.map((standard) => [standard.id, label(standard)]));
  return (id) => names.get(id) ?? `Standard ${id}`;
}
