import { useEffect, useRef, useState } from 'react';

export type FieldErrors = Record<string, string>;

/**
 * A form's field errors, one message per field. Whenever they change, focus moves to the first
 * invalid input, so keyboard and screen-reader users land on what needs fixing.
 */
export function useFieldErrors() {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  return { formRef, errors, setErrors };
}
