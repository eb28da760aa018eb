import type { Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './database.js';
import { keepPrepared } from './statement-names.js';

/** Where a bound value comes from: a named value, or a named value of one row of a list. */
class Placeholder {
  constructor(
    readonly label: string,
    readonly read: (values: unknown) => unknown,
  ) {}
}

type Slot = { placeholder: Placeholder } | { constant: unknown };

/**
 * A query built and compiled once, then run with values bound by name. Building and compiling
 * the same query on every request cost more than running it; binding by name means no value
 * can land in another's place, whatever order the SQL gives them.
 *
 * `build` receives `values` whose every property is a placeholder: each one read becomes a
 * parameter of the compiled SQL. A property read but not bound (tested in a condition, turned
 * into text) would fix the SQL for every later run, so compiling refuses a placeholder that
 * did not end up as a parameter.
 *
 * The compiled query is kept per executor (the database, or one transaction), and PostgreSQL
 * keeps its text prepared on each connection. A query whose text depends on the values (an
 * optional filter) is one prepared query per shape.
 */
export interface PreparedQuery<Values, Row> {
  execute(db: Executor, values: Values): Promise<Row[]>;
}

export function preparedQuery<Values extends object, Row>(
  build: (db: Executor, values: Values) => Compilable<Row>,
): PreparedQuery<Values, Row> {
  return compiledOnce((db) => {
    const used: Placeholder[] = [];
    const values = new Proxy({} as Values, {
      get(_target, key) {
        if (typeof key !== 'string') return undefined;
        const placeholder = new Placeholder(
          key,
          (bound) => (bound as Record<string, unknown>)[key],
        );
        used.push(placeholder);
        return placeholder;
      },
    });
    return { compiled: build(db, values).compile(), used };
  });
}

/**
 * A query over `count` rows of values (a multi-row insert), built and compiled once per count:
 * `build` receives `count` rows of placeholders, one per key `keys` names (every key of a row,
 * which the type checks), and each run binds a list of that length.
 */
export function preparedRowsQuery<RowValues extends object, Row>(
  count: number,
  keys: { readonly [Key in keyof RowValues]-?: true },
  build: (db: Executor, rows: RowValues[]) => Compilable<Row>,
): PreparedQuery<readonly RowValues[], Row> {
  return compiledOnce((db) => {
    const used: Placeholder[] = [];
    const rows = Array.from({ length: count }, (_, index) => {
      const row: Record<string, Placeholder> = {};
      for (const key of Object.keys(keys)) {
        row[key] = new Placeholder(
          `${index}.${key}`,
          (bound) => (bound as Record<string, unknown>[])[index]?.[key],
        );
        used.push(row[key]);
      }
      return row as RowValues;
    });
    return { compiled: build(db, rows).compile(), used };
  });
}

function compiledOnce<Values, Row>(
  compile: (db: Executor) => { compiled: CompiledQuery<Row>; used: Placeholder[] },
): PreparedQuery<Values, Row> {
  const byExecutor = new WeakMap<Executor, { query: CompiledQuery<Row>; slots: Slot[] }>();
  return {
    async execute(db, values) {
      let entry = byExecutor.get(db);
      if (!entry) {
        const { compiled, used } = compile(db);
        const slots: Slot[] = compiled.parameters.map((parameter) =>
          parameter instanceof Placeholder ? { placeholder: parameter } : { constant: parameter },
        );
        const bound = new Set(compiled.parameters);
        const unbound = used.find((placeholder) => !bound.has(placeholder));
        if (unbound) {
          throw new Error(
            `"${unbound.label}" was compiled into the SQL text, not bound as a value.`,
          );
        }
        keepPrepared(compiled.sql);
        entry = { query: compiled, slots };
        byExecutor.set(db, entry);
      }
      const parameters = entry.slots.map((slot) =>
        'placeholder' in slot ? slot.placeholder.read(values) : slot.constant,
      );
      const query: CompiledQuery<Row> = { ...entry.query, parameters };
      const result = await db.executeQuery(query);
      return result.rows;
    },
  };
}
