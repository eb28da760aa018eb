import { useState } from 'react';

/**
 * The boot view (decision 0017). On the dashboard's pages the build writes, outside React's
 * root, the startup spinner and, hidden, the screen as it looks signed in, with the user's
 * name and e-mail left as empty slots (src/prerender.tsx). public/boot.js fills the slots
 * and shows the screen as soon as the stored session's check answers, before the app's code
 * has arrived; the page's stylesheet hides React's root meanwhile. The app takes the page
 * over from it here. public/boot.js repeats these names: it cannot import them.
 */
export const bootView = {
  id: 'boot-view',
  /** The part shown while the session is checked: the startup spinner. */
  checking: 'checking',
  /** The part boot.js shows once the profile has answered. */
  screen: 'screen',
  /** The attribute naming what a slot shows: the user's `name`, its `initial` or `email`. */
  field: 'data-user-field',
} as const;

/** Whether the page shows the screen boot.js filled in, which the app has yet to replace. */
export function bootViewShowsScreen(): boolean {
  if (typeof document === 'undefined') return false;
  const screen = document.querySelector(`#${bootView.id} [data-boot-view="${bootView.screen}"]`);
  return screen !== null && !screen.hasAttribute('hidden');
}

/** The app shows something of its own: the boot view goes, and the stylesheet shows #root. */
export function dismissBootView(): void {
  document.getElementById(bootView.id)?.remove();
}

/**
 * Whether this component's first render takes the place of the screen boot.js was showing,
 * rather than showing something new: its entrance animation has already played. Fixed for
 * the component's lifetime.
 */
export function useReplacesBootView(): boolean {
  const [replaces] = useState(bootViewShowsScreen);
  return replaces;
}
