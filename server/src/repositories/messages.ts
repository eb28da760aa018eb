import type { Message } from '@um/contract';
import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import type { MessageStatesTable, MessagesTable } from '../db/schema.js';
import { jsonItem } from '../db/paging.js';
import { compiledQuery, type Bind, type QueryShape } from '../db/compiled-query.js';

/** A message as one user's inbox shows it, with their read time. */
export interface InboxRow {
  id: number;
  sender_id: number | null;
  sender_name: string;
  content: string;
  created_at: string;
  read_at: string | null;
}

/** The shared inbox as one user sees it: their read state, without what they deleted. */
function inboxOf(db: Executor, userId: number) {
  return db
    .selectFrom('messages')
    .leftJoin('message_states as state', (join) =>
      join.onRef('state.message_id', '=', 'messages.id').on('state.user_id', '=', userId),
    )
    .where('state.deleted_at', 'is', null);
}

const inboxColumns = [
  'messages.id',
  'messages.sender_id',
  'messages.sender_name',
  'messages.content',
  'messages.created_at',
  'state.read_at',
] as const;

interface InboxValues {
  userId: number;
  before: number;
  limit: number;
  /** The search's words, as a JSON array. */
  words: string;
  /** The longest word as a LIKE pattern, for PostgreSQL's pg_trgm indexes. */
  pattern: string;
  /** The words an FTS5 trigram index can look up, as its MATCH expression. */
  match: string;
}

/** The shortest text a trigram index (migration 0018) can look up. */
const TRIGRAM_LENGTH = 3;

/** How a page is searched: not at all, by the row's columns, or from the trigram index. */
type InboxSearch = 'none' | 'columns' | 'trigrams';

interface InboxShape extends QueryShape {
  after: boolean;
  search: InboxSearch;
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The words of a search (docs/api.md, "Lists"), each of which a message must hold in its text
 * or its sender's name. Every word is checked on the row itself; the index only finds the rows
 * to check: on SQLite the FTS5 table by every word of three characters or more, on PostgreSQL
 * the pg_trgm indexes by the longest word.
 */
function searchOf(text: string | undefined) {
  const words = [...new Set((text ?? '').split(/\s+/u).filter((word) => word !== ''))];
  const long = words.filter((word) => [...word].length >= TRIGRAM_LENGTH);
  const lead = words.reduce(
    (longest, word) => ([...word].length > [...longest].length ? word : longest),
    '',
  );
  const search: InboxSearch =
    words.length === 0 ? 'none' : long.length > 0 ? 'trigrams' : 'columns';
  return {
    search,
    words: JSON.stringify(words),
    pattern: containsPattern(lead),
    // Each word a phrase, its quotes doubled: FTS5 then reads no operator in what was typed.
    match: long.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND '),
  };
}

/** Every search word in the message's text or its sender's name, without regard to case. */
function holdsEveryWord(dialect: Dialect, bind: Bind<InboxValues>) {
  const columns = ['messages.content', 'messages.sender_name'] as const;
  const missing = sql.join(
    columns.map((column) =>
      dialect === 'sqlite'
        ? sql`instr(lower(${sql.ref(column)}), lower(word.value)) = 0`
        : sql`strpos(lower(${sql.ref(column)}), lower(word.value)) = 0`,
    ),
    sql` and `,
  );
  const words =
    dialect === 'sqlite'
      ? sql`json_each(${bind('words')}) as word`
      : sql`jsonb_array_elements_text(cast(${bind('words')} as jsonb)) as word(value)`;
  return sql<SqlBool>`not exists (select 1 from ${words} where ${missing})`;
}

/** The longest word in either column, as PostgreSQL's pg_trgm indexes (migration 0018) read it. */
const holdsLongestWord = (bind: Bind<InboxValues>) =>
  sql<SqlBool>`(lower(messages.content) like lower(${bind('pattern')}) escape '\\'
    or lower(messages.sender_name) like lower(${bind('pattern')}) escape '\\')`;

/** A message of the API, written by the database from a row of an inbox page. */
const messageJson = jsonItem<Message, InboxRow>('messages', (field) => ({
  id: field.value('id'),
  sender: field.value('sender_name'),
  sender_id: field.value('sender_id'),
  content: field.value('content'),
  is_read: field.isSet('read_at', 'state'),
  timestamp: field.timestamp('created_at'),
}));

/**
 * A page of one user's inbox, newest first, the first page or one after a cursor, searched or
 * not, as the API's JSON written by the database. A search on SQLite walks the FTS5 index's
 * matches by rowid, which is the inbox's order, from the cursor on, and stops when the page is
 * full (decision 0046); other searches walk or look up the messages and check each row.
 */
const inboxPage = compiledQuery((db, bind: Bind<InboxValues>, shape: InboxShape) => {
  if (shape.search === 'trigrams' && shape.dialect === 'sqlite') {
    let select = db
      .selectFrom('messages_search as hit')
      .innerJoin('messages', 'messages.id', 'hit.rowid')
      .leftJoin('message_states as state', (join) =>
        join.onRef('state.message_id', '=', 'messages.id').on('state.user_id', '=', bind('userId')),
      )
      .where('state.deleted_at', 'is', null)
      .where(sql<SqlBool>`${sql.ref('hit.messages_search')} match ${bind('match')}`)
      .where(holdsEveryWord(shape.dialect, bind))
      .select(messageJson(shape.dialect));
    if (shape.after) select = select.where('hit.rowid', '<', bind('before'));
    return select.orderBy('hit.rowid', 'desc').limit(bind('limit'));
  }
  let select = inboxOf(db, bind('userId')).select(messageJson(shape.dialect));
  if (shape.search === 'trigrams') select = select.where(holdsLongestWord(bind));
  if (shape.search !== 'none') select = select.where(holdsEveryWord(shape.dialect, bind));
  if (shape.after) select = select.where('messages.id', '<', bind('before'));
  return select.orderBy('messages.id', 'desc').limit(bind('limit'));
});

/**
 * Up to `limit` messages of one user's inbox, newest first, with an id below `before` when
 * given, holding every word of `q` when it has any; each row's item is the API's JSON.
 */
export function pageOfInbox(
  db: Executor,
  dialect: Dialect,
  userId: number,
  page: { before: number | undefined; limit: number; q: string | undefined },
) {
  const { search, ...values } = searchOf(page.q);
  return inboxPage.run(
    db,
    { dialect, after: page.before !== undefined, search },
    { ...values, userId, before: page.before ?? 0, limit: page.limit },
  );
}

/** One message of one user's inbox, unless it does not exist or they deleted it. */
export function findInboxMessage(
  db: Executor,
  userId: number,
  id: number,
): Promise<InboxRow | undefined> {
  return inboxOf(db, userId).select(inboxColumns).where('messages.id', '=', id).executeTakeFirst();
}

/**
 * How many messages one user has neither read nor deleted: every message, less the ones their
 * own state rows mark read or deleted (a state row always has a message, and at most one per
 * message). The two counts read one small index each, where a join of every message to the
 * user's states grew with the inbox (decision 0022).
 */
const unreadCounts = compiledQuery((db, bind: Bind<{ userId: number }>) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom('messages')
      .select((sub) => sub.fn.countAll<number>().as('count'))
      .as('total'),
    eb
      .selectFrom('message_states')
      .where('user_id', '=', bind('userId'))
      .where((where) =>
        where.or([where('read_at', 'is not', null), where('deleted_at', 'is not', null)]),
      )
      .select((sub) => sub.fn.countAll<number>().as('count'))
      .as('handled'),
  ]),
);

