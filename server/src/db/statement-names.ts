/** Names of the SQL texts PostgreSQL keeps prepared on each connection, by text. */
const names = new Map<string, string>();

/**
 * Asks for `text` to be kept prepared: parsed and planned once per connection instead of on
 * every run. Only for texts compiled once (see prepared-query.ts), since each stays prepared
 * as long as its connection lives.
 */
export function keepPrepared(text: string): void {
  if (!names.has(text)) names.set(text, `um_prepared_${names.size + 1}`);
}

/** The statement name of a text `keepPrepared` was given, if it was. */
export function preparedStatementName(text: string): string | undefined {
  return names.get(text);
}
