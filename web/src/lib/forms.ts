import { useLayoutEffect, useRef, useState } from 'react';
import type { Dispatch, RefObject, SetStateAction } from 'react';

export type FieldErrors = Record<string, string>;

/**
 * Focuses a control as it is added to the page, as React does for `autoFocus`. Preact only
 * writes the attribute, which the browser honours while the page loads and not for a control a
 * screen adds later. Given as the control's `ref`, beside `autoFocus`, which a pre-rendered
 * form still needs (SignInForm).
 */
export function focusOnMount(control: HTMLElement | null) {
  control?.focus();
}

/**
 * Whenever a form's field errors change, focus moves to its first invalid input, so keyboard
 * and screen-reader users land on what needs fixing.
 */
export function useFocusFirstInvalid(
  formRef: RefObject<HTMLFormElement | null>,
  errors: FieldErrors,
) {
  // In the render that shows the errors: Preact runs a plain effect only after the next paint.
  useLayoutEffect(() => {
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

/** The names of a form's fields that hold text. */
type TextFields<Values> = {
  [Name in keyof Values]: Values[Name] extends string ? Name : never;
}[keyof Values] &
  string;

/** What a Field takes from the form for one value: its name, value, error and change. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

/**
 * Ties a form's text values and its field errors to its Field controls: `field('email')` is
 * the control's name, value, error (which Field labels and describes) and change, so a form
 * writes each control's own props (label, type, autocomplete) and nothing twice.
 */
export function bindFields<Values extends object>(
  values: Values,
  setValues: Dispatch<SetStateAction<Values>>,
  errors: FieldErrors,
): (name: TextFields<Values>) => BoundField {
  return (name) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onChange: (event) => {
      const { value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });
}
