import Folder from 'lucide-react/icons/folder';
import ListChecks from 'lucide-react/icons/list-checks';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Users from 'lucide-react/icons/users';
import type { LucideIcon } from 'lucide-react';
import { dashboardTexts } from '@um/contract';
import { cardClasses } from '../../../components/ui/PageHeader';

const t = dashboardTexts;

interface Stat {
  label: string;
  value: number;
  icon: LucideIcon;
  tint: string;
}

/** Fixed sample figures: the spec's, whatever the school holds. */
const sampleStats: Stat[] = [
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

/**
 * The spec's four sample stat cards (SPEC.md 2), below the school's own figures and marked as
 * samples, so that nobody takes them for the school's.
 */
export function SampleStats() {
  return (
    <section aria-labelledby="stats-heading" aria-describedby="stats-note" className="mt-10">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="stats-heading" className="font-display text-lg font-semibold">
          {t.samplesHeading}
        </h2>
        {/* The heading says it in words; the badge is for the eye. */}
        <span
          aria-hidden="true"
          className="rounded-pill bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
        >
          {t.sample}
        </span>
      </div>
      <p id="stats-note" className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-300">
        {t.samplesNote}
      </p>
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
  );
}
