import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import type { StudentSort } from '@um/contract';
import { cx } from '../../../components/ui/cx';

const columnSorts = {
  name: ['name', '-name'],
  roll_number: ['roll_number', '-roll_number'],
} as const satisfies Record<string, readonly [StudentSort, StudentSort]>;

export const headerCellClasses = 'px-4 py-2 text-left text-sm font-semibold whitespace-nowrap';

export interface SortableHeaderProps {
  label: string;
  column: keyof typeof columnSorts;
  sort: StudentSort;
  onSort: (sort: StudentSort) => void;
}

/**
 * A column's header that sorts the list by it: ascending first, then the other way. The
 * header states the order it is in (aria-sort), the button what a press does.
 */
export function SortableHeader({ label, column, sort, onSort }: SortableHeaderProps) {
  const [ascending, descending] = columnSorts[column];
  const direction =
    sort === ascending ? 'ascending' : sort === descending ? 'descending' : undefined;
  const Arrow = direction === 'descending' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={direction} className={headerCellClasses}>
      <button
        type="button"
        onClick={() => onSort(sort === ascending ? descending : ascending)}
        className="inline-flex items-center gap-1 rounded font-semibold hover:text-brand-700 dark:hover:text-brand-300"
      >
        {label}
        <Arrow
          aria-hidden="true"
          className={cx('size-4', direction === undefined && 'opacity-30')}
        />
      </button>
    </th>
  );
}
