import { appTexts } from '@um/contract';

/** How the row of the student the form added last stands out, wherever the order puts it. */
export const justAddedClasses =
  'bg-brand-50 ring-2 ring-brand-500 dark:bg-brand-950/50 dark:ring-brand-400';

/** The word beside that student's name. */
export function JustAddedMark() {
  return (
    <>
      {' '}
      <span className="ms-2 rounded-pill bg-brand-600 px-2 py-0.5 align-middle text-xs font-medium text-white dark:bg-brand-400 dark:text-slate-950">
        {appTexts.students.justAdded}
      </span>
    </>
  );
}
