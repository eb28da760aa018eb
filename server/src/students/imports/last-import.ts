import type { LastImport } from '@um/contract';
import type { Executor } from '../../db/database.js';
import { findLastImportBatch } from '../../repositories/history.js';

/**
 * The school's last import, from its batch (docs/history.md, "Batches"): who made it and when,
 * the students it added or updated, and whether it was undone. Null when nothing was ever
 * imported. Batches are few (a school makes a handful a week), so the newest import is found by
 * walking them newest first.
 */
export async function lastImport(db: Executor): Promise<LastImport | null> {
  const batch = await findLastImportBatch(db);
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
