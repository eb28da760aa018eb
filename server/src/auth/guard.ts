import type { FastifyRequest } from 'fastify';
import { texts } from '@um/contract';
import type { Db } from '../db/database.js';
import { preparedQuery } from '../db/prepared-query.js';
import { HttpError } from '../http/problem.js';
import { readAccessToken } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on protected routes. */
    userId?: number;
  }
}

/**
 * Compiled once: building the same query on every request cost more than running it. And
 * prepared on each PostgreSQL connection: parsing and planning it was half of what the
 * database spent on it (decision 0019).
 */
const findUser = preparedQuery((db, { userId }: { userId: number }) =>
  db.selectFrom('users').select(['id', 'token_version']).where('id', '=', userId),
);

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
export function requireUser(db: Db, secret: string) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? readAccessToken(secret, match[1]) : null;
    if (claims === null) throw authenticationRequired();
    const [user] = await findUser.execute(db, { userId: claims.userId });
    if (!user || user.token_version !== claims.tokenVersion) throw authenticationRequired();
    request.userId = claims.userId;
  };
}

/** The signed-in user's id inside a handler behind `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw new Error('requireUser did not run for this route');
  return request.userId;
}
