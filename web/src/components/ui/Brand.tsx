import { texts } from '@um/contract';
import { ShieldCheckIcon } from './icons';

/** The product's name with its mark (hidden on phones, to leave room) and the v2 badge. */
export function Brand() {
  return (
    <span className="inline-flex items-center gap-2.5">
      <span
        aria-hidden="true"
        className="inline-flex size-9 items-center justify-center rounded-xl bg-linear-to-br from-brand-600 to-accent-600 text-white shadow-soft max-sm:hidden"
      >
        <ShieldCheckIcon className="size-5" />
      </span>
      <span className="font-display text-base font-semibold tracking-tight whitespace-nowrap">
        {texts.shell.title}
      </span>
      <span className="rounded-pill bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-900 dark:text-brand-100">
        {texts.shell.badge}
      </span>
    </span>
  );
}
