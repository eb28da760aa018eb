import { z } from 'zod';
import { activityKindsByAdministrator, type ActivityEvent } from '@um/contract';
import type { Executor } from '../db/database.js';
import { cursorParts, keyset, type Page, type PageQuery } from '../db/paging.js';
import { pageOfSignInActivity } from '../repositories/sign-in-activity.js';

interface ActivityRow extends Omit<ActivityEvent, 'by_administrator'> {
  id: number;
}

/** Newest first: the cursor is the last event's id. */
const activityPages = keyset(z.tuple([cursorParts.id]), (row: ActivityRow) => [row.id] as const);

const byAdministrator = new Set<string>(activityKindsByAdministrator);

/**
 * A person's activity (`recordActivity` in records/activity.ts), newest first, keyset paged. In
 * their own view (`as: 'self'`) an administrator's change shows no address or browser: those
 * are the administrator's.
 */
export async function listActivity(
  db: Executor,
  userId: number,
  query: PageQuery,
  { as }: { as: 'self' | 'admin' },
): Promise<Page<ActivityEvent>> {
  const request = activityPages.request(query);
  const rows = await pageOfSignInActivity(db, userId, {
    beforeId: request.after?.[0],
    limit: request.rowsToRead,
  });
  const page = activityPages.page(rows, request);
  return {
    data: page.data.map(({ at, kind, ip, user_agent }) => {
      const by_administrator = byAdministrator.has(kind);
      return by_administrator && as === 'self'
        ? { at, kind, ip: '', user_agent: '', by_administrator }
        : { at, kind, ip, user_agent, by_administrator };
    }),
    next_cursor: page.next_cursor,
  };
}
