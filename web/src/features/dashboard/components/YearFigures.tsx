import { Link } from 'react-router';
import { appRoutes, dashboardTexts } from '@um/contract';
import type { Standard } from '@um/contract';
import { cardClasses } from '../../../components/ui/PageHeader';

const t = dashboardTexts;

export interface YearFiguresProps {
  year: string;
  /**
   * The year's standards, in the list's order (by grade, then name, as the standards screen
   * shows them); undefined while they load.
   */
  standards: readonly Standard[] | undefined;
}

/**
 * How many active students each standard of the year holds, by grade, each leading to its
 * students; a bar beside each count shows the classes' sizes side by side.
 */
export function YearFigures({ year, standards }: YearFiguresProps) {
  if (standards === undefined) {
    // The card and its first line hold their place while the standards load, so the sections
    // below it move less when they arrive.
    return (
      <section aria-labelledby="year-heading" className={`${cardClasses} mt-6 p-5 sm:p-6`}>
        <h3 id="year-heading" className="font-display text-base font-semibold">
          {t.byStandard(year)}
        </h3>
        <p className="mt-1 h-5 w-48 max-w-full animate-pulse rounded-lg bg-slate-200 dark:bg-slate-700" />
      </section>
    );
  }
  const total = standards.reduce((sum, standard) => sum + standard.student_count, 0);
  const largest = Math.max(1, ...standards.map((standard) => standard.student_count));
  return (
    <section aria-labelledby="year-heading" className={`${cardClasses} mt-6 p-5 sm:p-6`}>
      <h3 id="year-heading" className="font-display text-base font-semibold">
        {t.byStandard(year)}
      </h3>
      {standards.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t.noStandards(year)}{' '}
          <Link
            to={appRoutes.standards}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
          >
            {t.steps.standardsLink}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t.byStandardTotal(total)}
          </p>
          <ul className="mt-4 grid gap-x-8 gap-y-2 sm:grid-cols-2">
            {standards.map((standard) => (
              <li key={standard.id} className="min-w-0">
                <Link
                  to={`${appRoutes.students}?standard=${standard.id}`}
                  className="group grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-lg px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800/70"
                >
                  <span className="truncate font-medium group-hover:text-brand-700 dark:group-hover:text-brand-300">
                    {standard.name}
                  </span>{' '}
                  <span className="tabular-nums">
                    {standard.student_count}{' '}
                    <span className="sr-only">{t.studentsWord(standard.student_count)}</span>
                  </span>
                  <span
                    aria-hidden="true"
                    className="col-span-2 h-1.5 overflow-hidden rounded-pill bg-slate-100 dark:bg-slate-800"
                  >
                    <progress
                      max={largest}
                      value={standard.student_count}
                      className="block h-full w-full appearance-none [&::-webkit-progress-bar]:bg-transparent [&::-webkit-progress-value]:rounded-pill [&::-webkit-progress-value]:bg-brand-500 [&::-moz-progress-bar]:bg-brand-500"
                    />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
