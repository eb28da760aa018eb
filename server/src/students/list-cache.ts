import { studentListResponseSchema } from '@um/contract';
import type { StudentListQuery } from './repository.js';

/** About the answers of a busy school's list screens; an answer is at most ~50 kB (200 rows). */
const DEFAULT_BUDGET_BYTES = 8 * 1024 * 1024;
/** Versions count up from 0. */
const NO_VERSION = -1;
/** How many of the queries asked for are remembered, to know one asked for again. */
const ASKED_LIMIT = 4096;

/**
 * The student list as JSON, kept while no student changes. Every staff member sees the same
 * list and the first page is what the Students screen opens with, so most reads repeat one that
 * was just made; making it again cost ~400 µs of CPU (51 rows materialised, checked and
 * serialised), against ~60 µs to answer from here (BENCHMARKS.md, cause C).
 *
 * Freshness comes from the database, not from this process: `data_versions` is raised by a
 * trigger in the same transaction as every student write (migrations 0005 and 0006), and the
 * version is read before the list (by the route's guard, with the user), so an answer is never
 * kept under a version older than its rows. A write by another API process, the seed command or
 * an operator's SQL is seen on the next request.
 *
 * An answer is kept from the second time its query is asked for. A person paging through the
 * whole list asks for each page once; keeping those pages would only push out the ones that are
 * read again, and the memory churn raised the server's peak RSS by some 60 MB under load.
 */
export function createStudentListCache(budgetBytes = DEFAULT_BUDGET_BYTES) {
  // Answers made at `entriesVersion`, by query. Insertion order is recency order: a hit moves
  // to the end, the front is evicted first.
  const entries = new Map<string, Buffer>();
  let entriesVersion = NO_VERSION;
  let bytes = 0;
  const asked = new Set<string>();

  /** Whether `key` was asked for before; the query asked for longest ago is forgotten. */
  function askedBefore(key: string): boolean {
    const before = asked.delete(key);
    asked.add(key);
    if (before) return true;
    if (asked.size > ASKED_LIMIT) {
      const oldest = asked.values().next().value;
      if (oldest !== undefined) asked.delete(oldest);
    }
    return false;
  }

  function remember(key: string, body: Buffer): void {
    entries.set(key, body);
    bytes += body.length;
    for (const [oldestKey, oldest] of entries) {
      if (bytes <= budgetBytes) break;
      entries.delete(oldestKey);
      bytes -= oldest.length;
    }
  }

  /**
   * `readVersion` is the students data version read before the list is made (the guard reads
   * it with the user), null while its rows are missing.
   */
  return async function studentListJson(
    query: StudentListQuery,
    readVersion: number | null,
    list: () => Promise<unknown>,
  ): Promise<Buffer> {
    const answer = async () =>
      // The route's response schema, applied as Fastify's serializer would have applied it.
      // Kept as bytes: sending a string encodes it into a new buffer on every answer.
      Buffer.from(JSON.stringify(studentListResponseSchema.parse(await list())));
    // Without its version rows (removed by hand) nothing could tell a kept answer is stale.
    const version = readVersion ?? NO_VERSION;
    if (version !== entriesVersion) {
      entries.clear();
      bytes = 0;
      entriesVersion = version;
    }
    if (version === NO_VERSION) return answer();
    const key = JSON.stringify([query.standard, query.q, query.limit, query.cursor]);
    const hit = entries.get(key);
    if (hit !== undefined) {
      entries.delete(key);
      entries.set(key, hit);
      return hit;
    }
    const body = await answer();
    // Another request may have seen a newer version meanwhile; this answer is then not kept.
    if (version === entriesVersion && !entries.has(key) && askedBefore(key)) remember(key, body);
    return body;
  };
}
