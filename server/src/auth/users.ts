import type { Executor } from '../db/database.js';
import { nowIso } from '../db/time.js';
import type { UserRow } from '../db/schema.js';
import { insertUser } from '../repositories/users.js';
import { claimInvitationOf } from './invitations.js';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub: string | null;
  /** The OpenID provider's identity the account is created with. */
  oidc?: { issuer: string; sub: string };
  /** The role the invitation of its link names; otherwise a pending invitation's, or `staff`. */
  role?: UserRow['role'];
}

/**
 * Inserts a user, in a transaction that has called `lockAccounts`: the first account of an
 * empty database is an admin, whatever it asked for. An address signing up without its
 * invitation's link (a mailed code, Google, the OpenID provider) takes the role of its pending
 * invitation and uses it up, so no path sidesteps the role an administrator chose. A duplicate
 * e-mail or Google subject raises the dialect's unique violation.
 */
export async function createUser(db: Executor, account: NewAccount, now: Date): Promise<UserRow> {
  const at = nowIso(now);
  const role = account.role ?? (await claimInvitationOf(db, account.email, now)) ?? 'staff';
  return insertUser(
    db,
    {
      email: account.email,
      name: account.name,
      password_hash: account.passwordHash,
      google_sub: account.googleSub,
      oidc_issuer: account.oidc?.issuer ?? null,
      oidc_sub: account.oidc?.sub ?? null,
      password_changed_at: at,
      created_at: at,
      updated_at: at,
    },
    role,
  );
}
