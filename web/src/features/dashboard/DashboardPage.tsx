import { ChartColumn, Folder, ListChecks, ShieldCheck, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { EmailText } from '../../components/ui/EmailText';
import { PageHeader, cardClasses } from '../../components/ui/PageHeader';
import { displayName } from '../../lib/session';
import type { SessionUser } from '../../lib/session';

interface Stat {
  label: string;
  value: number;
  icon: LucideIcon;
  tint: string;
}

/** SPEC.md 2: fixed sample figures; the dashboard does not load anything. */
export const sampleStats: Stat[] = [
  {
    label: 'Total Projects',
    value: 12,
    icon: Folder,
    tint: 'bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200',
  },
  {
    label: 'Active Tasks',
    value: 24,
    icon: ListChecks,
    tint: 'bg-accent-100 text-accent-700 dark:bg-accent-900/60 dark:text-accent-200',
  },
  {
    label: 'Students',
    value: 156,
    icon: Users,
    tint: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/60 dark:text-emerald-200',
  },
  {
    label: 'Standards',
    value: 8,
    icon: ShieldCheck,
    tint: 'bg-amber-100 text-amber-800 dark:bg-amber-900/60 dark:text-amber-200',
  },
];

/**
 * The cards come in one after another. A class each, not an inline style: the
 * Content-Security-Policy refuses inline styles.
 */
const entranceDelays = [
  '',
  '[animation-delay:80ms]',
  '[animation-delay:160ms]',
  '[animation-delay:240ms]',
];

export function DashboardPage({ user }: { user: SessionUser }) {
  return (
    <>
      <PageHeader
        title={`Welcome back, ${displayName(user)}!`}
        description={<EmailText email={user.email} />}
      />
      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          Overview
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {sampleStats.map(({ label, value, icon: Icon, tint }, index) => (
            <li
              key={label}
              className={`${cardClasses} flex items-center gap-4 p-5 animate-fade-in-up ${entranceDelays[index] ?? ''}`}
            >
              <span
                aria-hidden="true"
                className={`inline-flex size-12 items-center justify-center rounded-xl ${tint}`}
              >
                <Icon className="size-6" />
              </span>
              <div>
                <p className="text-sm text-slate-600 dark:text-slate-300">{label}</p>
                <p className="font-display text-2xl font-semibold">{value}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section
        aria-labelledby="activity-heading"
        className={`${cardClasses} mt-8 flex items-center gap-6 p-6`}
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
