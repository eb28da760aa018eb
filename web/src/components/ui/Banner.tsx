import { useCallback, useEffect, useState } from 'react';
import { NOTICE_DISMISS_MS } from '@um/contract';
import { cx } from './cx';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon, XIcon } from './icons';

export type Tone = 'success' | 'error' | 'info';

export interface Notice {
  tone: Tone;
  /** The spec's message, word for word. */
  message: string;
  /** The server's explanation, shown below the message when it adds something. */
  detail?: string | null | undefined;
  /** One thing the person can do about it while the notice shows, such as undoing a delete. */
  action?: { label: string; onClick: () => void } | undefined;
}

export interface BannerProps extends Notice {
  onDismiss?: () => void;
  className?: string;
}

const tones: Record<Tone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-100',
  error:
    'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950/60 dark:text-red-100',
  info: 'border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-700 dark:bg-brand-950/60 dark:text-brand-100',
};

const icons = { success: CircleCheckIcon, error: CircleAlertIcon, info: InfoIcon };

/**
 * A success, error or information message. Errors are alerts (read out at once); the others
 * are polite status messages.
 */
export function Banner({ tone, message, detail, action, onDismiss, className }: BannerProps) {
  const Icon = icons[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex items-start gap-3 rounded-xl border px-4 py-3 text-sm animate-fade-in-up',
        tones[tone],
        className,
      )}
    >
      <Icon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{message}</p>
        {detail && detail !== message && <p className="mt-1 opacity-90">{detail}</p>}
      </div>
      {action && (
        <button
          type="button"
          onClick={action.onClick}
          className="-my-1 rounded-pill px-3 py-1 font-semibold underline-offset-2 hover:bg-black/5 hover:underline dark:hover:bg-white/10"
        >
          {action.label}
        </button>
      )}
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="-m-1 rounded-pill p-1 hover:bg-black/5 dark:hover:bg-white/10"
        >
          <XIcon className="size-4" />
        </button>
      )}
    </div>
  );
}

/**
 * One notice at a time that clears itself after `dismissAfterMs` (5 s by default, docs/web.md);
 * showing a new notice restarts the clock.
 */
export function useNotice(dismissAfterMs: number = NOTICE_DISMISS_MS) {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(null), dismissAfterMs);
    return () => window.clearTimeout(timer);
  }, [notice, dismissAfterMs]);

  const clear = useCallback(() => setNotice(null), []);
  return { notice, show: setNotice, clear };
}
