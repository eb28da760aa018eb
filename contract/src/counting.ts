/**
 * A whole count as the product's words write it, its thousands grouped by commas: 20,000.
 * Written out rather than asked of `Intl`, so the words are the same on every runtime (a Node
 * built with small ICU among them), and a module whose texts hold a count does not load the
 * number formats while it is evaluated: on a slow phone that first call took about 60 ms, on
 * the way to the signed-in app's first screen (decision 0090).
 */
export function thousands(count: number): string {
  return String(Math.trunc(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
