/**
 * Which repository module names each table in SQL (docs/decisions/0082). `owns`: the tables only
 * that module writes and queries; `reads`: other modules' tables its queries join, because the
 * rows they return are its own.
 */
export const tableOwners = {
  'server/src/repositories/students.ts': {
    owns: ['students', 'student_guardians', 'student_trigrams'],
    reads: [],
  },
  'server/src/repositories/standards.ts': {
    owns: ['standards', 'standard_teachers'],
    reads: [],
  },
  'server/src/repositories/users.ts': { owns: ['users', 'school_settings'], reads: [] },
  'server/src/repositories/sessions.ts': { owns: ['sessions', 'refresh_tokens'], reads: [] },
  'server/src/repositories/sign-in-activity.ts': { owns: ['sign_in_activity'], reads: [] },
  'server/src/repositories/one-time-codes.ts': {
    owns: ['one_time_codes', 'mail_cooldowns'],
    reads: [],
  },
  'server/src/repositories/password-reset-tokens.ts': {
    owns: ['password_reset_tokens'],
    reads: [],
  },
  'server/src/repositories/invitations.ts': { owns: ['invitations'], reads: [] },
  'server/src/repositories/second-steps.ts': {
    owns: ['totp_authenticators', 'recovery_codes', 'mfa_challenges'],
    reads: [],
  },
  'server/src/repositories/passkeys.ts': { owns: ['passkeys', 'webauthn_challenges'], reads: [] },
  'server/src/repositories/oidc-logins.ts': { owns: ['oidc_logins'], reads: [] },
  'server/src/repositories/history.ts': {
    owns: ['history_events', 'batches'],
    // The actors' names kept with events and batches, and the students a batch touched.
    reads: ['users', 'students'],
  },
  'server/src/repositories/messages.ts': {
    owns: ['messages', 'messages_search', 'message_states'],
    // The author's name when posting, and each user's unread count.
    reads: ['users'],
  },
  'server/src/repositories/oneroster.ts': {
    owns: ['oneroster_school', 'oneroster_guardians', 'oneroster_tombstones'],
    // The guardians of live students, each with the sourcedId it keeps for them.
    reads: ['students', 'student_guardians'],
  },
  'server/src/repositories/api-clients.ts': {
    owns: ['api_clients', 'api_client_tokens'],
    // The creator's name, kept on a new client.
    reads: ['users'],
  },
  'server/src/repositories/roster-access.ts': {
    owns: ['roster_access', 'roster_access_students'],
    // The name of the member of staff an access is logged by.
    reads: ['users'],
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
