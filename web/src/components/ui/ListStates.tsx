import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { cardClasses } from './PageHeader';
import { Button } from './Button';
import { cx } from './cx';

/** What a list shows when it has nothing, such as the spec's 'No students found'. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p
      className={`${cardClasses} px-6 py-10 text-center text-sm text-slate-600 dark:text-slate-300`}
    >
      {children}
    </p>
  );
}

export interface ListSkeletonProps {
  /** Says what is loading, for screen readers. */
  label: string;
  rows?: number;
  /** The height of one real row, so the page does not jump when the data arrives. */
  rowClassName: string;
}

/** Grey placeholder rows the size of the real ones while a list loads for the first time. */
export function ListSkeleton({ label, rows = 3, rowClassName }: ListSkeletonProps) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: rows }, (_, index) => (
          <li
            key={index}
            className={cx(
              cardClasses,
              'animate-pulse bg-slate-100 dark:bg-slate-800/60',
              rowClassName,
            )}
          />
        ))}
      </ul>
    </div>
  );
}

export interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The list being extended, whose items accept focus (tabIndex -1). */
  list: RefObject<HTMLElement | null>;
  /** How many items the list shows now. */
  count: number;
}

/**
 * The next page through the API's cursor. Once it has arrived, focus moves to its first item,
 * so a keyboard user carries on reading where the new items start instead of losing focus
 * when the button goes away at the end of the list.
 */
export function LoadMore({ hasMore, loading, onLoadMore, list, count }: LoadMoreProps) {
  const firstNew = useRef<number | null>(null);

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    const item = list.current?.children[index];
    if (item instanceof HTMLElement) item.focus();
  }, [count, list]);

  if (!hasMore) return null;
  return (
    <div className="mt-6 flex justify-center">
      <Button
        variant="secondary"
        loading={loading}
        onClick={() => {
          firstNew.current = count;
          onLoadMore();
        }}
      >
        Load more
      </Button>
    </div>
  );
}
