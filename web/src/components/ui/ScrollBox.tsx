import type { ReactNode } from 'react';
import { cx } from './cx';

/**
 * A table that may be wider than a phone's screen scrolls sideways in a box that takes the focus,
 * so the keyboard can scroll it too.
 */
export function ScrollBox({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a box that scrolls must take the focus to be scrolled by keyboard
    <div role="region" aria-label={label} tabIndex={0} className={cx('overflow-x-auto', className)}>
      {children}
    </div>
  );
}
