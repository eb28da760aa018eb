import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { appRoutes, appTexts, studentRecordTexts } from '@um/contract';
import type { Student, StudentSort } from '@um/contract';
import { EmailText } from '../../../components/ui/EmailText';
import { ResponsiveTable } from '../../../components/ui/ResponsiveTable';
import { JustAddedMark, justAddedClasses } from './JustAddedMark';
import { SortableHeader, headerCellClasses } from './SortableHeader';

/**
 * From this width the list is a table with a column per field; narrower, a card per student.
 * Wider than the other tables' point: six columns with an e-mail address need it.
 */
export const STUDENT_TABLE_FROM = '(min-width: 768px)';

/**
 * Where a student's record is (docs/web.md, "A student's record"). Not React Router's
 * `generatePath`: the sign-in pages' bundle carries the router, and would carry that too.
 */
export const studentRecordPath = (id: number) => appRoutes.student.replace(':id', String(id));

export interface StudentListProps {
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
  /** Whether the list shows leavers too: then each row says the day they left. */
  leavers?: boolean;
  actions: (student: Student) => ReactNode;
  /**
   * The box that chooses a row for a change of many, and the one that chooses every row; none
   * for a person who may not change students.
   */
  selection?: { row: (student: Student) => ReactNode; all: ReactNode } | undefined;
}

/**
 * The students: on a wide screen a table, one line a row, so that a class of a dozen or more
 * reads on one screen (docs/web.md, Students); on a phone a card per student with every field
 * it has. Each name leads to the student's record.
 */
export function StudentList({
  rows,
  bodyRef,
  sort,
  onSort,
  dimmed,
  justAdded,
  standardOf,
  leavers = false,
  actions,
  selection,
}: StudentListProps) {
  return (
    <ResponsiveTable
      label={appTexts.students.listLabel}
      rows={rows}
      rowKey={(student) => student.id}
      tableFrom={STUDENT_TABLE_FROM}
      bodyRef={bodyRef}
      dimmed={dimmed}
      dense
      rowClassName={(student) => student.id === justAdded && justAddedClasses}
      columns={[
        selection && {
          header: 'Select',
          kind: 'select',
          headerCell: (
            <th scope="col" className={`${headerCellClasses} w-10`}>
              <span className="sr-only">Select</span>
              {selection.all}
            </th>
          ),
          cell: selection.row,
        },
        {
          header: 'Roll number',
          only: 'table',
          headerCell: (
            <SortableHeader label="Roll number" column="roll_number" sort={sort} onSort={onSort} />
          ),
          className: 'whitespace-nowrap',
          cell: (student) => student.roll_number,
        },
        {
          header: 'Name',
          kind: 'title',
          headerCell: <SortableHeader label="Name" column="name" sort={sort} onSort={onSort} />,
          cell: (student) => (
            <>
              <Link
                to={studentRecordPath(student.id)}
                className="underline-offset-2 hover:text-brand-700 hover:underline dark:hover:text-brand-300"
              >
                {student.name}
              </Link>
              {student.id === justAdded && <JustAddedMark />}
            </>
          ),
        },
        standardOf && {
          header: 'Standard',
          only: 'card',
          cell: (student) => standardOf(student.standard),
        },
        { header: 'Roll number', id: 'roll-card', only: 'card', cell: (s) => s.roll_number },
        {
          header: 'Email',
          optional: (student) => student.email === '',
          // A long address is cut short on screen, to 14 rem so that at 1280 px a name of about
          // twenty characters keeps to one line beside it; the whole of it is in the text, for
          // screen readers and copying, and in the tooltip.
          cell: (student) => (
            <span className="block max-w-56 truncate" title={student.email}>
              {student.email}
            </span>
          ),
          card: (student) => <EmailText email={student.email} />,
        },
        {
          header: 'Phone',
          className: 'whitespace-nowrap',
          optional: (student) => student.phone_number === '',
          cell: (student) => student.phone_number,
        },
        standardOf && {
          header: 'Standard',
          id: 'standard-table',
          only: 'table',
          cell: (student) => standardOf(student.standard),
        },
        {
          header: 'Address',
          only: 'card',
          optional: (student) => student.address === '',
          cell: (student) => student.address,
        },
        {
          header: studentRecordTexts.status,
          only: 'card',
          optional: (student) => student.status === 'active',
          cell: (student) => studentRecordTexts.statuses[student.status],
        },
        leavers && {
          header: studentRecordTexts.leftOn,
          className: 'whitespace-nowrap',
          optional: (student) => student.left_on === null,
          cell: (student) => student.left_on ?? '',
        },
        { header: 'Actions', kind: 'actions', cell: actions },
      ]}
    />
  );
}
