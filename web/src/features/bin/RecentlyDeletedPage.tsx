import { useRef } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { appTexts } from '@um/contract';
import type { BinEntry } from '@um/contract';
import { Banner, useNotice } from '../../components/ui/Banner';
import { NoticeArea } from '../../components/ui/NoticeArea';
import { Button } from '../../components/ui/Button';
import { EmptyState, ListSkeleton, LoadMore } from '../../components/ui/ListStates';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { SignedOutNotice } from '../../components/ui/SignedOutNotice';
import { errorDetail } from '../../lib/api-client';
import { queryKeys } from '../../lib/query';
import { useStoredSession } from '../../lib/session';
import { fetchBinPage, restoreFromBin } from './api';

const binKey = ['bin'] as const;
const kinds = { student: 'Student', standard: 'Standard' } as const;

/** "Recently deleted": the bin's students and standards, newest first, each restorable. */
export function RecentlyDeletedPage() {
  const { tokens } = useStoredSession();
  return tokens ? <RecentlyDeleted /> : <SignedOutNotice title="Recently deleted" />;
}

function RecentlyDeleted() {
  const queryClient = useQueryClient();
  const { notice, show, clear } = useNotice();
  const list = useRef<HTMLUListElement>(null);
  const bin = useInfiniteQuery({
    queryKey: binKey,
    queryFn: ({ pageParam, signal }) => fetchBinPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
  const restore = useMutation({
    mutationFn: (entry: BinEntry) => restoreFromBin(entry.entity, entry.id),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: binKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.students }),
        queryClient.invalidateQueries({ queryKey: queryKeys.standards }),
      ]),
  });
  const rows = bin.data?.pages.flatMap((page) => page.data) ?? [];

  function restoreEntry(entry: BinEntry) {
    clear();
    restore.mutate(entry, {
      onSuccess: () =>
        show({
          tone: 'success',
          message:
            entry.entity === 'student'
              ? appTexts.history.studentRestored
              : appTexts.history.standardRestored,
        }),
      onError: (error) =>
        show({
          tone: 'error',
          message: appTexts.history.restoreFailed,
          detail: errorDetail(error),
        }),
    });
  }

  return (
    <>
      <PageHeader title="Recently deleted" description={appTexts.history.binDescription} />
      <NoticeArea notice={notice} onDismiss={clear} />
      <section aria-labelledby="bin-heading" aria-busy={bin.isFetching || undefined}>
        <h2 id="bin-heading" className="mb-4 font-display text-lg font-semibold">
          Deleted students and standards
        </h2>
        {bin.isPending ? (
          <ListSkeleton label="Loading recently deleted…" rowClassName="h-20" />
        ) : bin.isError && rows.length === 0 ? (
          <div className="space-y-4">
            <Banner
              tone="error"
              message={appTexts.history.binLoadFailed}
              detail={errorDetail(bin.error)}
            />
            <Button variant="secondary" onClick={() => void bin.refetch()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <EmptyState>{appTexts.history.binEmpty}</EmptyState>
        ) : (
          <>
            <ul ref={list} className="space-y-3">
              {rows.map((entry) => (
                <li
                  key={`${entry.entity}-${entry.id}`}
                  tabIndex={-1}
                  className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:px-5`}
                >
                  <div className="min-w-0 flex-1 basis-64">
                    <h3 className="font-semibold break-words">{entry.name}</h3>
                    <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                      {kinds[entry.entity]} deleted{' '}
                      <time dateTime={entry.deleted_at}>
                        {new Date(entry.deleted_at).toLocaleString()}
                      </time>
                      {entry.deleted_by.name && ` by ${entry.deleted_by.name}`}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    aria-label={`Restore ${entry.entity} ${entry.name}`}
                    loading={restore.isPending && restore.variables === entry}
                    onClick={() => restoreEntry(entry)}
                  >
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
            <LoadMore query={bin} list={list} count={rows.length} />
          </>
        )}
      </section>
    </>
  );
}
