import type { ComponentProps } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

export interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  /** The accessible name, which also shows as a tooltip: say what and on which item. */
  label: string;
  icon: LucideIcon;
  tone?: 'neutral' | 'danger';
  /** `sm` for dense rows (a table at desktop width); touch targets keep the default. */
  size?: 'md' | 'sm';
}

const tones = {
  neutral: 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80',
  danger: 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950/60',
};

/** A button showing only an icon, named for screen readers by `label`. */
export function IconButton({
  label,
  icon: Icon,
  tone = 'neutral',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-pill transition-colors duration-fast disabled:cursor-not-allowed disabled:opacity-60',
        size === 'sm' ? 'size-8' : 'size-10',
        tones[tone],
        className,
      )}
      {...rest}
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}
