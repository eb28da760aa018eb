import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { apiPaths, buildPath, profileResponseSchema, staffPaths } from '@um/contract';
import type { Role } from '@um/contract';
import { createAccount } from './session.js';
import type { Account } from './session.js';

const serverDir = fileURLToPath(new URL('../../../server', import.meta.url));

async function profileOf(request: APIRequestContext, account: Account) {
  return profileResponseSchema.parse(
    await (
      await request.get(apiPaths.profile, {
        headers: { authorization: `Bearer ${account.tokens.access}` },
      })
    ).json(),
  );
}

/**
 * Makes an account an admin the way a school recovers admin access: `npm run admin -- grant`,
 * run from the built server against the database the browser tests' server uses. The e2e
 * database is shared by every spec, so whoever signed up first is its admin, not this account.
 */
export async function asAdmin(request: APIRequestContext): Promise<Account> {
  const account = await createAccount(request);
  execFileSync('node', ['dist/staff/admin.js', 'grant', account.email], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${join(process.env['E2E_DATA_DIR']!, 'e2e.db')}`,
    },
  });
  const profile = await profileOf(request, account);
  expect(profile.role).toBe('admin');
  return { ...account, profile };
}

/** A new account given `role` by an admin, through the staff API, as a school would. */
export async function withRole(
  request: APIRequestContext,
  admin: Account,
  role: Role,
): Promise<Account> {
  const account = await createAccount(request);
  const changed = await request.patch(
    buildPath(staffPaths.staffMember, { id: account.profile.id }),
    { headers: { authorization: `Bearer ${admin.tokens.access}` }, data: { role } },
  );
  expect(changed.status()).toBe(200);
  return { ...account, profile: { ...account.profile, role } };
}
