import type { Role, SecuritySettings } from '@um/contract';
import type { Executor } from '../../db/database.js';
import { nowIso } from '../../db/time.js';
import {
  findActiveAdminWithSecondStep,
  findSchoolSetting,
  findSecondStepsOfUser,
  saveSchoolSetting,
} from '../../repositories/users.js';

/**
 * What second steps an account has, and which roles must have one (docs/auth.md, "Required by
 * role"; decision 0066).
 */

export interface SecondSteps {
  totp: boolean;
  totpEnabledAt: string | null;
  passkeys: number;
}

export async function secondStepsOf(db: Executor, userId: number): Promise<SecondSteps> {
  const row = await findSecondStepsOfUser(db, userId);
  const totpEnabledAt = row?.totp_enabled_at ?? null;
  return { totp: totpEnabledAt !== null, totpEnabledAt, passkeys: Number(row?.passkeys ?? 0) };
}

export function hasSecondStep(steps: SecondSteps): boolean {
  return steps.totp || steps.passkeys > 0;
}

const REQUIRED_ROLES_KEY = 'mfa_required_roles';

/**
 * The roles whose password sign-ins must have a second step. Until an admin saves a choice,
 * `admin` is required as soon as an active admin has a second step: a school that has never
 * looked at the setting is protected once one of its admins has shown that it works, and no
 * admin is asked for a second step before anyone at the school has set one up.
 */
export async function securitySettings(db: Executor): Promise<SecuritySettings> {
  const row = await findSchoolSetting(db, REQUIRED_ROLES_KEY);
  if (row) {
    return {
      mfa_required_roles: JSON.parse(row.value) as Role[],
      chosen: true,
      updated_at: row.updated_at,
      updated_by: row.updated_by_name,
    };
  }
  const adminWithSecondStep = await findActiveAdminWithSecondStep(db);
  return {
    mfa_required_roles: adminWithSecondStep ? ['admin'] : [],
    chosen: false,
    updated_at: null,
    updated_by: null,
  };
}

/** Whether a role must use a second step now. */
export async function roleRequiresSecondStep(db: Executor, role: Role): Promise<boolean> {
  return (await securitySettings(db)).mfa_required_roles.includes(role);
}

/** An admin's choice of roles, kept in the roles' own order. */
export async function saveRequiredRoles(
  db: Executor,
  roles: readonly Role[],
  actor: { id: number; name: string },
  now: Date,
): Promise<void> {
  const order: Role[] = ['admin', 'staff', 'viewer'];
  const value = JSON.stringify(order.filter((role) => roles.includes(role)));
  const row = {
    value,
    updated_at: nowIso(now),
    updated_by: actor.id,
    updated_by_name: actor.name,
  };
  await saveSchoolSetting(db, REQUIRED_ROLES_KEY, row);
}
