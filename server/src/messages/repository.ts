import { problemTexts, texts, type Message } from '@um/contract';
import { sql, type SqlBool } from 'kysely';
import type { Dialect, Executor } from '../db/database.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { nowIso } from '../db/time.js';
import { cursorParts, jsonItem, keyset, type WrittenPage } from '../db/paging.js';
import { compiledQuery, type Bind, type QueryShape } from '../db/compiled-query.js';
import { notFound, unauthorized } from '../http/problem.js';
import { countHandledMessagesOfUsers, findUserNameAndEmail } from '../repositories/users.js';

/** Newest first: the cursor is the id of the last message shown. */
const inboxPages = keyset(cursorParts.id, (message: Message) => message.id);

const messageNotFound = () => notFound(problemTexts.messageNotFound);

interface InboxRow {
  id: number;
  sender_id: number | null;
  sender_name: string;
  content: string;
  created_at: string;
  read_at: string | null;
}

function toMessage(row: InboxRow): Message {
  return {
    id: row.id,
    sender: row.sender_name,
    sender_id: row.sender_id,
    content: row.content,
    is_read: row.read_at !== null,
    timestamp: row.created_at,
  };
}

/** Runs `work` in a transaction, joining the caller's when there is one. */
function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
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

/** A page of one user's inbox, searched when `q` holds words, and their unread count. */
export async function listInbox(
  db: Executor,
  dialect: Dialect,
  userId: number,
  query: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<{ page: WrittenPage<Message>; unread_count: number }> {
  const request = inboxPages.request(query);
  const { search, ...values } = searchOf(query.q);
  const [rows, unread] = await Promise.all([
    inboxPage.run(
      db,
      { dialect, after: request.after !== undefined, search },
      { ...values, userId, before: request.after ?? 0, limit: request.rowsToRead },
    ),
    unreadCount(db, dialect, userId),
  ]);
  return { page: inboxPages.writtenPage(rows, request), unread_count: unread };
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
  const rows = await countHandledMessagesOfUsers(db, userIds);
  return new Map(rows.map((row) => [row.id, Number(row.total) - Number(row.handled)]));
}

/**
 * Posts to every staff member's inbox. The sender's name is kept as it was when posting, and
 * the author's own copy starts read, in the same transaction so it is never briefly unread.
 */
export async function postMessage(db: Executor, userId: number, content: string) {
  return inTransaction(db, async (trx) => {
    const author = await findUserNameAndEmail(trx, userId);
    // The account was deleted after its token was checked: it can no longer post.
    if (!author) throw unauthorized(texts.access.authenticationRequired);
    const now = nowIso();
    const message = await trx
      .insertInto('messages')
      .values({
        sender_id: userId,
        sender_name: author.name.trim() || author.email,
        content,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('message_states')
      .values({ user_id: userId, message_id: message.id, read_at: now, deleted_at: null })
      .execute();
    return toMessage({ ...message, read_at: now });
  });
}

/** Marks a message read for one user; the first read time is kept, so reading is idempotent. */
export async function markRead(db: Executor, userId: number, id: number): Promise<Message> {
  return inTransaction(db, async (trx) => {
    const row = await inboxOf(trx, userId)
      .select(inboxColumns)
      .where('messages.id', '=', id)
      .executeTakeFirst();
    if (!row) throw messageNotFound();
    if (row.read_at !== null) return toMessage(row);
    const now = nowIso();
    await trx
      .insertInto('message_states')
      .values({ user_id: userId, message_id: id, read_at: now, deleted_at: null })
      .onConflict((oc) =>
        oc.columns(['user_id', 'message_id']).doUpdateSet((eb) => ({
          read_at: eb.fn.coalesce('message_states.read_at', eb.ref('excluded.read_at')),
        })),
      )
      .execute();
    return toMessage({ ...row, read_at: now });
  });
}

/**
 * Removes a message from one user's inbox; everyone else keeps it. One upsert does it, and it
 * changes nothing when the message does not exist (foreign key) or is already gone for them.
 */
export async function hideMessage(db: Executor, userId: number, id: number): Promise<void> {
  const now = nowIso();
  let changed: bigint;
  try {
    const result = await db
      .insertInto('message_states')
      .values({ user_id: userId, message_id: id, read_at: null, deleted_at: now })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'message_id'])
          .doUpdateSet({ deleted_at: now })
          .where('message_states.deleted_at', 'is', null),
      )
      .executeTakeFirst();
    changed = result.numInsertedOrUpdatedRows ?? 0n;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw messageNotFound();
    throw error;
  }
  if (changed === 0n) throw messageNotFound();
}

/**
 * Puts a message the user removed back in their inbox, read or unread as it was (the Undo of a
 * delete, docs/history.md). One conditional update decides it: of two restores at once one
 * succeeds; a message that is in their inbox, or does not exist, is a 404.
 */
export async function restoreMessage(db: Executor, userId: number, id: number): Promise<Message> {
  return inTransaction(db, async (trx) => {
    const restored = await trx
      .updateTable('message_states')
      .set({ deleted_at: null })
      .where('user_id', '=', userId)
      .where('message_id', '=', id)
      .where('deleted_at', 'is not', null)
      .returning('message_id')
      .executeTakeFirst();
    if (!restored) throw messageNotFound();
    const row = await inboxOf(trx, userId)
      .select(inboxColumns)
      .where('messages.id', '=', id)
      .executeTakeFirstOrThrow();
    return toMessage(row);
  });
}
