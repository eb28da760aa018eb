import Circle from 'lucide-react/icons/circle';
import CircleCheck from 'lucide-react/icons/circle-check';
import { Link } from 'react-router';
import { appRoutes, dashboardTexts } from '@um/contract';
import { cardClasses } from '../../../components/ui/PageHeader';
import { cx } from '../../../components/ui/cx';

const t = dashboardTexts;

export interface FirstStepsProps {
  hasStandards: boolean;
  hasStudents: boolean;
}

/**
 * What a new school does first, each step ticked off by what the school holds. Nothing yet
 * tells whether colleagues were invited, so that step stays a hint.
 */
export function FirstSteps({ hasStandards, hasStudents }: FirstStepsProps) {
  const steps = [
    {
      label: t.steps.standards,
      done: hasStandards,
      next: { to: appRoutes.standards, text: t.steps.standardsLink },
    },
    {
      label: t.steps.students,
      done: hasStudents,
      next: { to: appRoutes.studentsImport, text: t.steps.studentsLink },
    },
    { label: t.steps.colleagues, done: false, hint: t.steps.colleaguesHint },
  ];
  return (
    <section aria-labelledby="first-steps-heading" className={`${cardClasses} mt-8 p-6`}>
      <h2 id="first-steps-heading" className="font-display text-lg font-semibold">
        {t.checklistHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t.checklistIntro}</p>
      <ol className="mt-4 space-y-4">
        {steps.map((step) => {
          const Icon = step.done ? CircleCheck : Circle;
          return (
            <li key={step.label} className="flex items-start gap-3">
              <Icon
                aria-hidden="true"
                className={cx(
                  'mt-0.5 size-5 shrink-0',
                  step.done
                    ? 'text-emerald-700 dark:text-emerald-400'
                    : 'text-slate-500 dark:text-slate-400',
                )}
              />
              <div className="min-w-0">
                <p className={cx('font-medium', step.done && 'line-through')}>
                  {step.label}
                  <span className="sr-only">, {step.done ? t.done : t.toDo}</span>
                </p>
                {!step.done && step.next && (
                  <Link
                    to={step.next.to}
                    className="text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-300"
                  >
                    {step.next.text}
                  </Link>
                )}
                {step.hint && (
                  <p className="text-sm text-slate-600 dark:text-slate-300">{step.hint}</p>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
