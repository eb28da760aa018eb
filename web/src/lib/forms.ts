import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

export type FieldErrors = Record<string, string>;

/**
 * Whenever a form's field errors change, focus moves to its first invalid input, so keyboard
 * and screen-reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  errors: FieldErrors,
) {
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formRef, errors]);
}

/** A form's field errors, one message per field, with focus on the first invalid input. */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  useFocusFirstInvalid(formRef, errors);
  return { formRef, errors, setErrors };
}
