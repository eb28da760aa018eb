import { Link } from 'react-router';
import { appRoutes, yearEndScreenTexts as t } from '@um/contract';
import type { YearEndResult, YearEndStandard } from '@um/contract';
import { ResponsiveTable } from '../../../components/ui/ResponsiveTable';
import { totalsOf } from '../plan';

export interface YearEndReportProps {
  result: YearEndResult;
  /** Whether each target leads to its students: once they are there, not in a preview. */
  linkTargets?: boolean;
}

/** Per standard, where its students go and how many move on, graduate and stay. */
export function YearEndReport({ result, linkTargets = false }: YearEndReportProps) {
  return (
    <>
      <p className="mb-4 text-sm">{t.totals(totalsOf(result))}</p>
      <ResponsiveTable
        label={t.reportTable}
        rows={result.standards}
        rowKey={(row) => row.from_standard.id}
        framed={false}
        dense
        columns={[
          { header: t.report.from, kind: 'title', cell: (row) => row.from_standard.name },
          {
            header: t.report.to,
            className: 'break-words',
            cell: (row) => <Target target={row.to_standard} link={linkTargets} />,
          },
          { header: t.report.moved, numeric: true, cell: (row) => row.moved },
          { header: t.report.graduated, numeric: true, cell: (row) => row.graduated },
          {
            header: t.report.kept,
            cell: (row) =>
              row.kept_to === null
                ? row.kept
                : `${row.kept} ${t.keptTo(row.kept_to.id === null ? t.newMark(row.kept_to.name) : row.kept_to.name)}`,
          },
        ]}
      />
    </>
  );
}

function Target({ target, link }: { target: YearEndStandard['to_standard']; link: boolean }) {
  if (target === null) return t.graduates;
  if (target.id === null) return t.newMark(target.name);
  if (!link) return target.name;
  return (
    <Link
      to={`${appRoutes.students}?standard=${target.id}`}
      aria-label={t.studentsOf(target.name)}
      className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
    >
      {target.name}
    </Link>
  );
}
