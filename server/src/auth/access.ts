import { compiledQuery, type Bind } from '../db/compiled-query.js';
import type { DatabaseHandle } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { readAccessToken, type AccessClaims } from './access-token.js';

/**
 * The one question every protected call and every open event stream asks of a token: does it
 * still grant access? Compiled once, and prepared on each PostgreSQL connection (decision
 * 0019): it runs on every request. A row comes back only when the user exists and is active
 * (not deactivated), the token is of the user's current token version, and its session (refresh
 * family) has not been signed out; the partial index of live families (migration 0015) makes the
 * last part one index probe. It reads the user's role too, which routes are authorized by.
 */
const findAccess = compiledQuery(
  (db, bind: Bind<{ userId: number; tokenVersion: number; sessionId: string }>) =>
    db
      .selectFrom('users')
      .select(['users.id', 'users.role'])
      .where('users.id', '=', bind('userId'))
      .where('users.token_version', '=', bind('tokenVersion'))
      .where('users.status', '=', 'active')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select('refresh_tokens.id')
            .where('refresh_tokens.family_id', '=', bind('sessionId'))
            .where('refresh_tokens.revoked_at', 'is', null)
            .whereRef('refresh_tokens.user_id', '=', 'users.id'),
        ),
      ),
);

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
  const [granted] = await findAccess.run(db, { dialect }, claims);
  return granted ? { ...claims, role: granted.role } : null;
}
