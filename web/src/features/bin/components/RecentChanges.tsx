import { useRef } from 'react';
import Undo2 from 'lucide-react/icons/undo-2';
import { batchScreenTexts as t } from '@um/contract';
import type { Batch } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ListSection, LoadMore } from '../../../components/ui/ListStates';
import { cardClasses } from '../../../components/ui/PageHeader';
import { errorDetail } from '../../../lib/api-client';
import { useUndoBatch } from '../../../lib/api/undo-batch';
import { useBatches } from '../api/get-batches';

/** What a batch did, as a person reads it: "30 moved, 2 rows left out". */
const countsText = (counts: Batch['counts']) =>
  Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([name, count]) => `${count} ${t.counts[name] ?? name}`)
    .join(', ');

/**
 * "Recent changes", beside the bin: imports and changes of many students, newest first, each
 * undone as one while nothing it touched has changed since (docs/history.md, "Batches").
 */
export function RecentChanges({
  canUndo,
  onNotice,
}: {
  canUndo: boolean;
  onNotice: (notice: Notice | null) => void;
}) {
  const batches = useBatches();
  const undo = useUndoBatch();
  const list = useRef<HTMLUListElement>(null);
  const rows = batches.data?.pages.flatMap((page) => page.data) ?? [];

  function undoBatch(batch: Batch) {
    onNotice(null);
    undo.mutate(batch.batch_id, {
      onSuccess: () => onNotice({ tone: 'success', message: t.undoDone }),
      onError: (error) =>
        onNotice({ tone: 'error', message: t.undoFailed, detail: errorDetail(error) }),
    });
  }

  return (
    <div className="mt-10">
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-300">{t.description}</p>
      <ListSection
        id="recent-changes"
        title={t.title}
        list={batches}
        count={rows.length}
        loadingLabel={t.loading}
        rowClassName="h-20"
        loadFailed={t.loadFailed}
        empty={t.empty}
      >
        <ul ref={list} className="space-y-3">
          {rows.map((batch) => (
            <li
              key={batch.batch_id}
              tabIndex={-1}
              className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:px-5`}
            >
              <div className="min-w-0 flex-1 basis-64">
                <h3 className="font-semibold break-words">
                  {t.kinds[batch.kind]}: {countsText(batch.counts)}
                </h3>
                {batch.students.count > 0 && (
                  <p className="mt-1 text-sm break-words">
                    <span className="sr-only">{t.studentsLabel}: </span>
                    {t.students(
                      batch.students.named.map((student) => student.name),
                      batch.students.count,
                    )}
                  </p>
                )}
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                  <time dateTime={batch.at}>{new Date(batch.at).toLocaleString()}</time>
                  {batch.actor.name && ` ${t.by(batch.actor.name)}`}
                </p>
              </div>
              {batch.undone ? (
                <p className="text-sm font-medium text-slate-600 dark:text-slate-300">{t.undone}</p>
              ) : (
                canUndo && (
                  <Button
                    variant="secondary"
                    aria-label={`${t.undo}: ${t.kinds[batch.kind]}, ${new Date(batch.at).toLocaleString()}`}
                    loading={undo.isPending && undo.variables === batch.batch_id}
                    onClick={() => undoBatch(batch)}
                  >
                    <Undo2 aria-hidden="true" className="size-4" />
                    {t.undo}
                  </Button>
                )
              )}
            </li>
          ))}
        </ul>
        <LoadMore query={batches} list={list} count={rows.length} />
      </ListSection>
    </div>
  );
}
