import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types shared by both dialects. Timestamps are ISO 8601 strings in UTC on the way in
 * and out: PostgreSQL stores them as timestamptz, SQLite as text in one fixed format, so
 * string comparison and ordering agree on both.
 */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string | null;
  google_sub: string | null;
  password_changed_at: Timestamp;
  /** Raised by every password change and reset; access tokens and sign-ins carry it. */
  token_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** What the account may do (docs/staff.md); a new account is `staff` unless told otherwise. */
  role: Generated<'admin' | 'staff' | 'viewer'>;
  /** A deactivated account cannot sign in, and its tokens are refused. */
  status: Generated<'active' | 'deactivated'>;
  /** Its OneRoster sourcedId: a UUID the database gives the row once (migration 0025). */
  sourced_id: Generated<string>;
  /** The OpenID provider's issuer and subject of the identity linked to the account. */
  oidc_issuer: Generated<string | null>;
  oidc_sub: Generated<string | null>;
}

/** A user's authenticator app: its secret encrypted (decision 0065). */
export interface TotpAuthenticatorsTable {
  user_id: number;
  secret: string;
  created_at: Timestamp;
  /** Null while the set-up waits for its first code. */
  confirmed_at: Timestamp | null;
  /** The time step of the last code accepted: a code must be of a later one. */
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** The credential's id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** JSON array of the transports the browser reported. */
  transports: Generated<string>;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/** The `mfa_token` of a sign-in waiting for its second step (or for its set-up). */
export interface MfaChallengesTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'sign_in' | 'enrolment';
  attempts: Generated<number>;
  /** The user's token version when the password was checked: a change since voids it. */
  token_version: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface WebauthnChallengesTable {
  id: Generated<number>;
  challenge: string;
  /** The user adding a passkey; null for a sign-in, where nobody is known yet. */
  user_id: number | null;
  purpose: 'register' | 'sign_in';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A sign-in sent to the OpenID provider and not yet back. */
export interface OidcLoginsTable {
  id: Generated<number>;
  state_hash: string;
  nonce: string;
  code_verifier: string;
  intent: 'login' | 'register';
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** The school's choices made on screen, by key; `value` is JSON. */
export interface SchoolSettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
  updated_by: number | null;
  updated_by_name: string;
}

/** A pending or used invitation; only the hash of its link's token is kept. */
export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  role: 'admin' | 'staff' | 'viewer';
  token_hash: string;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** What a person sees of one sign-in (a refresh family, whose id this is). */
export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
  user_agent: string;
  ip: string;
}

export type ActivityKindColumn =
  | 'sign_in'
  | 'google_sign_in'
  | 'sign_in_failed'
  | 'password_changed'
  | 'password_reset'
  | 'session_signed_out'
  | 'role_changed'
  | 'status_changed'
  | 'mfa_enabled'
  | 'mfa_disabled'
  | 'mfa_failed'
  | 'mfa_reset'
  | 'recovery_code_used'
  | 'passkey_added'
  | 'passkey_removed'
  | 'passkey_sign_in'
  | 'oidc_sign_in';

/** One sign-in, failed sign-in or change to an account; never changed. */
export interface SignInActivityTable {
  id: Generated<number>;
  user_id: number;
  at: Timestamp;
  kind: ActivityKindColumn;
  ip: string;
  user_agent: string;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

/** One row per (address, purpose): the last time a mail of that kind went out. */
export interface MailCooldownsTable {
  email: string;
  purpose: string;
  sent_at: Timestamp;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  family_expires_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The user's token version when the family's sign-in began. */
  token_version: number;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface StandardsTable {
  id: Generated<number>;
  name: string;
  /**
   * The name as names are compared (`standardNameKey`), unique within an academic year
   * (migration 0027); written with every name.
   */
  name_key: string;
  grade_level: number;
  description: string;
  academic_year: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** One more on every change: a save naming an older version is an edit conflict. */
  version: Generated<number>;
  /** Set while the row is in the bin (docs/history.md); lists and lookups skip such rows. */
  deleted_at: Timestamp | null;
  /** The staff member who moved the row to the bin. */
  deleted_by: number | null;
  /** Its OneRoster sourcedId: a UUID the database gives the row once (migration 0025). */
  sourced_id: Generated<string>;
}

export interface StudentsTable {
  id: Generated<number>;
  name: string;
  email: string;
  roll_number: string;
  standard_id: number;
  phone_number: string;
  address: string;
  /** Empty when the school gave none; unique among live students otherwise. */
  admission_number: Generated<string>;
  /** YYYY-MM-DD, as text on both databases. */
  date_of_birth: string | null;
  status: Generated<'active' | 'left' | 'graduated'>;
  /** YYYY-MM-DD: set for a student who left or graduated, null for an active one. */
  left_on: string | null;
  /** The guardians' names and phone digits, one per line, for the search (migration 0017). */
  guardian_search: Generated<string>;
  /**
   * The guardians as the API shows them, a JSON array written with them (migration 0020), so
   * that a page of students reads them from its index.
   */
  guardians_json: Generated<string>;
  /** The natural order's key of the roll number, computed by the database on every write. */
  roll_sort: Generated<string>;
  /** Every searched text, lower-cased, computed by the database (migration 0017). */
  search_text: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** One more on every change: a save naming an older version is an edit conflict. */
  version: Generated<number>;
  /** Set while the row is in the bin (docs/history.md); lists and lookups skip such rows. */
  deleted_at: Timestamp | null;
  /** The staff member who moved the row to the bin. */
  deleted_by: number | null;
  /** Its OneRoster sourcedId: a UUID the database gives the row once (migration 0025). */
  sourced_id: Generated<string>;
}

/** A student's guardians, in the order the form had them (`position` from 0). */
export interface StudentGuardiansTable {
  student_id: number;
  position: number;
  name: string;
  relation: Generated<string>;
  phone: Generated<string>;
  email: Generated<string>;
  /** 1 for the primary contact (at most one per student), 0 for the others. */
  is_primary: Generated<number>;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number | null;
  /** The author's name (or e-mail) when posted, kept so the inbox still reads if they leave. */
  sender_name: string;
  content: string;
  created_at: Timestamp;
}

/**
 * SQLite's inbox search (migration 0018): an FTS5 trigram index of each message's text and
 * sender's name, whose rowid is the message's id. The column named as the table takes a MATCH.
 */
export interface MessagesSearchTable {
  rowid: number;
  messages_search: string;
  content: string;
  sender_name: string;
}

export interface MessageStatesTable {
  user_id: number;
  message_id: number;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/**
 * SQLite's search index (migrations 0009 and 0017): one row per distinct three-character piece
 * of a student's search text, in the list's order within each piece.
 */
export interface StudentTrigramsTable {
  trigram: string;
  name: string;
  id: number;
}

/** One create, update, delete, restore or import of a student or standard; never changed. */
export interface HistoryEventsTable {
  id: Generated<number>;
  entity: 'student' | 'standard' | 'user';
  entity_id: number;
  at: Timestamp;
  actor_id: number | null;
  /** The actor's name (or e-mail) then, so the history still reads if they leave. */
  actor_name: string;
  action: 'create' | 'update' | 'delete' | 'restore' | 'import';
  /** JSON: `{ field: { from, to } }` for each field that changed. */
  changes: string;
  import_id: string | null;
}

/** An import, bulk change or year-end run, whose history events carry its `id` (`import_id`). */
export interface BatchesTable {
  seq: Generated<number>;
  id: string;
  kind: 'import' | 'bulk' | 'year-end';
  at: Timestamp;
  actor_id: number | null;
  actor_name: string;
  /** JSON: what the batch did, by name (`{ "moved": 30 }`). */
  counts: string;
  undone_at: Timestamp | null;
  undone_by: number | null;
}

/** A standard's teachers (migration 0025); a removal sets `removed_at` instead of deleting. */
export interface StandardTeachersTable {
  id: Generated<number>;
  standard_id: number;
  user_id: number;
  /** Its place among the standard's teachers, from 0; the first is the primary teacher. */
  position: number;
  added_at: Timestamp;
  removed_at: Timestamp | null;
}

/** The school as one OneRoster org: one row, id 1. */
export interface OneRosterSchoolTable {
  id: number;
  sourced_id: string;
  /** The name it was last exported under, so a change of SCHOOL_NAME dates the org. */
  name: string;
  updated_at: Timestamp;
}

/**
 * A guardian's OneRoster sourcedId, by student and name (lower-cased, trimmed), kept by
 * triggers on `student_guardians` (migration 0025).
 */
export interface OneRosterGuardiansTable {
  student_id: number;
  name_key: string;
  sourced_id: string;
  changed_at: Timestamp;
  removed_at: Timestamp | null;
}

/** The sourcedId of a student or standard purged from the bin, kept by a trigger. */
export interface OneRosterTombstonesTable {
  sourced_id: string;
  kind: 'student' | 'standard';
  entity_id: number;
  removed_at: Timestamp;
  /** A student's standard's sourcedId when it was purged. */
  class_sourced_id: string | null;
  grade_level: number | null;
  academic_year: string | null;
}

/** A system that reads the OneRoster REST API; its secret is kept as a SHA-256 hash. */
export interface ApiClientsTable {
  id: Generated<number>;
  name: string;
  client_id: string;
  secret_hash: string;
  created_at: Timestamp;
  created_by: number | null;
  created_by_name: string;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_by: number | null;
}

/** A client's access token, kept as a SHA-256 hash. */
export interface ApiClientTokensTable {
  token_hash: string;
  client_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** One export or read of rosters: who, when, what, how many records and students. */
export interface RosterAccessTable {
  id: Generated<number>;
  at: Timestamp;
  actor_kind: 'user' | 'client';
  user_id: number | null;
  client_id: number | null;
  actor_name: string;
  what: string;
  records: number;
  students: number;
}

/** Whose data an export or read held. */
export interface RosterAccessStudentsTable {
  student_id: number;
  access_id: number;
}

export interface Database {
  batches: BatchesTable;
  history_events: HistoryEventsTable;
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  mail_cooldowns: MailCooldownsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  standards: StandardsTable;
  students: StudentsTable;
  student_guardians: StudentGuardiansTable;
  student_trigrams: StudentTrigramsTable;
  messages: MessagesTable;
  message_states: MessageStatesTable;
  invitations: InvitationsTable;
  sessions: SessionsTable;
  sign_in_activity: SignInActivityTable;
  messages_search: MessagesSearchTable;
  standard_teachers: StandardTeachersTable;
  oneroster_school: OneRosterSchoolTable;
  oneroster_guardians: OneRosterGuardiansTable;
  oneroster_tombstones: OneRosterTombstonesTable;
  api_clients: ApiClientsTable;
  api_client_tokens: ApiClientTokensTable;
  roster_access: RosterAccessTable;
  roster_access_students: RosterAccessStudentsTable;
  totp_authenticators: TotpAuthenticatorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  mfa_challenges: MfaChallengesTable;
  webauthn_challenges: WebauthnChallengesTable;
  oidc_logins: OidcLoginsTable;
  school_settings: SchoolSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StandardRow = Selectable<StandardsTable>;
export type StudentRow = Selectable<StudentsTable>;
export type GuardianRow = Selectable<StudentGuardiansTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
