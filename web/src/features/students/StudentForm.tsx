import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { DEFAULT_STUDENT_STANDARD, LIMITS, appRoutes, studentInputSchema } from '@um/contract';
import type { Standard, Student } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { Field, SelectField, TextAreaField } from '../../components/ui/Field';
import { useFieldErrors } from '../../lib/forms';
import { serverFieldErrors } from '../../lib/server-errors';
import { check } from '../../lib/validation';
import { useSaveStudent } from './hooks';

export interface StudentFormProps {
  /** The standards a student can belong to. */
  standards: Standard[];
  /** The student to edit; without one the form adds a new student. */
  editing?: Student | undefined;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}

function initialValues(editing: Student | undefined) {
  return {
    name: editing?.name ?? '',
    email: editing?.email ?? '',
    roll_number: editing?.roll_number ?? '',
    standard: editing?.standard ?? DEFAULT_STUDENT_STANDARD,
    phone_number: editing?.phone_number ?? '',
    address: editing?.address ?? '',
  };
}

/**
 * Adds a student, or edits one when given it. Name, email, roll number and standard are
 * required; the contract's schema checks them, so the browser says what the server would.
 */
export function StudentForm({ standards, editing, onSaved, onFailed, onCancel }: StudentFormProps) {
  const [values, setValues] = useState(() => initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const save = useSaveStudent();

  useEffect(() => nameInput.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = check(studentInputSchema, values, setErrors);
    if (!parsed) return;
    save.mutate(
      { id: editing?.id, values: parsed },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          onFailed(error);
        },
      },
    );
  }

  type TextField = Exclude<keyof typeof values, 'standard'>;
  const text = (field: TextField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      <Field
        ref={nameInput}
        label="Name"
        required
        autoComplete="off"
        maxLength={LIMITS.studentNameMax}
        {...text('name')}
      />
      <Field
        label="Email"
        type="email"
        required
        autoComplete="off"
        maxLength={LIMITS.emailMax}
        {...text('email')}
      />
      <Field
        label="Roll number"
        required
        autoComplete="off"
        maxLength={LIMITS.rollNumberMax}
        {...text('roll_number')}
      />
      <SelectField
        label="Standard"
        name="standard"
        required
        value={values.standard}
        // SPEC.md 5: the standard is parsed as an integer; 0 means none is chosen yet.
        onChange={(event) =>
          setValues((current) => ({
            ...current,
            standard: Number.parseInt(event.target.value, 10) || DEFAULT_STUDENT_STANDARD,
          }))
        }
        error={errors['standard']}
        hint={
          standards.length === 0 ? (
            <>
              There are no standards yet.{' '}
              <Link to={appRoutes.standards} className="font-medium underline underline-offset-2">
                Add one under Standards
              </Link>{' '}
              first.
            </>
          ) : undefined
        }
      >
        <option value={DEFAULT_STUDENT_STANDARD}>Choose a standard</option>
        {standards.map((standard) => (
          <option key={standard.id} value={standard.id}>
            {standard.name}
          </option>
        ))}
      </SelectField>
      <Field
        label="Phone (optional)"
        type="tel"
        autoComplete="off"
        maxLength={LIMITS.phoneMax}
        {...text('phone_number')}
      />
      <TextAreaField
        label="Address (optional)"
        rows={2}
        maxLength={LIMITS.addressMax}
        {...text('address')}
      />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {editing ? 'Save changes' : 'Save student'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
