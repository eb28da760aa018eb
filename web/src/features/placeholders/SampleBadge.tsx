/** Marks a screen whose content is a fixed sample, so nobody mistakes it for data. */
export function SampleBadge() {
  return (
    <span className="ml-2 rounded-pill bg-amber-100 px-2 py-0.5 align-middle text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
      Sample
    </span>
  );
}
