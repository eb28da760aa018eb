import { Link } from 'react-router';
import { appRoutes, yearEndScreenTexts as t } from '@um/contract';
import type { YearEndResult, YearEndStandard } from '@um/contract';
import { ScrollBox } from '../../../components/ui/ScrollBox';
import { totalsOf } from '../plan';

export interface YearEndReportProps {
  result: YearEndResult;
  /** Whether each target leads to its students: once they are there, not in a preview. */
  linkTargets?: boolean;
}

const cellClasses = 'py-2 pr-4';
const countClasses = 'py-2 pr-4 text-right tabular-nums';

/** Per standard, where its students go and how many move on, graduate and stay. */
export function YearEndReport({ result, linkTargets = false }: YearEndReportProps) {
  return (
    <>
      <p className="mb-4 text-sm">{t.totals(totalsOf(result))}</p>
      <ScrollBox label={t.reportTable}>
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead className="text-slate-600 dark:text-slate-400">
            <tr>
              <th scope="col" className={`${cellClasses} font-medium`}>
                {t.report.from}
              </th>
              <th scope="col" className={`${cellClasses} font-medium`}>
                {t.report.to}
              </th>
              <th scope="col" className={`${countClasses} font-medium`}>
                {t.report.moved}
              </th>
              <th scope="col" className={`${countClasses} font-medium`}>
                {t.report.graduated}
              </th>
              <th scope="col" className={`${countClasses} font-medium`}>
                {t.report.kept}
              </th>
            </tr>
          </thead>
          <tbody>
            {result.standards.map((row) => (
              <tr
                key={row.from_standard.id}
                className="border-t border-slate-200 dark:border-slate-800"
              >
                <th scope="row" className={`${cellClasses} font-semibold break-words`}>
                  {row.from_standard.name}
                </th>
                <td className={`${cellClasses} break-words`}>
                  <Target target={row.to_standard} link={linkTargets} />
                </td>
                <td className={countClasses}>{row.moved}</td>
                <td className={countClasses}>{row.graduated}</td>
                <td className={countClasses}>{row.kept}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
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
