import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** How one filter is read from the address and written back; null leaves it out. */
export interface FilterParam<T> {
  read: (raw: string | null) => T;
  write: (value: T) => string | null;
}

/** A list's filters, one address parameter each, such as `{ standard, q, sort }`. */
export type FilterSpec = Record<
  string,
  { read: (raw: string | null) => unknown; write: (value: never) => string | null }
>;

export type Filters<Spec extends FilterSpec> = {
  [Name in keyof Spec]: ReturnType<Spec[Name]['read']>;
};

/** A record's id written in digits, such as `?standard=3`; anything else means none. */
export const idParam: FilterParam<number | null> = {
  read: (raw) => {
    const id = Number(raw);
    return raw !== null && /^[1-9]\d*$/.test(raw) && Number.isSafeInteger(id) ? id : null;
  },
  write: (id) => (id === null ? null : String(id)),
};

/** Words to search for, trimmed; empty means none. */
export const textParam: FilterParam<string> = {
  read: (raw) => (raw ?? '').trim(),
  write: (text) => (text === '' ? null : text),
};

/** One of a few choices; the usual one is left out of the address. */
export function choiceParam<Choice extends string>(
  choices: readonly Choice[],
  usual: Choice,
): FilterParam<Choice> {
  return {
    read: (raw) => choices.find((choice) => choice === raw) ?? usual,
    write: (choice) => (choice === usual ? null : choice),
  };
}

/** A list's filters, typed by their spec, so the loader and the screen read them alike. */
export function defineFilters<Spec extends FilterSpec>(spec: Spec) {
  return {
    spec,
    read(params: URLSearchParams): Filters<Spec> {
      return Object.fromEntries(
        Object.entries(spec).map(([name, param]) => [
          name,
          (param as FilterParam<unknown>).read(params.get(name)),
        ]),
      ) as Filters<Spec>;
    },
    /** `current` with `change` applied, keeping parameters of the address this spec does not name. */
    write(current: URLSearchParams, change: Partial<Filters<Spec>>): URLSearchParams {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(change)) {
        const param = spec[name] as FilterParam<unknown> | undefined;
        if (!param || value === undefined) continue;
        const written = param.write(value);
        if (written === null) next.delete(name);
        else next.set(name, written);
      }
      return next;
    },
  };
}

export type ListFilters<Spec extends FilterSpec> = ReturnType<typeof defineFilters<Spec>>;

/**
 * A list's filters live in the address (?standard=3&q=asha&sort=roll_number), so a reload or a
 * link shows the same list. A change replaces the history entry: typing a search must not
 * leave one entry per pause.
 */
export function useUrlFilters<Spec extends FilterSpec>(
  filters: ListFilters<Spec>,
): [Filters<Spec>, (change: Partial<Filters<Spec>>) => void] {
  const [params, setParams] = useSearchParams();
  const change = useCallback(
    (next: Partial<Filters<Spec>>) =>
      setParams((current) => filters.write(current, next), { replace: true }),
    [filters, setParams],
  );
  return [filters.read(params), change];
}
