import { problemTexts, texts, type Message } from '@um/contract';
import type { Dialect, Executor } from '../db/database.js';
import { isForeignKeyViolation } from '../db/errors.js';
import { nowIso } from '../db/time.js';
import { cursorParts, keyset, type WrittenPage } from '../db/paging.js';
import { notFound, unauthorized } from '../http/problem.js';
import { findUserNameAndEmail } from '../repositories/users.js';
import {
  clearMessageDeleted,
  findInboxMessage,
  insertMessage,
  insertMessageStates,
  markMessageDeleted,
  markMessageRead,
  pageOfInbox,
  unreadCount,
  type InboxRow,
} from '../repositories/messages.js';

/** Newest first: the cursor is the id of the last message shown. */
const inboxPages = keyset(cursorParts.id, (message: Message) => message.id);

const messageNotFound = () => notFound(problemTexts.messageNotFound);

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

/** A page of one user's inbox, searched when `q` holds words, and their unread count. */
export async function listInbox(
  db: Executor,
  dialect: Dialect,
  userId: number,
  query: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<{ page: WrittenPage<Message>; unread_count: number }> {
  const request = inboxPages.request(query);
  const [rows, unread] = await Promise.all([
    pageOfInbox(db, dialect, userId, {
      before: request.after,
      limit: request.rowsToRead,
      q: query.q,
    }),
    unreadCount(db, dialect, userId),
  ]);
  return { page: inboxPages.writtenPage(rows, request), unread_count: unread };
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
    const message = await insertMessage(trx, {
      sender_id: userId,
      sender_name: author.name.trim() || author.email,
      content,
      created_at: now,
    });
    await insertMessageStates(trx, [
      { user_id: userId, message_id: message.id, read_at: now, deleted_at: null },
    ]);
    return toMessage({ ...message, read_at: now });
  });
}

/** Marks a message read for one user; the first read time is kept, so reading is idempotent. */
export async function markRead(db: Executor, userId: number, id: number): Promise<Message> {
  return inTransaction(db, async (trx) => {
    const row = await findInboxMessage(trx, userId, id);
    if (!row) throw messageNotFound();
    if (row.read_at !== null) return toMessage(row);
    const now = nowIso();
    await markMessageRead(trx, userId, id, now);
    return toMessage({ ...row, read_at: now });
  });
}

/**
 * Removes a message from one user's inbox; everyone else keeps it. One upsert does it, and it
 * changes nothing when the message does not exist (foreign key) or is already gone for them.
 */
export async function hideMessage(db: Executor, userId: number, id: number): Promise<void> {
  let changed: boolean;
  try {
    changed = await markMessageDeleted(db, userId, id, nowIso());
  } catch (error) {
    if (isForeignKeyViolation(error)) throw messageNotFound();
    throw error;
  }
  if (!changed) throw messageNotFound();
}

/**
 * Puts a message the user removed back in their inbox, read or unread as it was (the Undo of a
 * delete, docs/history.md). Of two restores at once one succeeds; a message that is in their
 * inbox, or does not exist, is a 404.
 */
export async function restoreMessage(db: Executor, userId: number, id: number): Promise<Message> {
  return inTransaction(db, async (trx) => {
    if (!(await clearMessageDeleted(trx, userId, id))) throw messageNotFound();
    const row = await findInboxMessage(trx, userId, id);
    if (!row) throw messageNotFound();
    return toMessage(row);
  });
}
