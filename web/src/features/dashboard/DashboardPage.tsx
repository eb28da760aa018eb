import ChartColumn from 'lucide-react/icons/chart-column';
import { EmailText } from '../../components/ui/EmailText';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { useAllStandards } from '../../lib/api/get-all-standards';
import { everyStudent, useStudentsCount } from '../../lib/api/get-students-count';
import { useUnreadCount } from '../../lib/api/get-unread-count';
import { displayName } from '../../lib/session';
import type { SessionUser } from '../../lib/session';
import { yearChoices } from '../../lib/academic-year-filter';
import { useUrlFilters } from '../../lib/url-filters';
import { useLastImport } from './api/get-last-import';
import { FirstSteps } from './components/FirstSteps';
import { SampleStats } from './components/SampleStats';
import { SchoolFigures } from './components/SchoolFigures';
import { dashboardFilters } from './filters';

export function DashboardPage({ user }: { user: SessionUser }) {
  const [{ year }, changeFilter] = useUrlFilters(dashboardFilters);
  const students = useStudentsCount(everyStudent);
  const standards = useAllStandards();
  const unread = useUnreadCount();
  const lastImport = useLastImport();
  const standardCount = standards.data?.length;
  const years = yearChoices(year, standards.data ?? []);
  const ofYear = standards.data?.filter(({ academic_year }) => academic_year === year);
  // A school with no standards or no students yet is shown its first steps.
  const starting =
    standardCount !== undefined &&
    students.data !== undefined &&
    (standardCount === 0 || students.data === 0);

  return (
    <>
      <PageHeader
        title={`Welcome back, ${displayName(user)}!`}
        description={<EmailText email={user.email} />}
      />
      <SchoolFigures
        year={year}
        years={years}
        onYear={(next) => changeFilter({ year: next })}
        students={{ value: students.data, isError: students.isError }}
        standards={{ value: ofYear, isError: standards.isError }}
        unread={{ value: unread.data, isError: unread.isError }}
        lastImport={{ value: lastImport.data, isError: lastImport.isError }}
        onRetry={() => {
          for (const query of [students, standards, unread, lastImport]) {
            if (query.isError) void query.refetch();
          }
        }}
      />
      {starting && <FirstSteps hasStandards={standardCount > 0} hasStudents={students.data > 0} />}
      <SampleStats />
      <section
        aria-labelledby="activity-heading"
        className={`${cardClasses} mt-6 flex items-center gap-6 p-6`}
      >
        <div className="min-w-0 flex-1">
          <h2 id="activity-heading" className="font-display text-lg font-semibold">
            This term at a glance
          </h2>
          <p className="mt-2 max-w-prose text-sm text-slate-600 dark:text-slate-300">
            These figures are sample content. Manage the real records under Students, Standards and
            Messages in the sidebar.
          </p>
        </div>
        {/* In the card's flow, not pushed past its edge: the whole chart shows as it floats. */}
        <ChartColumn
          aria-hidden="true"
          className="size-24 shrink-0 text-brand-200 animate-float max-sm:hidden dark:text-brand-900"
        />
      </section>
    </>
  );
}
