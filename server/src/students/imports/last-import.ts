import type { LastImport } from '@um/contract';
import type { Executor } from '../../db/database.js';

/**
 * The school's last import, from its batch (docs/history.md, "Batches"): who made it and when,
 * the students it added or updated, and whether it was undone. Null when nothing was ever
 * imported. Batches are few (a school makes a handful a week), so the newest import is found by
 * walking them newest first.
 */
export async function lastImport(db: Executor): Promise<LastImport | null> {
  const batch = await db
    .selectFrom('batches')
    .selectAll()
    .where('kind', '=', 'import')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!batch) return null;
  const counts = JSON.parse(batch.counts) as Record<string, number | undefined>;
  return {
    import_id: batch.id,
    at: batch.at,
    actor: { id: batch.actor_id, name: batch.actor_name },
    students: (counts['created'] ?? 0) + (counts['updated'] ?? 0),
    undone: batch.undone_at !== null,
  };
}
