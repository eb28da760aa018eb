import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { THEME_STORAGE_KEY } from '@um/contract';
import { ThemeToggle } from '../components/ui/ThemeToggle';
import { setSystemDark } from '../test/match-media';
import colourModeSource from '../colour-mode.js?raw';
import { nextThemeMode, readThemeMode, startThemeSync } from './theme';

const isDark = () => document.documentElement.classList.contains('dark');
/** The mode classes on the root element, sorted: exactly one of them when a mode is applied. */
const modeClasses = () =>
  [...document.documentElement.classList].filter((name) => name === 'light' || name === 'dark');

/** Runs src/colour-mode.js the way the browser does: a classic script before the app. */
function runColourModeScript() {
  new Function(colourModeSource)();
}

describe('colour mode', () => {
  it('defaults to following the system', () => {
    expect(readThemeMode()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readThemeMode()).toBe('system');
  });

  it('cycles so that the first press always changes what the screen shows', () => {
    expect(nextThemeMode('system', false)).toBe('dark');
    expect(nextThemeMode('dark', false)).toBe('light');
    expect(nextThemeMode('light', false)).toBe('system');
    expect(nextThemeMode('system', true)).toBe('light');
    expect(nextThemeMode('light', true)).toBe('dark');
    expect(nextThemeMode('dark', true)).toBe('system');
  });

  it("the 'Toggle color mode' button stores the choice under 'theme' and sets the root class", async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Toggle color mode' });
    expect(button).toHaveAttribute('title', 'Color mode: System');

    await user.click(button);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(isDark()).toBe(true);
    expect(button).toHaveAttribute('title', 'Color mode: Dark');

    await user.click(button);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(isDark()).toBe(false);

    await user.click(button);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
    expect(isDark()).toBe(false);
  });

  it('follows a choice made in another tab', () => {
    const stop = startThemeSync();
    render(<ThemeToggle />);

    act(() => {
      localStorage.setItem(THEME_STORAGE_KEY, 'dark');
      window.dispatchEvent(
        new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }),
      );
    });

    expect(isDark()).toBe(true);
    expect(screen.getByRole('button', { name: 'Toggle color mode' })).toHaveAttribute(
      'title',
      'Color mode: Dark',
    );
    stop();
  });

  it('on system, follows the operating system when it switches', () => {
    const stop = startThemeSync();
    act(() => setSystemDark(true));
    expect(isDark()).toBe(true);
    act(() => setSystemDark(false));
    expect(isDark()).toBe(false);

    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    act(() => setSystemDark(true));
    expect(isDark()).toBe(false);
    stop();
  });
});

describe('the app starting', () => {
  it('applies the mode again, as the system may have changed since colour-mode.js ran', () => {
    runColourModeScript();
    expect(isDark()).toBe(false);
    setSystemDark(true);
    const stop = startThemeSync();
    expect(isDark()).toBe(true);
    stop();
  });
});

describe('colour-mode.js, the script that runs before the first paint', () => {
  it('applies a stored dark choice', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runColourModeScript();
    expect(isDark()).toBe(true);
  });

  it('applies a stored light choice even on a dark system', () => {
    setSystemDark(true);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    runColourModeScript();
    expect(isDark()).toBe(false);
  });

  it('follows the system when nothing is stored', () => {
    setSystemDark(true);
    runColourModeScript();
    expect(isDark()).toBe(true);
  });

  it('sets the light class for light as it sets the dark class for dark', () => {
    runColourModeScript();
    expect(modeClasses()).toEqual(['light']);
    // A new page: the script runs once, on a root without a mode class.
    document.documentElement.className = '';
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    runColourModeScript();
    expect(modeClasses()).toEqual(['dark']);
  });
});

describe('the app keeping the mode class', () => {
  it('swaps light and dark on the root element as the mode changes', () => {
    const stop = startThemeSync();
    expect(modeClasses()).toEqual(['light']);
    setSystemDark(true);
    expect(modeClasses()).toEqual(['dark']);
    stop();
  });
});
