import type { Insertable } from 'kysely';
import type { Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';

/** The one module that names the `sign_in_activity` table (docs/decisions/0082). */

export async function insertSignInActivity(
  db: Executor,
  event: Insertable<Database['sign_in_activity']>,
): Promise<void> {
  await db.insertInto('sign_in_activity').values(event).execute();
}

/** A person's activity, newest first, from before the event `beforeId` when given. */
export function pageOfSignInActivity(
  db: Executor,
  userId: number,
  { beforeId, limit }: { beforeId: number | undefined; limit: number },
) {
  let select = db
    .selectFrom('sign_in_activity')
    .select(['id', 'at', 'kind', 'ip', 'user_agent'])
    .where('user_id', '=', userId);
  if (beforeId !== undefined) select = select.where('id', '<', beforeId);
  return select.orderBy('id', 'desc').limit(limit).execute();
}
