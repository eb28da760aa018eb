import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { preparedStatementName } from './compiled-query.js';

/**
 * The pool as Kysely sees it, sending the texts kept prepared (compiled-query.ts) as named
 * statements. Kysely keeps one connection object per client it is given, so each client is
 * wrapped only once.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PreparingClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let preparing = wrapped.get(client);
      if (!preparing) wrapped.set(client, (preparing = new PreparingClient(client)));
      return preparing;
    },
    end: () => pool.end(),
  };
}

class PreparingClient implements PostgresPoolClient {
  constructor(private readonly client: pg.PoolClient) {}

  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given a cursor class, which this dialect is not.
    if (typeof textOrCursor !== 'string') throw new Error('Streaming queries are not set up.');
    const name = preparedStatementName(textOrCursor);
    const values = [...parameters];
    // pg's result names its command with any string; the queries here are Kysely's own.
    return this.client.query(
      name ? { name, text: textOrCursor, values } : { text: textOrCursor, values },
    ) as unknown as Promise<PostgresQueryResult<R>>;
  }

  release(): void {
    this.client.release();
  }
}
