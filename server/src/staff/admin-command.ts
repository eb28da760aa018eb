import { emailSchema } from '@um/contract';
import type { DatabaseHandle } from '../db/database.js';
import { grantAdmin } from './accounts.js';

export const ADMIN_USAGE =
  'Usage: npm run admin -- grant EMAIL   (DATABASE_URL or DATA_DIR names the database)';

/**
 * `npm run admin -- grant EMAIL`: makes the account with that address an active admin, the way
 * back in when nobody who can sign in is one (docs/staff.md). What to print and the exit code.
 */
export async function adminCommand(
  database: Pick<DatabaseHandle, 'db' | 'dialect'>,
  args: readonly string[],
): Promise<{ code: number; message: string }> {
  const [command, address, ...extra] = args;
  if (command !== 'grant' || address === undefined || extra.length > 0) {
    return { code: 2, message: ADMIN_USAGE };
  }
  const email = emailSchema.safeParse(address);
  if (!email.success) return { code: 2, message: `${address} is not an email address.` };
  if (!(await grantAdmin(database.db, database.dialect, email.data))) {
    return { code: 1, message: `No account uses ${email.data}.` };
  }
  return { code: 0, message: `${email.data} is now an active administrator.` };
}
