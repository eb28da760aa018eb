import { texts } from '@um/contract';
import { ShieldCheckIcon } from './icons';

/**
 * The product's name with its mark and the v2 badge. On a phone the mark goes and the name is a
 * little smaller, so the top bar fits 360 px with its buttons; the name would rather end in an
 * ellipsis than push the page sideways.
 */
export function Brand() {
  return (
    <span className="inline-flex min-w-0 items-center gap-2.5 max-sm:gap-1.5">
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-brand-600 to-accent-600 text-white shadow-soft max-sm:hidden"
      >
        <ShieldCheckIcon className="size-5" />
      </span>
      <span className="truncate font-display text-base font-semibold tracking-tight max-sm:text-[0.9375rem]">
        {texts.shell.title}
      </span>
      <span className="shrink-0 rounded-pill bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
        {texts.shell.badge}
      </span>
    </span>
  );
}
