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
  grade_level: number;
  description: string;
  academic_year: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** One more on every change: a save naming an older version is an edit conflict. */
  version: Generated<number>;
  /** Set while the row is in the bin (DESIGN.md 6); lists and lookups skip such rows. */
  deleted_at: Timestamp | null;
  /** The staff member who moved the row to the bin. */
  deleted_by: number | null;
}

export interface StudentsTable {
  id: Generated<number>;
  name: string;
  email: string;
  roll_number: string;
  standard_id: number;
  phone_number: string;
  address: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** One more on every change: a save naming an older version is an edit conflict. */
  version: Generated<number>;
  /** Set while the row is in the bin (DESIGN.md 6); lists and lookups skip such rows. */
  deleted_at: Timestamp | null;
  /** The staff member who moved the row to the bin. */
  deleted_by: number | null;
}

export interface MessagesTable {
  id: Generated<number>;
  sender_id: number | null;
  /** The author's name (or e-mail) when posted, kept so the inbox still reads if they leave. */
  sender_name: string;
  content: string;
  created_at: Timestamp;
}

export interface MessageStatesTable {
  user_id: number;
  message_id: number;
  read_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

/**
 * SQLite's search index (migration 0009): one row per distinct three-character piece of a
 * student's lower-cased name, e-mail and roll number, in the list's order within each piece.
 */
export interface StudentTrigramsTable {
  trigram: string;
  name: string;
  id: number;
}

/** One create, update, delete, restore or import of a student or standard; never changed. */
export interface HistoryEventsTable {
  id: Generated<number>;
  entity: 'student' | 'standard';
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

export interface Database {
  history_events: HistoryEventsTable;
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  mail_cooldowns: MailCooldownsTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  standards: StandardsTable;
  students: StudentsTable;
  student_trigrams: StudentTrigramsTable;
  messages: MessagesTable;
  message_states: MessageStatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type StandardRow = Selectable<StandardsTable>;
export type StudentRow = Selectable<StudentsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type RefreshTokenRow = Selectable<RefreshTokensTable>;