export async function unreadCount(db: Executor, dialect: Dialect, userId: number): Promise<number> {
  const [counts] = await unreadCounts.run(db, { dialect }, { userId });
  return Number(counts?.total) - Number(counts?.handled);
}

/**
 * The unread counts of many users in one query, as `unreadCount` counts them: the event
 * streams ask for every listening user's count at once after a message is posted, so that many
 * open streams cost one query, not one each (decision 0026).
 */
export async function unreadCountsOf(
  db: Executor,
  userIds: readonly number[],
): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .where('users.id', 'in', userIds)
    .select((eb) => [
      'users.id',
      eb
        .selectFrom('messages')
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .as('total'),
      eb
        .selectFrom('message_states')
        .whereRef('message_states.user_id', '=', 'users.id')
        .where((where) =>
          where.or([where('read_at', 'is not', null), where('deleted_at', 'is not', null)]),
        )
        .select((sub) => sub.fn.countAll<number>().as('count'))
        .as('handled'),
    ])
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.total) - Number(row.handled)]));
}

/** The creation time of the newest message, if there is one. */
export async function newestMessageTime(db: Executor): Promise<string | null> {
  const newest = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirst();
  return newest?.at ?? null;
}

export function insertMessage(db: Executor, message: Insertable<MessagesTable>) {
  return db.insertInto('messages').values(message).returningAll().executeTakeFirstOrThrow();
}

export function insertMessages(db: Executor, messages: Insertable<MessagesTable>[]) {
  return db
    .insertInto('messages')
    .values(messages)
    .returning(['id', 'sender_id', 'created_at'])
    .execute();
}

export async function insertMessageStates(
  db: Executor,
  states: Insertable<MessageStatesTable>[],
): Promise<void> {
  await db.insertInto('message_states').values(states).execute();
}

/** Marks a message read for one user at `now`, keeping an earlier read time. */
export async function markMessageRead(
  db: Executor,
  userId: number,
  messageId: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('message_states')
    .values({ user_id: userId, message_id: messageId, read_at: now, deleted_at: null })
    .onConflict((oc) =>
      oc.columns(['user_id', 'message_id']).doUpdateSet((eb) => ({
        read_at: eb.fn.coalesce('message_states.read_at', eb.ref('excluded.read_at')),
      })),
    )
    .execute();
}

/**
 * Marks a message deleted for one user at `now`, with one upsert; true when it changed a row,
 * false when they had already deleted it. A message that does not exist fails the foreign key.
 */
export async function markMessageDeleted(
  db: Executor,
  userId: number,
  messageId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('message_states')
    .values({ user_id: userId, message_id: messageId, read_at: null, deleted_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'message_id'])
        .doUpdateSet({ deleted_at: now })
        .where('message_states.deleted_at', 'is', null),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) !== 0n;
}

/**
 * Clears one user's deletion of a message, in one conditional update so that of two at once
 * one succeeds; false when they had not deleted it or it does not exist.
 */
export async function clearMessageDeleted(
  db: Executor,
  userId: number,
  messageId: number,
): Promise<boolean> {
  const restored = await db
    .updateTable('message_states')
    .set({ deleted_at: null })
    .where('user_id', '=', userId)
    .where('message_id', '=', messageId)
    .where('deleted_at', 'is not', null)
    .returning('message_id')
    .executeTakeFirst();
  return restored !== undefined;
}
