import { loginRequestSchema } from '@um/contract';
import type { FieldErrors } from '../../lib/forms';
import { check } from '../../lib/validation';

export { login } from './api/login';
export { signInWithGoogle } from './api/sign-in-with-google';

/**
 * What signing in needs beyond the first paint, in a chunk of its own: validation and the API
 * calls need zod, which the login page loads only once the user starts on the form or presses
 * the Google button, so that the page's first load stays small.
 */
export function checkLogin(values: unknown, report: (errors: FieldErrors) => void) {
  return check(loginRequestSchema, values, report);
}
