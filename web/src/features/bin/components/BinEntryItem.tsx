import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { dailyUseTexts } from '@um/contract';
import type { BinEntry } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { cardClasses } from '../../../components/ui/PageHeader';

const kinds = { student: 'Student', standard: 'Standard' } as const;

export interface BinEntryItemProps {
  entry: BinEntry;
  restoring: boolean;
  onRestore: () => void;
  /** Restore is left out for a viewer (docs/staff.md). */
  canRestore?: boolean;
}

/**
 * One deleted student or standard: what it is (a student with its roll number and standard, so
 * two of one name differ), when and by whom it was deleted, and Restore.
 */
export function BinEntryItem({
  entry,
  restoring,
  onRestore,
  canRestore = true,
}: BinEntryItemProps) {
  return (
    <li
      tabIndex={-1}
      className={`${cardClasses} flex flex-wrap items-center gap-x-4 gap-y-2 p-4 sm:px-5`}
    >
      <div className="min-w-0 flex-1 basis-64">
        <h3 className="font-semibold break-words">{entry.name}</h3>
        {entry.roll_number !== null && (
          <p className="mt-1 text-sm break-words">
            {dailyUseTexts.bin.place(entry.roll_number, entry.standard?.name ?? null)}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {kinds[entry.entity]} deleted{' '}
          <time dateTime={entry.deleted_at}>{new Date(entry.deleted_at).toLocaleString()}</time>
          {entry.deleted_by.name && ` by ${entry.deleted_by.name}`}
        </p>
      </div>
      {canRestore && (
        <Button
          variant="secondary"
          aria-label={`Restore ${entry.entity} ${entry.name}`}
          loading={restoring}
          onClick={onRestore}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore
        </Button>
      )}
    </li>
  );
}
