import type { FastifyRequest } from 'fastify';
import { texts } from '@um/contract';
import type { DatabaseHandle } from '../db/database.js';
import { bearerToken } from '../http/access.js';
import { HttpError } from '../http/problem.js';
import { checkAccess } from './access.js';

function authenticationRequired(): HttpError {
  return new HttpError(401, texts.access.authenticationRequired, {
    headers: { 'www-authenticate': 'Bearer' },
  });
}

/**
 * The signed-in scope's authentication (onRequest): it admits only a request whose access
 * token still grants access (`checkAccess`): deleting or deactivating a user, changing or
 * resetting their password, or signing their session out ends their access tokens at once, not
 * after 15 minutes. It sets the user, their role and the session on the request.
 */
export function requireUser(database: Pick<DatabaseHandle, 'db' | 'dialect'>, secret: string) {
  return async function authenticate(request: FastifyRequest): Promise<void> {
    const claims = await checkAccess(database, secret, bearerToken(request));
    if (claims === null) throw authenticationRequired();
    request.userId = claims.userId;
    request.userRole = claims.role;
    request.sessionId = claims.sessionId;
  };
}
