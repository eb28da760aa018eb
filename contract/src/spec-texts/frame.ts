/** The frame around every screen: the shell and the error fallback (SPEC.md 2). */

export const errorFallback = {
  title: 'Something went wrong',
  refresh: 'Refresh Page',
  home: 'Go to Dashboard',
} as const;

export const shell = {
  title: 'User Management',
  badge: 'v2',
  toggleColorMode: 'Toggle color mode',
} as const;
