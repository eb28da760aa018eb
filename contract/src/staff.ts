import { z } from 'zod';
import {
  emailSchema,
  idSchema,
  isoDateTimeSchema,
  listQuerySchema,
  listResponseSchema,
  dataResponseSchema,
} from './common.js';
import { LIMITS } from './constants.js';

/**
 * Staff accounts (docs/staff.md): who has access, with which role, invitations, signed-in
 * devices and sign-in activity. A module of its own, so that only the screens that show them
 * carry these schemas.
 */

/** The API paths of staff accounts; every one but the caller's own sessions is for admins. */
export const staffPaths = {
  staff: '/api/staff/',
  staffMember: '/api/staff/:id/',
  staffHistory: '/api/staff/:id/history/',
  staffActivity: '/api/staff/:id/activity/',
  invitations: '/api/staff/invitations/',
  invitation: '/api/staff/invitations/:id/',
  sessions: '/api/user/sessions/',
  session: '/api/user/sessions/:id/',
  revokeOtherSessions: '/api/user/sessions/revoke-others/',
  activity: '/api/user/activity/',
} as const;

export const ROLES = ['admin', 'staff', 'viewer'] as const;
export const STATUSES = ['active', 'deactivated'] as const;

export const roleSchema = z.enum(ROLES, { error: 'Role must be admin, staff or viewer.' });
export const statusSchema = z.enum(STATUSES, { error: 'Status must be active or deactivated.' });

export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: statusSchema,
  created_at: isoDateTimeSchema,
  /** The last time any of their sessions was refreshed or started; null if never signed in. */
  last_seen_at: isoDateTimeSchema.nullable(),
  /** Whether they have a second step (an authenticator app or a passkey) an admin can reset. */
  has_second_step: z.boolean(),
});

export const staffListQuerySchema = listQuerySchema.extend({
  q: z
    .string({ error: `Search must be text of at most ${LIMITS.searchMax} characters.` })
    .trim()
    .max(LIMITS.searchMax, {
      error: `Search must be text of at most ${LIMITS.searchMax} characters.`,
    })
    .refine((value) => !value.includes('\u0000'), { error: 'Text must not contain NUL.' })
    .optional(),
  status: statusSchema.optional(),
});

export const staffListResponseSchema = listResponseSchema(staffMemberSchema);
export const staffMemberResponseSchema = dataResponseSchema(staffMemberSchema);

export const staffUpdateSchema = z
  .strictObject({ role: roleSchema.optional(), status: statusSchema.optional() })
  .refine((value) => value.role !== undefined || value.status !== undefined, {
    error: 'Send a role, a status, or both.',
  });

export const invitationRequestSchema = z.strictObject({ email: emailSchema, role: roleSchema });

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  created_at: isoDateTimeSchema,
  expires_at: isoDateTimeSchema,
  /** The administrator who sent it; null when their account is gone. */
  invited_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});

export const invitationResponseSchema = dataResponseSchema(invitationSchema);
export const invitationListResponseSchema = z.object({ data: z.array(invitationSchema) });

/** An invitation's token as the register form sends it: opaque, of bounded length. */
export const inviteTokenSchema = z
  .string({ error: 'The invitation is not valid.' })
  .min(1, { error: 'The invitation is not valid.' })
  .max(256, { error: 'The invitation is not valid.' });

export const sessionSchema = z.object({
  id: z.uuid(),
  created_at: isoDateTimeSchema,
  last_used_at: isoDateTimeSchema,
  user_agent: z.string(),
  ip: z.string(),
  /** The session the request itself belongs to ("This device"). */
  current: z.boolean(),
});

export const sessionListResponseSchema = z.object({ data: z.array(sessionSchema) });
export const sessionParamsSchema = z.strictObject({ id: z.uuid({ error: 'No such session.' }) });

export const ACTIVITY_KINDS = [
  'sign_in',
  'google_sign_in',
  'sign_in_failed',
  'password_changed',
  'password_reset',
  'session_signed_out',
  'role_changed',
  'status_changed',
  'mfa_enabled',
  'mfa_disabled',
  'mfa_failed',
  'mfa_reset',
  'recovery_code_used',
  'passkey_added',
  'passkey_removed',
  'passkey_sign_in',
  'oidc_sign_in',
] as const;

export const activityKindSchema = z.enum(ACTIVITY_KINDS);

/**
 * The kinds of activity an administrator makes on someone's account: the address and browser
 * are the administrator's, so the person's own view leaves them out (docs/staff.md).
 */
export const activityKindsByAdministrator = [
  'role_changed',
  'status_changed',
  'mfa_reset',
] as const;

export const activityEventSchema = z.object({
  at: isoDateTimeSchema,
  kind: activityKindSchema,
  /** Empty in the person's own view of an administrator's change. */
  ip: z.string(),
  user_agent: z.string(),
  /** An administrator made it; the person's own view shows no address or browser for it. */
  by_administrator: z.boolean(),
});

export const activityListResponseSchema = listResponseSchema(activityEventSchema);
export const staffIdParamsSchema = z.strictObject({ id: idSchema });

