/** The frame around every screen: the shell and the error fallback (docs/product.md). */

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

/**
 * The page title: the product's name, then the school's when the server names one. Here, with
 * no schema beside it, because the login page's entry sets it.
 */
export const pageTitle = (schoolName: string | null): string =>
  schoolName ? `${shell.title} · ${schoolName}` : shell.title;
