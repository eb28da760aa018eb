/**
 * Why this tab is on the login page when another tab signed out. A module of its own: only
 * the login page shows it, and its bundle counts every byte.
 */
export const signedOutElsewhereText = 'You were signed out in another tab.';
