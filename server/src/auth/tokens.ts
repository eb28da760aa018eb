import type { TokenPair } from '@um/contract';
import type { Executor } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { signAccessToken, type TokenSubject } from './access-token.js';
import type { Client } from '../http/client.js';
import { startFamily } from './refresh-tokens.js';

/** The user as tokens name them: their id and the token version read with them. */
export function subjectOf(user: Pick<UserRow, 'id' | 'token_version'>): TokenSubject {
  return { userId: user.id, tokenVersion: user.token_version };
}

/**
 * A fresh sign-in: a 15-minute access token and the first refresh token of a new family, both
 * bound to the token version the user's credentials were checked against (should the password
 * have changed meanwhile, neither works), and the access token to the family (its session).
 */
export async function startSession(
  db: Executor,
  secret: string,
  subject: TokenSubject,
  now: Date,
  client?: Client,
): Promise<TokenPair> {
  const { sessionId, token } = await startFamily(db, subject, now, client);
  return { access: await signAccessToken(secret, { ...subject, sessionId }, now), refresh: token };
}
