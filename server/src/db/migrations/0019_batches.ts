import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Batches (docs/history.md, "Batches"): one row for each import, bulk change or year-end run,
 * whose history events share its id (`history_events.import_id`). The row says who ran it, when,
 * what it counted and whether it was undone; setting `undone_at` is what makes an undo happen
 * once. Imports made before this table existed get their rows from their history: an import with
 * an event other than its own was undone.
 */
export function batchesMigration(dialect: Dialect) {
  const timestamp = dialect === 'postgres' ? 'timestamptz' : 'text';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('batches')
        .addColumn('seq', 'integer', (col) =>
          dialect === 'postgres'
            ? col.primaryKey().generatedByDefaultAsIdentity()
            : col.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('at', timestamp, (col) => col.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_name', 'text', (col) => col.notNull())
        .addColumn('counts', 'text', (col) => col.notNull())
        .addColumn('undone_at', timestamp)
        .addColumn('undone_by', 'integer')
        .execute();
      await sql`
        insert into batches (id, kind, at, actor_id, actor_name, counts, undone_at)
        select import_id, 'import', min(at), min(actor_id), min(actor_name),
          '{"created":' || sum(case when action = 'import' and changes like '%"from":null%' then 1 else 0 end) ||
          ',"updated":' || sum(case when action = 'import' and changes not like '%"from":null%' then 1 else 0 end) || '}',
          case when sum(case when action <> 'import' then 1 else 0 end) > 0 then max(at) end
        from history_events
        where import_id is not null
        group by import_id
        order by min(id)
      `.execute(db);
    },
  };
}
