import type { ReactNode, RefObject } from 'react';
import type { Student } from '@um/contract';
import { EmailText } from '../../../components/ui/EmailText';
import { cardClasses } from '../../../components/ui/PageHeader';
import { cx } from '../../../components/ui/cx';
import { JustAddedMark, justAddedClasses } from './JustAddedMark';

export interface StudentCardsProps {
  rows: Student[];
  /** The list, whose cards take focus when Load more brings them. */
  listRef: RefObject<HTMLElement | null>;
  /** Cards of the previous filter, shown until the new ones arrive. */
  dimmed: boolean;
  justAdded: number | null;
  /** The standard of each card, left out when the list shows one standard: its heading says it. */
  standardOf: ((standard: number) => string) | null;
  actions: (student: Student) => ReactNode;
  /** The box that chooses a card for a change of many; none for a person who may not. */
  selection?: ((student: Student) => ReactNode) | undefined;
}

const detail = (term: string, value: ReactNode) => (
  <div className="flex min-w-0 gap-1.5">
    <dt className="shrink-0 text-slate-600 dark:text-slate-400">{term}</dt>
    <dd className="min-w-0 break-words">{value}</dd>
  </div>
);

/** The list on a phone: a card per student with every field it has. */
export function StudentCards({
  rows,
  listRef,
  dimmed,
  justAdded,
  standardOf,
  actions,
  selection,
}: StudentCardsProps) {
  return (
    <ul
      ref={(element) => {
        listRef.current = element;
      }}
      className={cx('space-y-3 transition-opacity', dimmed && 'opacity-60')}
    >
      {rows.map((student) => (
        <li
          key={student.id}
          tabIndex={-1}
          className={cx(
            cardClasses,
            'flex flex-wrap items-start gap-x-4 gap-y-2 p-4 sm:px-5',
            student.id === justAdded && justAddedClasses,
          )}
        >
          {selection && <div className="pt-0.5">{selection(student)}</div>}
          <div className="min-w-0 flex-1 basis-56">
            <h3 className="font-semibold break-words">
              {student.name}
              {student.id === justAdded && <JustAddedMark />}
            </h3>
            <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 xl:grid-cols-3">
              {standardOf && detail('Standard', standardOf(student.standard))}
              {detail('Roll number', student.roll_number)}
              {detail('Email', <EmailText email={student.email} />)}
              {student.phone_number && detail('Phone', student.phone_number)}
              {student.address && detail('Address', student.address)}
            </dl>
          </div>
          {actions(student)}
        </li>
      ))}
    </ul>
  );
}
