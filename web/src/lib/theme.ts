import { useSyncExternalStore } from 'react';
import { THEME_MODES, THEME_STORAGE_KEY } from '@um/contract';

export type ThemeMode = (typeof THEME_MODES)[number];

const DARK_QUERY = '(prefers-color-scheme: dark)';
const CHANGE_EVENT = 'um:theme-change';

function isThemeMode(value: unknown): value is ThemeMode {
  return (THEME_MODES as readonly unknown[]).includes(value);
}

/** The stored choice; anything else (nothing stored, storage blocked) follows the system. */
export function readThemeMode(): ThemeMode {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeMode(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

/** Puts the mode on the root element, as src/colour-mode.js does before the first paint. */
export function applyThemeMode(mode: ThemeMode): void {
  const dark = mode === 'dark' || (mode === 'system' && systemPrefersDark());
  const classes = document.documentElement.classList;
  classes.toggle('dark', dark);
  classes.toggle('light', !dark);
}

/**
 * The mode the toggle moves to. From system it goes to the opposite of what the system shows,
 * so the first press always changes the screen; then to the other fixed mode; then back.
 */
export function nextThemeMode(mode: ThemeMode, systemDark: boolean): ThemeMode {
  const opposite: ThemeMode = systemDark ? 'light' : 'dark';
  const same: ThemeMode = systemDark ? 'dark' : 'light';
  if (mode === 'system') return opposite;
  if (mode === opposite) return same;
  return 'system';
}

export function setThemeMode(mode: ThemeMode): void {
  localStorage.setItem(THEME_STORAGE_KEY, mode);
  applyThemeMode(mode);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(listener: () => void): () => void {
  const media = window.matchMedia(DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === THEME_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  media.addEventListener('change', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
    media.removeEventListener('change', listener);
  };
}

/**
 * Keeps the root element's class right for the page's lifetime: when another tab changes the
 * choice (the storage event) and when the system setting flips while on system. It starts by
 * applying the mode again, as either may have changed since src/colour-mode.js ran.
 */
export function startThemeSync(): () => void {
  const apply = () => applyThemeMode(readThemeMode());
  apply();
  return subscribe(apply);
}

function snapshot(): string {
  return `${readThemeMode()}:${systemPrefersDark() ? 'dark' : 'light'}`;
}

export interface ThemeState {
  mode: ThemeMode;
  resolved: 'light' | 'dark';
  toggle: () => void;
}

export function useTheme(): ThemeState {
  // A pre-rendered page shows the toggle in system mode; hydration moves it to the stored one.
  const [mode, system] = useSyncExternalStore(subscribe, snapshot, () => 'system:light').split(
    ':',
  ) as [ThemeMode, 'light' | 'dark'];
  const resolved = mode === 'system' ? system : mode;
  return {
    mode,
    resolved,
    toggle: () => setThemeMode(nextThemeMode(mode, system === 'dark')),
  };
}
