import { cx } from './cx';

export interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A busy indicator that screen readers announce once, by its label. */
export function Spinner({ label = 'Loading…', className }: SpinnerProps) {
  return (
    <div role="status" className={cx('flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-pill border-4 border-brand-200 border-t-brand-600 dark:border-brand-900 dark:border-t-brand-300"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Fills the viewport while the stored session is checked or a page's code loads. */
export function PageSpinner() {
  return <Spinner className="min-h-screen" />;
}
