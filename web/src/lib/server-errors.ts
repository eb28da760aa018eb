import { ApiError } from './api-client';
import type { FieldErrors } from './forms';

/**
 * The first message per field of a refused call (problem JSON `errors`), for showing under
 * the inputs, such as a roll number the server found taken.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const result: FieldErrors = {};
  if (!(error instanceof ApiError)) return result;
  for (const [field, list] of Object.entries(error.fieldErrors)) {
    const first = Array.isArray(list) ? list[0] : undefined;
    if (typeof first === 'string') result[field] = first;
  }
  return result;
}
