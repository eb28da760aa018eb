import type { DatabaseHandle } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { findUserWithLiveSession } from '../repositories/users.js';
import { readAccessToken, type AccessClaims } from './access-token.js';

/** The claims of a token that grants access, with the role its user has now. */
export interface GrantedAccess extends AccessClaims {
  role: UserRow['role'];
}

/**
 * The claims of an access token that grants access now, or null: its signature, type and
 * expiry hold, its user exists and is active, no password change, reset or deactivation has
 * come since it was minted (also
 * within the same second: the token version), and its session has not been signed out. Every
 * way access ends (docs/auth.md) makes this refuse the token; an event stream asks it again
 * whenever the bus says that the access of its user has changed (docs/live-updates.md).
 */
export async function checkAccess(
  { db, dialect }: Pick<DatabaseHandle, 'db' | 'dialect'>,
  secret: string,
  token: string,
): Promise<GrantedAccess | null> {
  const claims = token ? readAccessToken(secret, token) : null;
  if (claims === null) return null;
  const granted = await findUserWithLiveSession(db, dialect, claims);
  return granted ? { ...claims, role: granted.role } : null;
}
