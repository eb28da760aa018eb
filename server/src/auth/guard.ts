import type { FastifyRequest } from 'fastify';
import { messages } from '@um/contract';
import { withParameters, type Db } from '../db/database.js';
import { HttpError } from '../http/problem.js';
import { readAccessToken } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on protected routes. */
    userId?: number;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

function authenticationRequired(): HttpError {
  return new HttpError(401, messages.access.authenticationRequired, {
    headers: { 'www-authenticate': 'Bearer' },
  });
}

/**
 * A hook (onRequest) that admits only a request with a valid access token of a user who still
 * exists: deleting a user ends their sessions at once, not after 15 minutes. A token issued
 * before the user's last password change is refused too, so changing or resetting a password
 * also ends the other sessions' access tokens, not only their refresh tokens.
 */
export function requireUser(db: Db, secret: string) {
  // Compiled once: building the same query on every request cost more than running it.
  const findUser = db
    .selectFrom('users')
    .select(['id', 'password_changed_at'])
    .where('id', '=', 0)
    .compile();
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? readAccessToken(secret, match[1]) : null;
    if (claims === null) throw authenticationRequired();
    const { rows } = await db.executeQuery(withParameters(findUser, [claims.userId]));
    const user = rows[0];
    // `iat` has whole seconds, so a token minted in the same second as the change still counts.
    const changedAt = user ? Math.floor(Date.parse(user.password_changed_at) / 1000) : 0;
    if (!user || claims.issuedAt < changedAt) throw authenticationRequired();
    request.userId = claims.userId;
  };
}

/** The signed-in user's id inside a handler behind `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw new Error('requireUser did not run for this route');
  return request.userId;
}
