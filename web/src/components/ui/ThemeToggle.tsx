import { texts } from '@um/contract';
import { useTheme } from '../../lib/theme';
import { cx } from './cx';
import { MoonIcon, SunIcon, SunMoonIcon } from './icons';

const labels = { light: 'Light', dark: 'Dark', system: 'System' } as const;
const icons = { light: SunIcon, dark: MoonIcon, system: SunMoonIcon } as const;

/** Cycles light, dark and system; the icon and tooltip say which mode is on. */
export function ThemeToggle({ className }: { className?: string }) {
  const { mode, toggle } = useTheme();
  const Icon = icons[mode];
  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={texts.shell.toggleColorMode}
      title={`Color mode: ${labels[mode]}`}
      className={cx(
        'inline-flex size-10 items-center justify-center rounded-pill text-slate-700 transition-colors duration-fast hover:bg-slate-200/70 dark:text-slate-200 dark:hover:bg-slate-800/80',
        className,
      )}
    >
      <Icon className="size-5" />
    </button>
  );
}
