/** The current time in the one format both dialects store and compare: ISO 8601 in UTC. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
