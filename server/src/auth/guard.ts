import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { texts } from '@um/contract';
import { prepared, withParameters, type Db } from '../db/database.js';
import { HttpError } from '../http/problem.js';
import { readAccessToken } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on protected routes. */
    userId?: number;
    /**
     * Set by `requireUser` when its route asked for a data version (migration 0005): the sum
     * of its rows, or null while they are missing.
     */
    dataVersion?: number | null;
  }
}

export interface GuardOptions {
  /**
   * A data version the route's handler needs, read in the same query as the user: one round
   * trip (PostgreSQL) or read transaction (SQLite) fewer on every such request.
   */
  dataVersion?: 'students';
}

const BEARER = /^Bearer\s+(\S+)$/i;

function authenticationRequired(): HttpError {
  return new HttpError(401, texts.access.authenticationRequired, {
    headers: { 'www-authenticate': 'Bearer' },
  });
}

/**
 * A hook (onRequest) that admits only a request with a valid access token of a user who still
 * exists: deleting a user ends their sessions at once, not after 15 minutes. A token of an
 * older token version than the user's is refused too, so changing or resetting a password
 * also ends the other sessions' access tokens, not only their refresh tokens, even those
 * minted in the same second as the change.
 */
export function requireUser(db: Db, secret: string, { dataVersion }: GuardOptions = {}) {
  // Compiled once: building the same query on every request cost more than running it. And
  // prepared on each PostgreSQL connection: parsing and planning it was half of what the
  // database spent on it (BENCHMARKS.md, fix 24). The user's id is its one parameter; the
  // version's name is a literal.
  const findUser = prepared(
    db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .select((eb) =>
        dataVersion === undefined
          ? sql<null>`null`.as('data_version')
          : eb
              .selectFrom('data_versions')
              .select((versions) => versions.fn.sum<number | string | null>('version').as('sum'))
              .where('name', '=', sql.lit(dataVersion))
              .as('data_version'),
      )
      .where('id', '=', 0)
      .compile(),
  );
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? readAccessToken(secret, match[1]) : null;
    if (claims === null) throw authenticationRequired();
    const { rows } = await db.executeQuery(withParameters(findUser, [claims.userId]));
    const user = rows[0];
    if (!user || user.token_version !== claims.tokenVersion) throw authenticationRequired();
    request.userId = claims.userId;
    if (dataVersion !== undefined) {
      request.dataVersion = user.data_version === null ? null : Number(user.data_version);
    }
  };
}

/** The signed-in user's id inside a handler behind `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw new Error('requireUser did not run for this route');
  return request.userId;
}

/** The data version the route's `requireUser` read with the user, null while its rows are missing. */
export function currentDataVersion(request: FastifyRequest): number | null {
  if (request.dataVersion === undefined) {
    throw new Error('requireUser did not read a data version for this route');
  }
  return request.dataVersion;
}
