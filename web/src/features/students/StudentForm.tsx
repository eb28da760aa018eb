import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_STUDENT_STANDARD,
  LIMITS,
  appRoutes,
  studentInputSchema,
  studentSchema,
} from '@um/contract';
import type { Standard, Student, StudentValues } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { EditConflict } from '../../components/ui/EditConflict';
import type { ConflictField } from '../../components/ui/EditConflict';
import { Field, SelectField, TextAreaField } from '../../components/ui/Field';
import { useUnsavedForm } from '../../components/ui/useUnsavedForm';
import { useFieldErrors } from '../../lib/forms';
import { editConflictCurrent, serverFieldErrors } from '../../lib/server-errors';
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

type FormValues = ReturnType<typeof initialValues>;

const fieldLabels: Record<keyof FormValues, string> = {
  name: 'Name',
  email: 'Email',
  roll_number: 'Roll number',
  standard: 'Standard',
  phone_number: 'Phone',
  address: 'Address',
};

/** Each field of the colleague's saved student and of the form, as a person reads them. */
function conflictFields(
  theirs: Student,
  yours: FormValues,
  standards: Standard[],
): ConflictField[] {
  const saved = initialValues(theirs);
  const shown = (field: keyof FormValues, value: string | number) =>
    field === 'standard'
      ? (standards.find((standard) => standard.id === value)?.name ?? `Standard ${value}`)
      : String(value);
  return (Object.keys(fieldLabels) as (keyof FormValues)[]).map((field) => ({
    label: fieldLabels[field],
    theirs: shown(field, saved[field]),
    yours: shown(field, yours[field]),
  }));
}

/**
 * Adds a student, or edits one when given it. Name, email, roll number and standard are
 * required; the contract's schema checks them, so the browser says what the server would.
 */
export function StudentForm({ standards, editing, onSaved, onFailed, onCancel }: StudentFormProps) {
  const { values, setValues, extras } = useUnsavedForm('student', editing, initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const save = useSaveStudent();
  const [version, setVersion] = useState(editing?.version);
  const [conflict, setConflict] = useState<Student | null>(null);

  useEffect(() => nameInput.current?.focus(), []);

  function submit(parsed: StudentValues, atVersion: number | undefined) {
    save.mutate(
      { id: editing?.id, values: parsed, version: atVersion },
      {
        onSuccess: () => {
          setConflict(null);
          onSaved();
        },
        onError: (error) => {
          const current = editConflictCurrent(error, studentSchema);
          if (current) {
            setConflict(current);
            return;
          }
          setErrors(serverFieldErrors(error));
          onFailed(error);
        },
      },
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = check(studentInputSchema, values, setErrors);
    if (parsed) submit(parsed, version);
  }

  function keepTheirs(theirs: Student) {
    setValues(initialValues(theirs));
    setVersion(theirs.version);
    setConflict(null);
    // The pressed button leaves with the conflict view: focus goes to the form, now theirs.
    nameInput.current?.focus();
  }

  function saveMine(theirs: Student) {
    setVersion(theirs.version);
    const parsed = check(studentInputSchema, values, setErrors);
    if (parsed) submit(parsed, theirs.version);
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
      {extras}
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
      {conflict && (
        <EditConflict
          className="sm:col-span-2"
          fields={conflictFields(conflict, values, standards)}
          saving={save.isPending}
          onKeepTheirs={() => keepTheirs(conflict)}
          onSaveMine={() => saveMine(conflict)}
        />
      )}
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
