import { z } from 'zod';
import { ONEROSTER_LIMIT_DEFAULT, ONEROSTER_LIMIT_MAX } from '@um/contract';

/**
 * What a OneRoster REST client may ask of a collection (OneRoster 1.2 REST binding, 3.4):
 * `filter`, `sort` and `orderBy`, `fields`, `limit` and `offset`. Applied to the records in
 * memory, in that order; every field named must be one the collection's records have.
 */

/** A refusal in OneRoster's words: its status and its `imsx_codeMinor` value. */
export class OneRosterError extends Error {
  constructor(
    readonly status: number,
    readonly codeMinor: string,
    description: string,
  ) {
    super(description);
    this.name = 'OneRosterError';
  }
}

const DATE_FIELDS = new Set(['dateLastModified', 'startDate', 'endDate', 'beginDate', 'birthDate']);

type Operator = '=' | '!=' | '>' | '>=' | '<' | '<=' | '~';

export interface Clause {
  path: string[];
  operator: Operator;
  value: string;
}

export interface Filter {
  clauses: Clause[];
  join: 'AND' | 'OR';
}

const CLAUSE =
  /^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*)\s*(!=|>=|<=|=|>|<|~)\s*'([^']*)'/;

/** The schema a dotted path leads to in a record's schema, or undefined when it leads nowhere. */
function schemaAt(schema: z.ZodType, path: readonly string[]): z.ZodType | undefined {
  let current: z.ZodType = schema;
  for (const name of path) {
    while (current instanceof z.ZodArray) current = current.element as z.ZodType;
    if (!(current instanceof z.ZodObject)) return undefined;
    const next = (current.shape as Record<string, z.ZodType>)[name];
    if (!next) return undefined;
    current = next;
  }
  return current;
}

const isScalar = (schema: z.ZodType | undefined) =>
  schema !== undefined && !(schema instanceof z.ZodObject) && !(schema instanceof z.ZodArray);

const leafIsScalar = (schema: z.ZodType | undefined) => {
  let current = schema;
  while (current instanceof z.ZodArray) current = current.element as z.ZodType;
  return isScalar(current);
};

/** `field op 'value'` clauses joined by ` AND ` or by ` OR ` (one kind in one filter). */
export function parseFilter(text: string | undefined, schema: z.ZodType): Filter | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const invalid = (why: string) => new OneRosterError(400, 'invalid_filter_field', why);
  const clauses: Clause[] = [];
  const joins = new Set<'AND' | 'OR'>();
  let rest = text.trim();
  for (;;) {
    const match = CLAUSE.exec(rest);
    if (!match) throw invalid(`The filter is not field op 'value' at: ${rest.slice(0, 60)}`);
    const path = match[1]!.split('.');
    if (!leafIsScalar(schemaAt(schema, path))) {
      throw invalid(`The records have no field ${match[1]} to filter by.`);
    }
    clauses.push({ path, operator: match[2] as Operator, value: match[3]! });
    rest = rest.slice(match[0].length);
    if (rest.trim() === '') break;
    const join = /^\s+(AND|OR)\s+/.exec(rest);
    if (!join)
      throw invalid(`Clauses of a filter are joined by AND or OR, at: ${rest.slice(0, 60)}`);
    joins.add(join[1] as 'AND' | 'OR');
    rest = rest.slice(join[0].length);
  }
  if (joins.size > 1) throw invalid('A filter joins its clauses by AND or by OR, not both.');
  return { clauses, join: joins.has('OR') ? 'OR' : 'AND' };
}

/** Every value a dotted path reaches in a record (several through a list). */
function valuesAt(value: unknown, path: readonly string[]): unknown[] {
  if (path.length === 0) return Array.isArray(value) ? value : [value];
  if (Array.isArray(value)) return value.flatMap((item) => valuesAt(item, path));
  if (value === null || typeof value !== 'object') return [];
  return valuesAt((value as Record<string, unknown>)[path[0]!], path.slice(1));
}

function compare(field: string, left: string, right: string): number {
  if (DATE_FIELDS.has(field)) {
    const a = Date.parse(left);
    const b = Date.parse(right);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a - b;
  }
  return left < right ? -1 : left > right ? 1 : 0;
}

