/**
 * Why this tab is on the login page when another tab signed out. A module of its own: only
 * the login page shows it, and its bundle counts every byte.
 */
export const signedOutElsewhereText = 'You were signed out in another tab.';

/** Why a deactivated person is refused sign-in, and lands on the login page (docs/staff.md). */
export const deactivatedText =
  "This account has been deactivated. Ask your school's administrator.";
