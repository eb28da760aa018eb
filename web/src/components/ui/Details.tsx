import type { ReactNode } from 'react';
import { cx } from './cx';

export interface Detail {
  term: string;
  value: ReactNode;
}

/**
 * A record's fields, read-only: a term and its value each, two to a line where there is room
 * and one under the other on a phone; a long value wraps rather than widening the page.
 */
export function Details({ items, className }: { items: readonly Detail[]; className?: string }) {
  return (
    <dl className={cx('grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2', className)}>
      {items.map(({ term, value }) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="mt-0.5 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
