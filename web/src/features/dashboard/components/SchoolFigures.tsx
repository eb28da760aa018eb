import { Link } from 'react-router';
import { appRoutes, dashboardTexts } from '@um/contract';
import type { LastImport, Standard } from '@um/contract';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { cardClasses } from '../../../components/ui/PageHeader';
import { YearFigures } from './YearFigures';

const t = dashboardTexts;

/** One figure as its query reports it: the number once known, whether it failed. */
export interface Figure {
  value: number | undefined;
  isError: boolean;
}

export interface SchoolFiguresProps {
  /** The academic year the year's figures are of, and the years there are to choose from. */
  year: string;
  years: readonly string[];
  onYear: (year: string) => void;
  students: Figure;
  /** The standards of the chosen year; undefined while they load. */
  standards: { value: readonly Standard[] | undefined; isError: boolean };
  unread: Figure;
  /** The last import: null when the school never imported. */
  lastImport: { value: LastImport | null | undefined; isError: boolean };
  onRetry: () => void;
}

const cardLinkClasses = `${cardClasses} flex h-full flex-col gap-1 p-5 transition-colors duration-fast hover:border-brand-300 dark:hover:border-brand-700`;

/**
 * A figure still loading: a placeholder as tall as the figure's line (text-2xl's line is 2rem),
 * so the cards keep their height when the figures arrive and nothing below them moves; one that
 * failed: a dash.
 */
function Unknown({ isError }: { isError: boolean }) {
  return (
    <span
      className={
        isError
          ? 'font-display text-2xl font-semibold'
          : 'h-8 w-16 animate-pulse rounded-lg bg-slate-200 dark:bg-slate-700'
      }
    >
      {isError ? '—' : null}
    </span>
  );
}

/**
 * The school's own figures, first on the dashboard, each leading to its screen: how many active
 * students it holds, its standards of the chosen academic year, how many messages the person
 * has not read and its last import (who, when, how many students); below them, the year's
 * standards with their students. All come from lists the app reads anyway (decision 0062).
 */
export function SchoolFigures({
  year,
  years,
  onYear,
  students,
  standards,
  unread,
  lastImport,
  onRetry,
}: SchoolFiguresProps) {
  const figures = [
    { label: t.students, figure: students, to: appRoutes.students },
    {
      label: t.standards(year),
      figure: { value: standards.value?.length, isError: standards.isError },
      to: appRoutes.standards,
    },
    { label: t.unread, figure: unread, to: appRoutes.messages },
  ];
  const all = [...figures.map(({ figure }) => figure), lastImport];
  const loading = all.some((figure) => figure.value === undefined && !figure.isError);
  const failed = all.some((figure) => figure.isError);
  const last = lastImport.value;
  return (
    <section aria-labelledby="school-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h2 id="school-heading" className="font-display text-lg font-semibold">
          {t.figuresHeading}
        </h2>
        <div className="w-40">
          <SelectField
            label={t.yearFilter}
            name="year"
            value={year}
            onChange={(event) => onYear(event.target.value)}
          >
            {years.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {loading && (
        <p role="status" className="sr-only">
          {t.loading}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map(({ label, figure, to }) => (
          <li key={label}>
            <Link to={to} className={cardLinkClasses}>
              <span className="text-sm text-slate-600 dark:text-slate-300">{label}</span>{' '}
              {figure.value === undefined ? (
                <Unknown isError={figure.isError} />
              ) : (
                <span className="font-display text-2xl font-semibold tabular-nums">
                  {figure.value}
                </span>
              )}
            </Link>
          </li>
        ))}
        <li>
          <Link to={appRoutes.studentsImport} className={cardLinkClasses}>
            <span className="text-sm text-slate-600 dark:text-slate-300">{t.lastImport}</span>{' '}
            {last === undefined ? (
              <Unknown isError={lastImport.isError} />
            ) : (
              <span className="font-display text-2xl font-semibold tabular-nums">
                {last === null ? t.noImport : t.importedStudents(last.students)}
              </span>
            )}
            {last && ' '}
            {last && (
              <span className="text-sm text-slate-600 dark:text-slate-300">
                {t.importedBy(last.actor.name, new Date(last.at).toLocaleString())}
                {last.undone && `, ${t.importUndone}`}
              </span>
            )}
          </Link>
        </li>
      </ul>
      <YearFigures year={year} standards={standards.value} />
      {failed && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <Banner tone="error" message={t.figuresFailed} className="min-w-0 flex-1" />
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </section>
  );
}
