import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { cx } from './cx';

interface FieldTexts {
  label: string;
  /** The message shown under the control; it also marks the control invalid for assistive tech. */
  error?: string | undefined;
  hint?: ReactNode;
}

export interface FieldProps extends FieldTexts, ComponentProps<'input'> {}
export interface SelectFieldProps extends FieldTexts, ComponentProps<'select'> {}
export interface TextAreaFieldProps extends FieldTexts, ComponentProps<'textarea'> {}

export const inputClasses =
  'block h-11 w-full rounded-xl border bg-white px-3.5 text-sm text-slate-900 shadow-sm transition-colors duration-fast placeholder:text-slate-500 focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none dark:bg-slate-900/70 dark:text-slate-100 dark:placeholder:text-slate-400';

const borderClasses = (error: string | undefined) =>
  error ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-600';

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, hint and error around one form control, tied to it through aria-describedby, so
 * inputs, selects and text areas read out the same way.
 */
function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldTexts & {
  id: string | undefined;
  className: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={cx('space-y-1.5', className)}>
      <label
        htmlFor={controlId}
        className="block text-sm font-medium text-slate-800 dark:text-slate-200"
      >
        {label}
      </label>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its hint and error tied to it through aria-describedby. */
export function Field({ label, error, hint, id, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <input {...control} className={cx(inputClasses, borderClasses(error))} {...input} />
      )}
    </FieldFrame>
  );
}

/** A labelled select; its options are the children. */
export function SelectField({ label, error, hint, id, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <select {...control} className={cx(inputClasses, borderClasses(error))} {...select} />
      )}
    </FieldFrame>
  );
}

/** A labelled multi-line text box that keeps its height and lets the user make it taller. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  rows = 3,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={cx(inputClasses, 'h-auto resize-y py-2.5', borderClasses(error))}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}
