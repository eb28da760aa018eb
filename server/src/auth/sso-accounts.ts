import type { TokenPair } from '@um/contract';
import type { Executor } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import type { ActivityKindColumn, UserRow } from '../db/schema.js';
import { conflict } from '../http/problem.js';
import { recordActivity } from '../records/activity.js';
import { accountDeactivated, assertSignupAllowed, type AuthDeps } from './context.js';
import type { Client } from '../http/client.js';
import { startSession, subjectOf } from './tokens.js';
import { findUserByEmail, lockAccounts } from '../repositories/users.js';
import { createUser, type NewAccount } from './users.js';

/**
 * Accounts of a sign-in through an identity provider, Google or the school's OpenID provider
 * (docs/auth.md, 12 and "OpenID Connect"): one path for both, so they link, sign in and sign up
 * alike. The provider says who the person is (a subject and a verified address); the account is
 * the one linked to that subject, else the one with that address, which is then linked.
 */

/** Who a provider says signed in: its subject and a verified e-mail address. */
export interface SsoIdentity {
  sub: string;
  email: string;
  name: string;
}

/** What differs between providers: where their subject is kept, and how they are named. */
export interface SsoProvider {
  findBySub(db: Executor, sub: string): Promise<UserRow | undefined>;
  /** Links the subject to an account that has none of this provider yet; false otherwise. */
  link(db: Executor, userId: number, sub: string, now: Date): Promise<boolean>;
  /** The subject's columns of a new account. */
  account(sub: string): Pick<NewAccount, 'googleSub' | 'oidc'> & { googleSub: string | null };
  activity: ActivityKindColumn;
  /** The 409's detail when the address is linked to another subject of this provider. */
  linkedElsewhere: string;
}

/**
 * The account for an identity: the one linked to its subject, else the one with its (verified)
 * e-mail, which is then linked. An account already linked to another subject of the provider
 * is not taken over (409).
 */
export async function findSsoAccount(
  deps: AuthDeps,
  provider: SsoProvider,
  identity: SsoIdentity,
  now: Date,
): Promise<UserRow | undefined> {
  const linked = await provider.findBySub(deps.db, identity.sub);
  if (linked) return linked;
  const byEmail = await findUserByEmail(deps.db, identity.email);
  if (!byEmail) return undefined;
  if (await provider.link(deps.db, byEmail.id, identity.sub, now)) return byEmail;
  const again = await provider.findBySub(deps.db, identity.sub);
  if (again) return again;
  throw conflict(provider.linkedElsewhere);
}

/**
 * A provider's sign-in to an existing account: refused when it is deactivated. The provider
 * answers for both steps (decision 0066), so no second step is asked.
 */
export async function ssoSignIn(
  deps: AuthDeps,
  provider: SsoProvider,
  user: UserRow,
  now: Date,
  client: Client,
): Promise<TokenPair> {
  if (user.status === 'deactivated') throw accountDeactivated();
  const pair = await startSession(deps.db, deps.config.jwtSecret, subjectOf(user), now, client);
  await recordActivity(deps.db, user.id, provider.activity, client, now);
  return pair;
}

/** A sign-up through a provider: creates the account, or signs in when it exists. */
export async function ssoRegister(
  deps: AuthDeps,
  provider: SsoProvider,
  identity: SsoIdentity,
  now: Date,
  client: Client,
): Promise<{ created: boolean; tokens: TokenPair }> {
  const existing = await findSsoAccount(deps, provider, identity, now);
  if (existing) {
    return { created: false, tokens: await ssoSignIn(deps, provider, existing, now, client) };
  }
  assertSignupAllowed(deps.config, identity.email);
  try {
    const user = await deps.db.transaction().execute(async (trx) => {
      await lockAccounts(trx, deps.config.database.dialect);
      return createUser(
        trx,
        {
          email: identity.email,
          name: identity.name,
          passwordHash: null,
          ...provider.account(identity.sub),
        },
        now,
      );
    });
    return { created: true, tokens: await ssoSignIn(deps, provider, user, now, client) };
  } catch (error) {
    // A concurrent request created or linked the account first: sign in to it.
    if (!isUniqueViolation(error)) throw error;
    const raced = await findSsoAccount(deps, provider, identity, now);
    if (!raced) throw error;
    return { created: false, tokens: await ssoSignIn(deps, provider, raced, now, client) };
  }
}
