import { ApiError } from './api-client';
import type { ResponseSchema } from './api-client';
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

/**
 * The record as it now is when a save was refused because somebody else saved it first (an edit
 * conflict, docs/web.md); null for any other failure.
 */
export function editConflictCurrent<T>(error: unknown, schema: ResponseSchema<T>): T | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const { type, current } = error.problem;
  if (typeof type !== 'string' || !type.endsWith('/edit-conflict')) return null;
  const parsed = schema.safeParse(current);
  return parsed.success ? parsed.data : null;
}
