import type { Executor } from '../db/database.js';
import type { ActivityKindColumn } from '../db/schema.js';
import { nowIso } from '../db/time.js';
import type { Client } from '../http/client.js';
import { insertSignInActivity } from '../repositories/sign-in-activity.js';

/**
 * Sign-in activity (docs/staff.md): every sign-in, failed sign-in, password change or reset,
 * device signed out, and change of role or status, with where it came from. Append-only; a
 * person reads their own, an admin anyone's. Signing in writes it, and so does managing staff.
 */
export async function recordActivity(
  db: Executor,
  userId: number,
  kind: ActivityKindColumn,
  client: Client,
  now: Date,
): Promise<void> {
  await insertSignInActivity(db, {
    user_id: userId,
    kind,
    at: nowIso(now),
    ip: client.ip.slice(0, 64),
    user_agent: client.userAgent.slice(0, 512),
  });
}
