import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { RefObject } from 'react';

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

/**
 * What was typed into a prerendered form (src/prerender.tsx) before React took it over: the
 * browser keeps it on screen, and this hands it to the form's state once, when it mounts.
 */
export function useTypedBeforeHydration(
  formRef: RefObject<HTMLFormElement | null>,
  onTyped: (values: Record<string, string>) => void,
) {
  const report = useEffectEvent(onTyped);
  useEffect(() => {
    const typed: Record<string, string> = {};
    for (const element of formRef.current?.elements ?? []) {
      if (element instanceof HTMLInputElement && element.name && element.value) {
        typed[element.name] = element.value;
      }
    }
    if (Object.keys(typed).length > 0) report(typed);
  }, [formRef]);
}
