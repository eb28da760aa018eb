import { appRoutes } from '@um/contract';

/**
 * Where to go after signing in: the page RequireAuth remembered, if it is a path of this app
 * (never another origin, never back to the sign-in screens), else the dashboard.
 */
export function pathAfterSignIn(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) {
    return appRoutes.dashboard;
  }
  const publicPaths: string[] = [appRoutes.login, appRoutes.register, appRoutes.forgotPassword];
  const path = from.split(/[?#]/)[0] ?? '';
  if (publicPaths.includes(path) || path.startsWith('/reset-password/')) return appRoutes.dashboard;
  return from;
}
