import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
import { errorDetail } from '../../lib/api-client';
import { Banner } from './Banner';
import { cardClasses } from './PageHeader';
import { Button } from './Button';
import { cx } from './cx';

export interface ListBodyProps {
  /** The list's query, as TanStack Query reports it. */
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** How many rows there are to show. */
  count: number;
  /** What the placeholder rows say to screen readers, such as 'Loading students…'. */
  loadingLabel: string;
  /** The height of one real row. */
  rowClassName: string;
  /** The spec's message for a list that could not be loaded. */
  loadFailed: string;
  /** What an empty list says, such as the spec's 'No students found'. */
  empty: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/**
 * The body of a list screen in each of its states: placeholder rows while the first page loads,
 * the failure with a way to try again when nothing could be shown, the empty state, or the rows.
 * Rows already shown stay when a later page or a refresh fails.
 */
export function ListBody({
  query,
  count,
  loadingLabel,
  rowClassName,
  loadFailed,
  empty,
  children,
}: ListBodyProps) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} rowClassName={rowClassName} />;
  if (query.isError && count === 0) {
    return (
      <div className="space-y-4">
        <Banner tone="error" message={loadFailed} detail={errorDetail(query.error)} />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (count === 0) return <EmptyState>{empty}</EmptyState>;
  return children;
}

export interface ListSectionProps extends Omit<ListBodyProps, 'query'> {
  /** The id of the list's heading, which names the section. */
  id: string;
  title: ReactNode;
  /** Where focus goes once a deleted row has gone (useListScreen's `listHeading`). */
  headingRef?: RefObject<HTMLHeadingElement | null> | undefined;
  /** What stands beside the heading, such as how many are unread. */
  aside?: ReactNode;
  /** The list's query; while it fetches, the section says it is busy. */
  list: ListBodyProps['query'] & { isFetching: boolean };
}

/**
 * A list screen's list: its heading (the target of focus once a deleted row has gone), and the
 * body in each of its states.
 */
export function ListSection({ id, title, headingRef, aside, list, ...body }: ListSectionProps) {
  return (
    <section aria-labelledby={id} aria-busy={list.isFetching || undefined}>
      <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2
          id={id}
          ref={headingRef}
          tabIndex={-1}
          className="min-w-0 font-display text-lg font-semibold break-words focus:outline-none"
        >
          {title}
        </h2>
        {aside}
      </div>
      <ListBody query={list} {...body} />
    </section>
  );
}

/**
 * The panel above a list that holds its add or edit form, named by its heading. Escape inside it
 * closes it, as its Cancel button does.
 */
export function EditorPanel({
  id,
  title,
  onClose,
  children,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  const close = useEffectEvent(onClose);
  // Escape closes the panel from its first paint, not a frame later as a plain effect would.
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      close();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <section
      ref={panel}
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`${cardClasses} mb-8 p-6`}
    >
      <h2 id={`${id}-heading`} className="mb-4 font-display text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

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
  /** The list's query, as TanStack Query's infinite queries report it. */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** The list being extended, whose items accept focus (tabIndex -1). */
  list: RefObject<HTMLElement | null>;
  /** How many items the list shows now. */
  count: number;
  /**
   * Also asks for the next page as the end of the list comes into view, so that a long list
   * reads through without a click; the button stays for the keyboard, and while focus is in
   * the list only the button loads more.
   */
  loadWhenInView?: boolean;
}

/** How far below the window the end of the list starts loading the next page. */
const LOAD_AHEAD = '600px';

/**
 * The next page through the API's cursor. Once it has arrived after a click, focus moves to its
 * first item, so a keyboard user carries on reading where the new items start instead of
 * losing focus when the button goes away at the end of the list. A page loaded by scrolling
 * leaves focus where it is.
 */
export function LoadMore({ query, list, count, loadWhenInView = false }: LoadMoreProps) {
  const firstNew = useRef<number | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // In the render that shows the page, before a key pressed meanwhile could go elsewhere.
  useLayoutEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    const item = list.current?.children[index];
    if (item instanceof HTMLElement) item.focus();
  }, [count, list]);

  // Observed afresh after every page: an end still in view once a page has arrived asks again.
  useEffect(() => {
    const target = end.current;
    if (!loadWhenInView || !target || !hasNextPage || isFetchingNextPage) return;
    if (typeof IntersectionObserver === 'undefined') return;
    let inView = false;
    // Someone moving through the list by keyboard gets the next page from the button, which
    // takes focus to its first item; the list does not grow under them while they tab.
    const focusInList = () => {
      const focused = document.activeElement;
      return focused !== null && (list.current?.contains(focused) || target.contains(focused));
    };
    const loadIfDue = () => {
      if (!inView || focusInList()) return;
      stop();
      void fetchNextPage();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        inView = entries.some((entry) => entry.isIntersecting);
        loadIfDue();
      },
      { rootMargin: `0px 0px ${LOAD_AHEAD} 0px` },
    );
    function stop() {
      observer.disconnect();
      document.removeEventListener('focusin', loadIfDue);
    }
    observer.observe(target);
    document.addEventListener('focusin', loadIfDue);
    return stop;
  }, [loadWhenInView, hasNextPage, isFetchingNextPage, fetchNextPage, list, count]);

  if (!hasNextPage) return null;
  return (
    <div ref={end} className="mt-6 flex justify-center">
      <Button
        variant="secondary"
        loading={isFetchingNextPage}
        onClick={() => {
          firstNew.current = count;
          void fetchNextPage();
        }}
      >
        Load more
      </Button>
    </div>
  );
}
