import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import UserRound from 'lucide-react/icons/user-round';
import { useNavigate } from 'react-router';
import { appRoutes } from '@um/contract';
import { EmailText } from '../../components/ui/EmailText';
import { displayName } from '../../lib/session';
import type { SessionUser } from '../../lib/session';

export interface UserMenuProps {
  user: SessionUser;
  onLogout: () => void;
}

/**
 * The account menu (Profile, Settings, Logout), following the ARIA menu button
 * pattern: arrows, Home and End move, Escape closes and returns focus to the button.
 */
export function UserMenu({ user, onLogout }: UserMenuProps) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();
  const name = displayName(user);

  const entries = [
    { label: 'Profile', icon: UserRound, action: () => navigate(appRoutes.profile) },
    // Settings is listed and has no action (docs/web.md, Screens and routes).
    { label: 'Settings', icon: Settings, action: () => undefined },
    { label: 'Logout', icon: LogOut, action: onLogout },
  ];

  // On the render that opens the menu, so an arrow key pressed at once moves from the first item.
  useLayoutEffect(() => {
    if (open) items.current[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAt(index: number) {
    setFocusIndex(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : entries.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent) {
    const last = entries.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusIndex === last ? 0 : focusIndex + 1,
      ArrowUp: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
        className="flex items-center gap-2 rounded-pill py-1 pr-2 pl-1 text-sm font-medium max-sm:pr-1 transition-colors duration-fast hover:bg-slate-200/70 dark:hover:bg-slate-800/80"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-8 items-center justify-center rounded-pill bg-linear-to-br from-brand-600 to-accent-600 text-sm font-semibold text-white"
        >
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="sr-only">Account menu for</span>{' '}
        {/* The name stays in the accessible name on small screens, where it is not shown. */}
        <span className="max-w-40 truncate max-sm:sr-only">{name}</span>
        <ChevronDown aria-hidden="true" className="size-4 max-sm:hidden" />
      </button>
      {open && (
        <div className="absolute right-0 z-40 mt-2 w-56 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-glass animate-fade-in-up dark:border-slate-700 dark:bg-slate-900">
          <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
            <EmailText email={user.email} />
          </p>
          <div id={menuId} role="menu" aria-label="Account" tabIndex={-1} onKeyDown={onMenuKeyDown}>
            {entries.map(({ label, icon: Icon, action }, index) => (
              <button
                key={label}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={index === focusIndex ? 0 : -1}
                onClick={() => {
                  close(true);
                  action();
                }}
                className="flex w-full items-center gap-3 rounded-xl px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
