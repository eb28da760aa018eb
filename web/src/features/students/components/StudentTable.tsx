import type { ReactNode, RefObject } from 'react';
import type { Student, StudentSort } from '@um/contract';
import { cardClasses } from '../../../components/ui/PageHeader';
import { cx } from '../../../components/ui/cx';
import { JustAddedMark, justAddedClasses } from './JustAddedMark';
import { SortableHeader, headerCellClasses } from './SortableHeader';

// One line a row, so that a class of a dozen or more reads on one screen (docs/web.md, Students).
const cellClasses = 'px-4 py-1.5 align-middle text-sm';
const actionsCellClasses = 'px-4 py-0 align-middle';

export interface StudentTableProps {
  rows: Student[];
  /** The rows' container, whose rows take focus when Load more brings them. */
  bodyRef: RefObject<HTMLElement | null>;
  sort: StudentSort;
  onSort: (sort: StudentSort) => void;
  /** Rows of the previous filter, shown until the new ones arrive. */
  dimmed: boolean;
  justAdded: number | null;
  /** The standard of each row, left out when the list shows one standard: its heading says it. */
  standardOf: ((standard: number) => string) | null;
  actions: (student: Student) => ReactNode;
  /**
   * The box that chooses a row for a change of many, and the one that chooses every row; none
   * for a person who may not change students.
   */
  selection?: { row: (student: Student) => ReactNode; all: ReactNode } | undefined;
}

/** The list on a wide screen: a row per student with the columns an office reads. */
export function StudentTable({
  rows,
  bodyRef,
  sort,
  onSort,
  dimmed,
  justAdded,
  standardOf,
  actions,
  selection,
}: StudentTableProps) {
  return (
    <div className={cx(cardClasses, 'overflow-x-auto')}>
      <table className={cx('w-full border-collapse transition-opacity', dimmed && 'opacity-60')}>
        <thead className="border-b border-slate-200 dark:border-slate-800">
          <tr>
            {selection && (
              <th scope="col" className={cx(headerCellClasses, 'w-10')}>
                <span className="sr-only">Select</span>
                {selection.all}
              </th>
            )}
            <SortableHeader label="Roll number" column="roll_number" sort={sort} onSort={onSort} />
            <SortableHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <th scope="col" className={headerCellClasses}>
              Email
            </th>
            <th scope="col" className={headerCellClasses}>
              Phone
            </th>
            {standardOf && (
              <th scope="col" className={headerCellClasses}>
                Standard
              </th>
            )}
            <th scope="col" className={headerCellClasses}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody
          ref={(element) => {
            bodyRef.current = element;
          }}
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {rows.map((student) => (
            <tr
              key={student.id}
              tabIndex={-1}
              className={cx(student.id === justAdded && justAddedClasses)}
            >
              {selection && <td className={cellClasses}>{selection.row(student)}</td>}
              <td className={cx(cellClasses, 'whitespace-nowrap')}>{student.roll_number}</td>
              <th scope="row" className={cx(cellClasses, 'text-left font-semibold break-words')}>
                {student.name}
                {student.id === justAdded && <JustAddedMark />}
              </th>
              <td className={cellClasses}>
                {/* A long address is cut short on screen, to 14 rem so that at 1280 px a name
                    of about twenty characters keeps to one line beside it; the whole of it is in
                    the text, for screen readers and copying, and in the tooltip. */}
                <span className="block max-w-56 truncate" title={student.email}>
                  {student.email}
                </span>
              </td>
              <td className={cx(cellClasses, 'whitespace-nowrap')}>{student.phone_number}</td>
              {standardOf && <td className={cellClasses}>{standardOf(student.standard)}</td>}
              <td className={actionsCellClasses}>{actions(student)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