function holds(clause: Clause, record: unknown): boolean {
  const field = clause.path.at(-1)!;
  const values = valuesAt(record, clause.path).map((value) => String(value ?? ''));
  const test = (value: string) => {
    const order = compare(field, value, clause.value);
    switch (clause.operator) {
      case '=':
        return order === 0;
      case '!=':
        return order !== 0;
      case '>':
        return order > 0;
      case '>=':
        return order >= 0;
      case '<':
        return order < 0;
      case '<=':
        return order <= 0;
      case '~':
        return value.toLowerCase().includes(clause.value.toLowerCase());
    }
  };
  // A list holds `!=` when none of its values equals; any other operator when one holds it.
  return clause.operator === '!=' ? values.every(test) : values.some(test);
}

export function matches(filter: Filter | undefined, record: unknown): boolean {
  if (!filter) return true;
  return filter.join === 'AND'
    ? filter.clauses.every((clause) => holds(clause, record))
    : filter.clauses.some((clause) => holds(clause, record));
}

/**
 * The time after which a filter asks for what changed (`dateLastModified>` or `>=`): the REST
 * API then answers from the delta of that time, deletions included (docs/oneroster.md).
 */
export function changedSince(filter: Filter | undefined): string | undefined {
  if (!filter || filter.join !== 'AND') return undefined;
  const clause = filter.clauses.find(
    ({ path, operator }) =>
      path.length === 1 &&
      path[0] === 'dateLastModified' &&
      (operator === '>' || operator === '>='),
  );
  if (!clause) return undefined;
  const time = Date.parse(clause.value);
  if (Number.isNaN(time)) {
    throw new OneRosterError(
      400,
      'invalid_filter_field',
      'dateLastModified is compared with an ISO 8601 time.',
    );
  }
  return new Date(clause.operator === '>' ? time : time - 1).toISOString();
}

export interface Page<Item> {
  items: Item[];
  total: number;
  limit: number;
  offset: number;
}

/** Sorts, pages and selects the fields of matching records. */
export function pageOf<Item extends { sourcedId: string }>(
  records: readonly Item[],
  query: {
    sort?: string | undefined;
    orderBy?: 'asc' | 'desc' | undefined;
    limit?: string | undefined;
    offset?: string | undefined;
  },
  schema: z.ZodType,
): Page<Item> {
  const limit = query.limit === undefined ? ONEROSTER_LIMIT_DEFAULT : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > ONEROSTER_LIMIT_MAX) {
    throw new OneRosterError(400, 'invaliddata', `limit must be from 1 to ${ONEROSTER_LIMIT_MAX}.`);
  }
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  const sort = query.sort ?? 'sourcedId';
  if (!isScalar(schemaAt(schema, [sort]))) {
    throw new OneRosterError(
      400,
      'invalid_sort_field',
      `The records have no field ${sort} to sort by.`,
    );
  }
  const direction = query.orderBy === 'desc' ? -1 : 1;
  const sorted = [...records].sort((a, b) => {
    const left = String((a as Record<string, unknown>)[sort] ?? '');
    const right = String((b as Record<string, unknown>)[sort] ?? '');
    return direction * (compare(sort, left, right) || compare('', a.sourcedId, b.sourcedId));
  });
  return { items: sorted.slice(offset, offset + limit), total: sorted.length, limit, offset };
}

/** The record with only the fields asked for, in the record's own order. */
export function selectFields(
  text: string | undefined,
  schema: z.ZodType,
): <Item extends object>(record: Item) => Partial<Item> {
  if (text === undefined || text.trim() === '') return (record) => record;
  const fields = text
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const unknown = fields.filter((field) => schemaAt(schema, [field]) === undefined);
  if (unknown.length > 0) {
    throw new OneRosterError(
      400,
      'invalid_selection_field',
      `The records have no field ${unknown.join(', ')}.`,
    );
  }
  const wanted = new Set(fields);
  return (record) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => wanted.has(key))) as Partial<
      typeof record
    >;
}

/**
 * The Link header of a page (RFC 8288): its first, previous, next and last pages, each the
 * request's own URL with another offset.
 */
export function linkHeader(url: URL, page: Page<unknown>): string {
  const at = (offset: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set('limit', String(page.limit));
    target.searchParams.set('offset', String(offset));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const lastOffset = Math.max(0, Math.floor((page.total - 1) / page.limit) * page.limit);
  const links = [at(0, 'first')];
  if (page.offset > 0) links.push(at(Math.max(0, page.offset - page.limit), 'prev'));
  if (page.offset + page.limit < page.total) links.push(at(page.offset + page.limit, 'next'));
  links.push(at(lastOffset, 'last'));
  return links.join(', ');
}
