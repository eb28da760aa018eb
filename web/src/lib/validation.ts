import { firstFieldErrors } from '@um/contract';
import type { z } from 'zod';
import type { FieldErrors } from './forms';

/**
 * Validates form values with one of the contract's schemas, so the browser says exactly what
 * the server would. Reports the field errors (none when valid) and returns the parsed values,
 * or null when they are not valid.
 */
export function check<S extends z.ZodType>(
  schema: S,
  values: unknown,
  report: (errors: FieldErrors) => void,
): z.output<S> | null {
  const result = schema.safeParse(values);
  report(result.success ? {} : firstFieldErrors(result.error));
  return result.success ? result.data : null;
}
