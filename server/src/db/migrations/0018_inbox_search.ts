import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { trigramSchema } from './0004_performance.js';

/**
 * Indexes for the inbox search (`GET /api/message/?q=`, words found in a message's text or its
 * sender's name; decision 0046).
 *
 * SQLite: an FTS5 trigram table over the two columns, with the messages as its external
 * content. The inbox is ordered by id, which is the FTS table's rowid, so a page walks the
 * matches newest first from the cursor and stops when it is full; the student search needed a
 * table of its own (decision 0023) only because its order is the name. Triggers keep it in
 * step with the messages.
 *
 * PostgreSQL: pg_trgm GIN indexes on the lower-cased columns, as the students have (migration
 * 0004); without pg_trgm the search stays correct and only slower.
 */
export function inboxSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'sqlite') await sqliteSearchIndex(db);
      else await postgresSearchIndexes(db);
    },
  };
}

async function sqliteSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`
    create virtual table messages_search using fts5(
      content, sender_name,
      content = 'messages', content_rowid = 'id', tokenize = 'trigram'
    )`.execute(db);
  await sql`insert into messages_search (messages_search) values ('rebuild')`.execute(db);
  await sql`
    create trigger messages_search_insert after insert on messages begin
      insert into messages_search (rowid, content, sender_name)
      values (new.id, new.content, new.sender_name);
    end`.execute(db);
  // An external-content FTS5 table forgets a row only when told the values it indexed.
  await sql`
    create trigger messages_search_delete after delete on messages begin
      insert into messages_search (messages_search, rowid, content, sender_name)
      values ('delete', old.id, old.content, old.sender_name);
    end`.execute(db);
  await sql`
    create trigger messages_search_update after update of content, sender_name on messages
    begin
      insert into messages_search (messages_search, rowid, content, sender_name)
      values ('delete', old.id, old.content, old.sender_name);
      insert into messages_search (rowid, content, sender_name)
      values (new.id, new.content, new.sender_name);
    end`.execute(db);
}

async function postgresSearchIndexes(db: Kysely<unknown>): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  for (const column of ['content', 'sender_name']) {
    await sql`
      create index ${sql.id(`messages_${column}_trgm_idx`)} on messages
      using gin (lower(${sql.ref(column)}) ${sql.id(schema)}.gin_trgm_ops)`.execute(db);
  }
}
