import { randomBytes } from 'node:crypto';
import { CLIENT_TOKEN_SECONDS, type ApiClient, type ApiClientCreated } from '@um/contract';
import type { Db, Executor } from '../db/database.js';
import { randomToken, sameHash, sha256 } from '../db/stored-tokens.js';
import { nowIso } from '../db/time.js';
import { findUserNameAndEmail } from '../repositories/users.js';
import {
  deleteApiClientTokens,
  findActiveApiClient,
  findClientOfToken,
  insertApiClient,
  insertApiClientToken,
  listApiClients,
  markApiClientUsed,
  revokeApiClient,
} from '../repositories/api-clients.js';

/**
 * The OneRoster REST API's clients (docs/oneroster.md, "API clients"): a client id and a secret
 * an admin hands to another system, which trades them for an access token (RFC 6749 client
 * credentials). Secrets and tokens are 256 random bits, kept only as SHA-256 hashes, so the
 * database never holds what would open the API. A token is good for an hour while its client is
 * not revoked: every request checks both, so a revocation stops its tokens at once.
 */

const present = (row: {
  id: number;
  name: string;
  client_id: string;
  created_at: string;
  created_by_name: string;
  last_used_at: string | null;
  revoked_at: string | null;
}): ApiClient => ({
  id: row.id,
  name: row.name,
  client_id: row.client_id,
  created_at: row.created_at,
  created_by: row.created_by_name,
  last_used_at: row.last_used_at,
  revoked_at: row.revoked_at,
});

/** Every client, the revoked ones too (the access log names them), oldest first. */
export async function listClients(db: Executor): Promise<ApiClient[]> {
  const rows = await listApiClients(db);
  return rows.map(present);
}

/** A new client, with the secret this answer alone shows. */
export async function createClient(
  db: Executor,
  name: string,
  actorId: number,
): Promise<ApiClientCreated> {
  const secret = randomToken();
  const actor = await findUserNameAndEmail(db, actorId);
  const row = await insertApiClient(db, {
    name,
    client_id: `or-${randomBytes(12).toString('hex')}`,
    secret_hash: sha256(secret),
    created_at: nowIso(),
    created_by: actorId,
    created_by_name: actor ? actor.name || actor.email : '',
  });
  return { ...present(row), client_secret: secret };
}

/**
 * Revokes a client that is not revoked yet, and drops its tokens; false when there is no such
 * client. Of two revocations at once, one finds it still active.
 */
export async function revokeClient(db: Db, id: number, actorId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await revokeApiClient(trx, id, actorId, nowIso()))) return false;
    await deleteApiClientTokens(trx, id);
    return true;
  });
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
}

/**
 * A token for a client whose id and secret match and which is not revoked; null otherwise
 * (the same for an unknown id, a wrong secret and a revoked client).
 */
export async function issueToken(
  db: Db,
  clientId: string,
  secret: string,
  now = new Date(),
): Promise<IssuedToken | null> {
  const client = await findActiveApiClient(db, clientId);
  // A secret for an unknown client is hashed all the same, so the answer takes as long.
  const presented = sha256(secret);
  if (!client || !sameHash(presented, client.secret_hash)) return null;
  const token = randomToken();
  const at = nowIso(now);
  const expires = nowIso(new Date(now.getTime() + CLIENT_TOKEN_SECONDS * 1000));
  const issued = await db.transaction().execute(async (trx) => {
    // Marking the client used, only while it is not revoked, holds its row: a revocation at
    // the same moment waits, then drops this token with the others.
    if (!(await markApiClientUsed(trx, client.id, at))) return false;
    await insertApiClientToken(trx, {
      token_hash: sha256(token),
      client_id: client.id,
      created_at: at,
      expires_at: expires,
    });
    await deleteApiClientTokens(trx, client.id, at);
    return true;
  });
  return issued ? { accessToken: token, expiresIn: CLIENT_TOKEN_SECONDS } : null;
}

/** The client a bearer token belongs to, while the token lasts and the client is not revoked. */
export async function clientOfToken(
  db: Executor,
  token: string,
): Promise<{ id: number; name: string } | null> {
  if (token === '') return null;
  const row = await findClientOfToken(db, sha256(token), nowIso());
  return row ?? null;
}
