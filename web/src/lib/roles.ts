import { useStoredSession } from './session';

/**
 * Whether the signed-in person may change the school's records: everyone but a viewer. It only
 * hides controls; the server refuses a viewer's writes whatever the screen shows (docs/staff.md).
 */
export function useCanWrite(): boolean {
  return useStoredSession().user?.role !== 'viewer';
}

/** Whether the signed-in person is an administrator, who manages staff. */
export function useIsAdmin(): boolean {
  return useStoredSession().user?.role === 'admin';
}
