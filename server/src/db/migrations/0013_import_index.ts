import { sql, type Kysely } from 'kysely';

/**
 * An import's undo reads the history events that share its `import_id`; without an index that
 * read walked the whole history, which grows with every change anybody makes.
 */
export function importIndexMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('history_events_import_idx')
        .on('history_events')
        .columns(['import_id', 'id'])
        .where(sql.ref('import_id'), 'is not', null)
        .execute();
    },
  };
}
