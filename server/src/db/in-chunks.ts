/**
 * Ids per statement when a write or read names many rows by id: well under either database's
 * bound on values in one statement (SQLite binds at most 32 766).
 */
export const IDS_PER_STATEMENT = 500;

/** `read` run over `ids` a statement's worth at a time, its rows joined in order. */
export async function inChunks<T>(
  ids: readonly number[],
  read: (chunk: number[]) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) {
    rows.push(...(await read(ids.slice(start, start + IDS_PER_STATEMENT))));
  }
  return rows;
}
