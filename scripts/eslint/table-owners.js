/**
 * Which repository module names each table in SQL (docs/decisions/0082). `owns`: the tables only
 * that module writes and queries; `reads`: other modules' tables its queries join, because the
 * rows they return are its own.
 */
export const tableOwners = {
  'server/src/repositories/students.ts': {
    owns: ['students', 'student_guardians', 'student_trigrams'],
    // A student's standard and who changed them (the list, the bin, the roster), the events a
    // batch left, and the sourcedId OneRoster keeps for each guardian.
    reads: ['standards', 'users', 'history_events', 'oneroster_guardians'],
  },
  'server/src/repositories/standards.ts': {
    owns: ['standards', 'standard_teachers'],
    // A standard's student count, its teachers' names and when it last changed.
    reads: ['students', 'users', 'history_events'],
  },
  'server/src/repositories/users.ts': {
    owns: ['users', 'school_settings'],
    // The access check's live session, and a staff member's sessions and second steps.
    reads: ['refresh_tokens', 'sessions', 'totp_authenticators', 'passkeys'],
  },
  'server/src/repositories/sessions.ts': {
    owns: ['sessions', 'refresh_tokens'],
    // The account a refresh token belongs to.
    reads: ['users'],
  },
  'server/src/repositories/sign-in-activity.ts': { owns: ['sign_in_activity'], reads: [] },
  'server/src/repositories/one-time-codes.ts': {
    owns: ['one_time_codes', 'mail_cooldowns'],
    reads: [],
  },
  'server/src/repositories/password-reset-tokens.ts': {
    owns: ['password_reset_tokens'],
    // When the account last changed its password.
    reads: ['users'],
  },
  'server/src/repositories/invitations.ts': {
    owns: ['invitations'],
    // Who sent each invitation.
    reads: ['users'],
  },
  'server/src/repositories/second-steps.ts': {
    owns: ['totp_authenticators', 'recovery_codes', 'mfa_challenges'],
    reads: [],
  },
  'server/src/repositories/passkeys.ts': { owns: ['passkeys', 'webauthn_challenges'], reads: [] },
  'server/src/repositories/oidc-logins.ts': { owns: ['oidc_logins'], reads: [] },
  'server/src/repositories/history.ts': {
    owns: ['history_events', 'batches'],
    // The students a batch touched.
    reads: ['students'],
  },
  'server/src/repositories/messages.ts': {
    owns: ['messages', 'messages_search', 'message_states'],
    // Each user's unread count.
    reads: ['users'],
  },
  'server/src/repositories/oneroster.ts': {
    owns: ['oneroster_school', 'oneroster_guardians', 'oneroster_tombstones'],
    reads: [],
  },
  'server/src/repositories/api-clients.ts': {
    owns: ['api_clients', 'api_client_tokens'],
    reads: [],
  },
  'server/src/repositories/roster-access.ts': {
    owns: ['roster_access', 'roster_access_students'],
    reads: [],
  },
};

/**
 * Files that may name any table: the schema and migrations, and the tests, which set up and
 * inspect rows directly.
 */
export const exemptFromTableOwners = [
  'server/src/db/**',
  'server/src/test/**',
  '**/*.test.ts',
  'server/bench/**',
];
