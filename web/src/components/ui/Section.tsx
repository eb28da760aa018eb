import { useId, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { cardClasses } from './PageHeader';

/**
 * One step of a screen that goes step by step (an import, a year end). A step that opens after
 * the person acted takes the focus to its heading, so keyboard and screen reader users carry on
 * from there.
 */
export function Section({
  title,
  focusOnOpen = false,
  children,
}: {
  title: string;
  focusOnOpen?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // In the render that opens the step: Preact runs a plain effect only after the next paint.
  useLayoutEffect(() => {
    if (focusOnOpen) heading.current?.focus();
  }, [focusOnOpen]);
  return (
    <section aria-labelledby={id} className={`${cardClasses} mb-6 p-6`}>
      <h2
        id={id}
        ref={heading}
        tabIndex={-1}
        className="mb-4 font-display text-lg font-semibold focus:outline-none"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
