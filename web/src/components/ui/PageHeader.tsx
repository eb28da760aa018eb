import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right, such as "New Project". */
  actions?: ReactNode;
}

/**
 * Every screen inside the shell opens with its own h1, so each page has one clear heading. The
 * buttons stand beside it where there is room, and wrap below it, line after line, where there
 * is not (a phone): none is ever cut off.
 */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 flex-1 basis-64">
        <h1 className="font-display text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {title}
        </h1>
        {description && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p>
        )}
      </div>
      {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
    </div>
  );
}

export const cardClasses =
  'rounded-2xl border border-slate-200 bg-white shadow-soft dark:border-slate-800 dark:bg-slate-900/70';
