import { useState } from 'react';
import { appTexts, bulkRefusedSchema, bulkScreenTexts as t } from '@um/contract';
import type { BulkChangeInput, RollNumberChoice, Standard } from '@um/contract';
import type { Notice } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/Dialog';
import { SelectField } from '../../../components/ui/Field';
import { cardClasses } from '../../../components/ui/PageHeader';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { useUndoBatch } from '../../../lib/api/undo-batch';
import { localToday } from '../../../lib/local-date';
import { useChangeStudentsInBulk } from '../api/change-students-in-bulk';
import { getStudentIds } from '../api/get-student-ids';
import { MoveDialog } from './MoveDialog';
import type { StudentListView } from '../filters';

export interface BulkBarProps {
  selected: readonly number[];
  /** How many students the list shows in all pages, when known. */
  total: number | undefined;
  view: StudentListView;
  standards: readonly Standard[];
  nameOf: (standard: number) => string;
  /** A student's name, when the list has loaded them, to say which ones a change refused. */
  studentName: (id: number) => string | undefined;
  onSelect: (ids: number[]) => void;
  onClear: () => void;
  onNotice: (notice: Notice) => void;
}

/** The students a refused bulk change named, each with why, or the server's sentence. */
function refusalDetail(error: unknown, studentName: (id: number) => string | undefined) {
  if (!(error instanceof ApiError)) return null;
  const refused = bulkRefusedSchema.safeParse(error.problem);
  if (!refused.success) return errorDetail(error);
  const named = refused.data.errors
    .slice(0, 5)
    .map(({ id, message }) => `${studentName(id) ?? `#${id}`}: ${message}`);
  return [refused.data.detail, ...named].join(' ');
}

/** A change to ask about: what is sent, the question before it and the notice after it. */
interface Plan {
  change: BulkChangeInput;
  title: string;
  message: string;
  confirmLabel: string;
  done: (changed: number) => string;
}

/**
 * What can be done with the students chosen on the list: all of the list chosen at once, then
 * moved to another standard, marked as left or deleted, after a confirmation naming how many,
 * with Undo.
 */
export function BulkBar({
  selected,
  total,
  view,
  standards,
  nameOf,
  studentName,
  onSelect,
  onClear,
  onNotice,
}: BulkBarProps) {
  const change = useChangeStudentsInBulk();
  const undo = useUndoBatch();
  const [target, setTarget] = useState<number | null>(null);
  const [asking, setAsking] = useState<BulkChangeInput['action'] | null>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const count = selected.length;
  if (count === 0) return null;

  async function selectAll() {
    setSelectingAll(true);
    try {
      const ids = await getStudentIds(view);
      if (ids) onSelect(ids);
      else onNotice({ tone: 'error', message: t.tooManyToSelect });
    } catch (error) {
      onNotice({ tone: 'error', message: t.failed, detail: errorDetail(error) });
    } finally {
      setSelectingAll(false);
    }
  }

  function undoIt(batchId: string) {
    undo.mutate(batchId, {
      onSuccess: () => onNotice({ tone: 'success', message: t.undone }),
      onError: (error) =>
        onNotice({ tone: 'error', message: t.undoFailed, detail: errorDetail(error) }),
    });
  }

  function planOf(action: BulkChangeInput['action']): Plan | null {
    const ids = [...selected];
    switch (action) {
      case 'move': {
        if (target === null) return null;
        const standard = nameOf(target);
        return {
          change: { action, ids, standard: target },
          title: t.confirmMoveTitle(count, standard),
          message: t.confirmMove(count, standard),
          confirmLabel: t.move,
          done: (changed) => t.moved(changed, standard),
        };
      }
      case 'set_status':
        return {
          change: { action, ids, status: 'left', left_on: localToday() },
          title: t.confirmLeftTitle(count),
          message: t.confirmLeft(count),
          confirmLabel: t.markLeft,
          done: t.markedLeft,
        };
      case 'delete':
        return {
          change: { action, ids },
          title: t.confirmDeleteTitle(count),
          message: t.confirmDelete(count),
          confirmLabel: t.delete,
          done: t.deleted,
        };
    }
  }

  const plan = asking && planOf(asking);

  function run(choice?: RollNumberChoice) {
    if (!plan) return;
    const sent =
      plan.change.action === 'move' && choice
        ? { ...plan.change, roll_numbers: choice }
        : plan.change;
    change.mutate(sent, {
      onSuccess: ({ batch_id, count: changed }) => {
        setAsking(null);
        onClear();
        onNotice({
          tone: 'success',
          message: plan.done(changed),
          ...(batch_id && {
            action: { label: appTexts.history.undo, onClick: () => undoIt(batch_id) },
          }),
        });
      },
      onError: (error) => {
        setAsking(null);
        onNotice({ tone: 'error', message: t.failed, detail: refusalDetail(error, studentName) });
      },
    });
  }

  return (
    <div
      role="region"
      aria-label={t.barLabel}
      className={`${cardClasses} mb-4 flex flex-wrap items-end gap-3 p-4`}
    >
      <p className="min-w-40 text-sm font-semibold" aria-live="polite">
        {t.selected(count)}
      </p>
      {total !== undefined && total > count && (
        <Button variant="secondary" loading={selectingAll} onClick={() => void selectAll()}>
          {t.selectAll(total)}
        </Button>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={t.moveTo}
          value={target ?? ''}
          onChange={(event) => setTarget(event.target.value ? Number(event.target.value) : null)}
          className="min-w-48"
        >
          <option value="">{t.chooseStandard}</option>
          {standards.map((standard) => (
            <option key={standard.id} value={standard.id}>
              {nameOf(standard.id)}
            </option>
          ))}
        </SelectField>
        <Button variant="secondary" disabled={target === null} onClick={() => setAsking('move')}>
          {t.move}
        </Button>
      </div>
      <Button variant="secondary" onClick={() => setAsking('set_status')}>
        {t.markLeft}
      </Button>
      <Button variant="danger" onClick={() => setAsking('delete')}>
        {t.delete}
      </Button>
      <Button variant="secondary" onClick={onClear}>
        {t.clear}
      </Button>
      {plan?.change.action === 'move' && target !== null && (
        <MoveDialog
          ids={selected}
          target={{ id: target, name: nameOf(target) }}
          busy={change.isPending}
          onConfirm={run}
          onCancel={() => setAsking(null)}
        />
      )}
      <ConfirmDialog
        open={plan !== null && plan.change.action !== 'move'}
        title={plan?.title ?? ''}
        message={plan?.message ?? ''}
        confirmLabel={plan?.confirmLabel ?? ''}
        busy={change.isPending}
        onConfirm={() => run()}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
