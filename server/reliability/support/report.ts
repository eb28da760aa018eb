/**
 * The figures a run measured, one JSON line each on stdout, so docs/reliability.md can quote
 * the last run. Written with process.stdout: a figure is output, not a diagnostic.
 */
export function report(part: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[reliability] ${part} ${JSON.stringify(figures)}\n`);
}