/** What the staff screens and the API say that no screen of the spec words. */
export const staffTexts = {
  forbidden: 'Your role does not allow this. Ask your school’s administrator.',
  staffNotFound: 'Staff member not found.',
  invitationNotFound: 'Invitation not found.',
  sessionNotFound: 'Session not found.',
  lastAdmin:
    'This change would leave the school without an active administrator. Make someone else an administrator first.',
  alreadyHasAccount: 'An account with this email already exists.',
  invitationInvalid: 'This invitation is not valid any more. Ask your administrator for a new one.',
  invitationEmail: 'The email address must be the one the invitation was sent to.',
  invitationJustSent: (seconds: number) =>
    `An invitation was sent to this address less than a minute ago. You can send another in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  invitationInviterGone:
    'This invitation was sent by someone who is no longer an administrator, so it cannot be used. Ask your administrator for a new one.',
  screen: {
    title: 'Staff',
    description: 'Who has access to your school’s records, with which role.',
    invite: 'Invite',
    inviteTitle: 'Invite a colleague',
    inviteHelp:
      'They get an e-mail with a link to create their account, good once for 7 days. The address may be outside your school’s domain. Inviting an address again replaces its pending invitation.',
    sendInvite: 'Send invitation',
    invited: (email: string) => `Invitation sent to ${email}.`,
    inviteFailed: 'Failed to send the invitation. Please try again.',
    pending: 'Pending invitations',
    noPending: 'No invitations are waiting.',
    withdraw: (email: string) => `Withdraw the invitation to ${email}`,
    withdrawn: 'Invitation withdrawn.',
    invitedBy: (name: string) => `sent by ${name}`,
    invitedByGone: 'sender’s account removed',
    loadFailed: 'Failed to load staff. Please try again.',
    empty: 'No staff yet.',
    roleOf: (name: string) => `Role of ${name}`,
    roleChanged: (name: string) => `${name}’s role was changed.`,
    changeFailed: 'Failed to change the account. Please try again.',
    deactivate: 'Deactivate',
    reactivate: 'Reactivate',
    deactivateTitle: (name: string) => `Deactivate ${name}?`,
    deactivateBody: (name: string, email: string) =>
      `${name} (${email}) will be signed out on every device at once and cannot sign in until reactivated. What they did stays under their name.`,
    reactivateTitle: (name: string) => `Reactivate ${name}?`,
    reactivateBody: (name: string, email: string) =>
      `${name} (${email}) will be able to sign in again.`,
    deactivated: (name: string) => `${name} has been deactivated and signed out everywhere.`,
    reactivated: (name: string) => `${name} can sign in again.`,
    lastSeen: 'Last seen',
    search: 'Search staff',
    searchHint: 'Name or e-mail',
    noMatch: 'Nobody on the staff matches this search.',
    find: 'Find staff',
    statusFilter: 'Status',
    everyone: 'Everyone',
    columns: { name: 'Name', role: 'Role', status: 'Status', actions: 'Actions' },
    listLabel: 'Staff members',
    loading: 'Loading staff…',
    never: 'Never',
    you: '(you)',
  },
  devices: {
    title: 'Signed-in devices',
    thisDevice: 'This device',
    lastUsed: 'Last used',
    signOut: (device: string) => `Sign out ${device}`,
    signOutOthers: 'Sign out all other devices',
    signedOut: 'The device has been signed out.',
    othersSignedOut: 'All other devices have been signed out.',
    failed: 'Failed to sign the device out. Please try again.',
    loadFailed: 'Failed to load your devices. Please try again.',
  },
  activity: {
    title: 'Recent activity',
    empty: 'No activity yet.',
    loadFailed: 'Failed to load your activity. Please try again.',
    byAdministrator: 'by an administrator',
  },
  roles: { admin: 'Administrator', staff: 'Staff', viewer: 'Viewer' },
  statuses: { active: 'Active', deactivated: 'Deactivated' },
  activityKinds: {
    sign_in: 'Signed in',
    google_sign_in: 'Signed in with Google',
    sign_in_failed: 'Failed sign-in',
    password_changed: 'Password changed',
    password_reset: 'Password reset',
    session_signed_out: 'Signed out a device',
    role_changed: 'Role changed',
    status_changed: 'Account status changed',
    mfa_enabled: 'Two-step sign-in turned on',
    mfa_disabled: 'Two-step sign-in turned off',
    mfa_failed: 'Wrong two-step code',
    mfa_reset: 'Second step reset by an administrator',
    recovery_code_used: 'Signed in with a recovery code',
    passkey_added: 'Passkey added',
    passkey_removed: 'Passkey removed',
    passkey_sign_in: 'Signed in with a passkey',
    oidc_sign_in: 'Signed in with the school’s provider',
  },
} as const;

export type Role = z.infer<typeof roleSchema>;
export type AccountStatus = z.infer<typeof statusSchema>;
export type StaffMember = z.infer<typeof staffMemberSchema>;
export type StaffList = z.infer<typeof staffListResponseSchema>;
export type StaffUpdate = z.infer<typeof staffUpdateSchema>;
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;
export type Invitation = z.infer<typeof invitationSchema>;
export type SignedInSession = z.infer<typeof sessionSchema>;
export type ActivityKind = z.infer<typeof activityKindSchema>;
export type ActivityEvent = z.infer<typeof activityEventSchema>;
export type ActivityList = z.infer<typeof activityListResponseSchema>;
