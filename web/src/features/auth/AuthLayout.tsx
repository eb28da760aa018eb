import { useState } from 'react';
import type { ReactNode } from 'react';
import { Brand } from '../../components/ui/Brand';
import { ThemeToggle } from '../../components/ui/ThemeToggle';
import { useHydrated } from '../../lib/hydrated';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card, such as "Sign up" or "Back to login". */
  footer?: ReactNode;
}

/** The frame of the public screens: brand, colour mode, and one glass card. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  // The card comes in with an entrance when the app opens the screen. A pre-rendered page's
  // card is its first paint and shows at once: the entrance starts from transparent, which
  // would keep it off screen until the script had run (docs/decisions/0084).
  const [enters] = useState(useHydrated());
  return (
    <div className="relative isolate min-h-screen overflow-hidden">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-24 -left-24 size-96 rounded-pill bg-brand-300/40 blur-3xl animate-float dark:bg-brand-700/30" />
        <div className="absolute -right-24 bottom-0 size-96 rounded-pill bg-accent-300/40 blur-3xl animate-float [animation-delay:-3s] dark:bg-accent-800/25" />
      </div>
      <header className="mx-auto flex max-w-5xl items-center justify-between px-4 py-4 sm:px-6">
        <Brand />
        <ThemeToggle />
      </header>
      <main className="mx-auto flex w-full max-w-5xl justify-center px-4 pt-6 pb-16 sm:pt-12">
        <div className={`w-full max-w-md ${enters ? 'animate-fade-in-up' : ''}`}>
          <div className="rounded-3xl border border-white/60 bg-white/80 p-6 shadow-glass backdrop-blur-glass sm:p-8 dark:border-slate-700/60 dark:bg-slate-900/80">
            <h1 className="font-display text-2xl font-semibold tracking-tight">{title}</h1>
            {subtitle && (
              <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-300">{subtitle}</p>
            )}
            <div className="mt-6">{children}</div>
          </div>
          {footer && (
            <div className="mt-6 text-center text-sm text-slate-700 dark:text-slate-300">
              {footer}
            </div>
          )}
        </div>
      </main>
    </div>
  );
}

/** The "or" rule between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-slate-600 uppercase dark:text-slate-400">
      <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
      or
      <span className="h-px flex-1 bg-slate-300 dark:bg-slate-700" />
    </div>
  );
}

export const linkClasses =
  'font-medium text-brand-700 underline-offset-4 hover:underline dark:text-brand-300';
