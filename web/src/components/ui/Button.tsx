import type { ComponentProps } from 'react';
import { cx } from './cx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: Variant;
  size?: 'sm' | 'md';
  /** Disables the button and shows it is working, so a form is never sent twice. */
  loading?: boolean;
}

const variants: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white shadow-soft hover:bg-brand-700',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm' };

/** A button's look, for a link that acts as a button (it goes to another screen). */
export const buttonClasses = (variant: Variant = 'primary', size: 'sm' | 'md' = 'md') =>
  cx(
    'inline-flex items-center justify-center gap-2 rounded-pill font-medium transition-colors duration-fast',
    variants[variant],
    sizes[size],
  );

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        buttonClasses(variant, size),
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...rest}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-pill border-2 border-current border-t-transparent"
        />
      )}
      {children}
    </button>
  );
}
