import type { FastifyRequest } from 'fastify';
import { messages } from '@um/contract';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/problem.js';
import { verifyAccessToken } from './access-token.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` on protected routes. */
    userId?: number;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A preHandler that admits only a request with a valid access token of a user who still
 * exists: deleting a user ends their sessions at once, not after 15 minutes.
 */
export function requireUser(db: Db, secret: string) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const userId = match?.[1] ? await verifyAccessToken(secret, match[1]) : null;
    if (userId === null) {
      throw new HttpError(401, messages.access.authenticationRequired, {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) {
      throw new HttpError(401, messages.access.authenticationRequired, {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
    request.userId = userId;
  };
}

/** The signed-in user's id inside a handler behind `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === undefined) throw new Error('requireUser did not run for this route');
  return request.userId;
}
