import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { ApiClientTokensTable, ApiClientsTable } from '../db/schema.js';

const clientColumns = [
  'id',
  'name',
  'client_id',
  'created_at',
  'created_by_name',
  'last_used_at',
  'revoked_at',
] as const;

/** Every client, the revoked ones too, oldest first. */
export function listApiClients(db: Executor) {
  return db.selectFrom('api_clients').select(clientColumns).orderBy('id').execute();
}

export function insertApiClient(db: Executor, client: Insertable<ApiClientsTable>) {
  return db
    .insertInto('api_clients')
    .values(client)
    .returning(clientColumns)
    .executeTakeFirstOrThrow();
}

/** Marks a client revoked unless it already is; false when no active client has that id. */
export async function revokeApiClient(
  db: Executor,
  id: number,
  actorId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('api_clients')
    .set({ revoked_at: now, revoked_by: actorId })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The id and secret hash of the active client with that public client id. */
export function findActiveApiClient(db: Executor, clientId: string) {
  return db
    .selectFrom('api_clients')
    .select(['id', 'secret_hash'])
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** Marks an active client used at `now`, holding its row; false when it is revoked. */
export async function markApiClientUsed(db: Executor, id: number, now: string): Promise<boolean> {
  const used = await db
    .updateTable('api_clients')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

export async function insertApiClientToken(
  db: Executor,
  token: Insertable<ApiClientTokensTable>,
): Promise<void> {
  await db.insertInto('api_client_tokens').values(token).execute();
}

/** Drops a client's tokens, all of them or those expired by `expiredBy`. */
export async function deleteApiClientTokens(
  db: Executor,
  clientId: number,
  expiredBy?: string,
): Promise<void> {
  let query = db.deleteFrom('api_client_tokens').where('client_id', '=', clientId);
  if (expiredBy !== undefined) query = query.where('expires_at', '<=', expiredBy);
  await query.execute();
}

/** The active client a token hash belongs to, while the token lasts at `now`. */
export function findClientOfToken(db: Executor, tokenHash: string, now: string) {
  return db
    .selectFrom('api_client_tokens')
    .innerJoin('api_clients', 'api_clients.id', 'api_client_tokens.client_id')
    .select(['api_clients.id', 'api_clients.name'])
    .where('api_client_tokens.token_hash', '=', tokenHash)
    .where('api_client_tokens.expires_at', '>', now)
    .where('api_clients.revoked_at', 'is', null)
    .executeTakeFirst();
}
