import { z } from 'zod';
import type { ActivityEvent } from '@um/contract';
import type { Executor } from '../db/database.js';
import { cursorParts, keyset, type Page, type PageQuery } from '../db/paging.js';
import type { ActivityKindColumn } from '../db/schema.js';
import { nowIso } from '../db/time.js';
import type { Client } from './refresh-tokens.js';

/**
 * Sign-in activity (docs/staff.md): every sign-in, failed sign-in, password change or reset,
 * device signed out, and change of role or status, with where it came from. Append-only; a
 * person reads their own, an admin anyone's.
 */
export async function recordActivity(
  db: Executor,
  userId: number,
  kind: ActivityKindColumn,
  client: Client,
  now: Date,
): Promise<void> {
  await db
    .insertInto('sign_in_activity')
    .values({
      user_id: userId,
      kind,
      at: nowIso(now),
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 512),
    })
    .execute();
}

interface ActivityRow extends ActivityEvent {
  id: number;
}

/** Newest first: the cursor is the last event's id. */
const activityPages = keyset(z.tuple([cursorParts.id]), (row: ActivityRow) => [row.id] as const);

/** A person's activity, newest first, keyset paged. */
export async function listActivity(
  db: Executor,
  userId: number,
  query: PageQuery,
): Promise<Page<ActivityEvent>> {
  const request = activityPages.request(query);
  let select = db
    .selectFrom('sign_in_activity')
    .select(['id', 'at', 'kind', 'ip', 'user_agent'])
    .where('user_id', '=', userId);
  if (request.after) select = select.where('id', '<', request.after[0]);
  const rows = await select.orderBy('id', 'desc').limit(request.rowsToRead).execute();
  const page = activityPages.page(rows, request);
  return {
    data: page.data.map(({ at, kind, ip, user_agent }) => ({ at, kind, ip, user_agent })),
    next_cursor: page.next_cursor,
  };
}
