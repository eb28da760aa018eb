import type { TokenPair } from '@um/contract';
import type { Executor } from '../db/database.js';
import { signAccessToken } from './access-token.js';
import { startFamily } from './refresh-tokens.js';

/** A fresh sign-in: a 15-minute access token and the first refresh token of a new family. */
export async function startSession(
  db: Executor,
  secret: string,
  userId: number,
  now: Date,
): Promise<TokenPair> {
  const refresh = await startFamily(db, userId, now);
  return { access: await signAccessToken(secret, userId, now), refresh };
}
