import type { Compilable, CompiledQuery } from 'kysely';
import type { Dialect, Executor } from './database.js';

/**
 * Queries built and compiled to SQL once per shape, then run with values bound by name: the
 * one way a repository keeps a query it runs on every request. Building and compiling the same
 * Kysely query for each request cost more than running it (decision 0019).
 *
 * A query's shape is whatever decides its SQL text: the dialect always, and the query's own
 * choices (a filter given or not, a first page or one after a cursor, a sort order). `build`
 * gets the shape as plain values to decide with, and `bind`, which stands where a value of the
 * run goes: `bind('limit')` becomes a parameter of the SQL, filled from each run's `limit`.
 * Values are bound by name, so none can land in another's place whatever order the SQL reads
 * them in; and a bound value is never tested while building, since that would fix the SQL for
 * every later run: compiling refuses a bound value that did not end up as a parameter.
 *
 * PostgreSQL keeps each compiled text prepared on each connection, so it is parsed and planned
 * once per connection (postgres-statements.ts).
 */

/** What decides a query's SQL text; each query adds its own choices to the dialect. */
export interface QueryShape {
  readonly dialect: Dialect;
}

/** Where a bound value comes from: a value of the run, or a value of one row of a list. */
class Bound {
  constructor(
    readonly name: string,
    readonly read: (values: unknown) => unknown,
  ) {}
}

type RowOf<Values> = Values extends readonly (infer Row)[] ? Row : never;

export interface Bind<Values> {
  /** The run's value `name`, bound as a parameter of the SQL. */
  <Name extends Extract<keyof Values, string>>(name: Name): Values[Name];
  /**
   * When the run's values are a list of rows (a multi-row insert): `count` rows, each holding
   * every value `names` lists (all of a row's, which the type checks), bound by row and name.
   */
  rows(count: number, names: { readonly [Name in keyof RowOf<Values>]-?: true }): RowOf<Values>[];
}

export interface CompiledQueries<Shape extends QueryShape, Values, Row> {
  run(db: Executor, shape: Shape, values: Values): Promise<Row[]>;
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** Each parameter of the SQL: a value bound by name, or a constant the builder fixed. */
  slots: ({ bound: Bound } | { constant: unknown })[];
}

export function compiledQuery<Shape extends QueryShape = QueryShape, Values = never, Row = never>(
  build: (db: Executor, bind: Bind<Values>, shape: Shape) => Compilable<Row>,
): CompiledQueries<Shape, Values, Row> {
  const byShape = new Map<string, Compiled<Row>>();

  function compile(db: Executor, shape: Shape): Compiled<Row> {
    const used: Bound[] = [];
    const bindOne = (name: string) => {
      const bound = new Bound(name, (values) => (values as Record<string, unknown>)[name]);
      used.push(bound);
      return bound;
    };
    const bind = Object.assign(bindOne, {
      rows: (count: number, names: object) =>
        Array.from({ length: count }, (_, index) => {
          const row: Record<string, Bound> = {};
          for (const name of Object.keys(names)) {
            row[name] = new Bound(
              `${index}.${name}`,
              (values) => (values as Record<string, unknown>[])[index]?.[name],
            );
            used.push(row[name]);
          }
          return row;
        }),
    }) as unknown as Bind<Values>;
    const query = build(db, bind, shape).compile();
    const parameters = new Set(query.parameters);
    const unbound = used.find((bound) => !parameters.has(bound));
    if (unbound) {
      throw new Error(`"${unbound.name}" was compiled into the SQL text, not bound as a value.`);
    }
    keepPrepared(query.sql);
    return {
      query,
      slots: query.parameters.map((parameter) =>
        parameter instanceof Bound ? { bound: parameter } : { constant: parameter },
      ),
    };
  }

  return {
    async run(db, shape, values) {
      const key = JSON.stringify(shape);
      let compiled = byShape.get(key);
      if (!compiled) byShape.set(key, (compiled = compile(db, shape)));
      const parameters = compiled.slots.map((slot) =>
        'bound' in slot ? slot.bound.read(values) : slot.constant,
      );
      const result = await db.executeQuery<Row>({ ...compiled.query, parameters });
      return result.rows;
    },
  };
}

/** Names of the SQL texts PostgreSQL keeps prepared on each connection, by text. */
const preparedNames = new Map<string, string>();

/**
 * Asks for `text` to be kept prepared: parsed and planned once per connection instead of on
 * every run. Only texts compiled once ask, since each stays prepared as long as its connection
 * lives.
 */
function keepPrepared(text: string): void {
  if (!preparedNames.has(text)) preparedNames.set(text, `um_prepared_${preparedNames.size + 1}`);
}

/** The statement name of a text a compiled query keeps prepared, if it is one. */
export function preparedStatementName(text: string): string | undefined {
  return preparedNames.get(text);
}
