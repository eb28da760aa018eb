import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_STUDENT_STANDARD,
  LIMITS,
  appRoutes,
  appTexts,
  studentInputSchema,
  studentSchema,
} from '@um/contract';
import type { Standard, Student, StudentValues } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { Field, SelectField, TextAreaField } from '../../components/ui/Field';
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

interface ConflictProps {
  theirs: Student;
  yours: FormValues;
  standards: Standard[];
  saving: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
}

/**
 * A colleague saved the student after this form opened: each field where their saved value and
 * what was typed here differ, side by side, and the choice of which to keep. What was typed stays
 * in the form until the person chooses.
 */
function EditConflict({
  theirs,
  yours,
  standards,
  saving,
  onKeepTheirs,
  onSaveMine,
}: ConflictProps) {
  const saved = initialValues(theirs);
  const shown = (field: keyof FormValues, value: string | number) =>
    field === 'standard'
      ? (standards.find((standard) => standard.id === value)?.name ?? `Standard ${value}`)
      : String(value) || '—';
  const differing = (Object.keys(fieldLabels) as (keyof FormValues)[]).filter(
    (field) => String(saved[field]).trim() !== String(yours[field]).trim(),
  );
  return (
    <section
      role="alert"
      aria-labelledby="edit-conflict-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h3 id="edit-conflict-title" className="font-semibold">
        {appTexts.history.conflictTitle}
      </h3>
      <p className="mt-1">{appTexts.history.editConflict}</p>
      {differing.length > 0 && (
        <table className="mt-3 w-full text-left">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">{appTexts.history.theirs}</th>
              <th scope="col">{appTexts.history.yours}</th>
            </tr>
          </thead>
          <tbody>
            {differing.map((field) => (
              <tr key={field}>
                <th scope="row" className="pr-3 font-medium">
                  {fieldLabels[field]}
                </th>
                <td className="pr-3">{shown(field, saved[field])}</td>
                <td>{shown(field, yours[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onKeepTheirs} disabled={saving}>
          {appTexts.history.keepTheirs}
        </Button>
        <Button onClick={onSaveMine} loading={saving}>
          {appTexts.history.saveMine}
        </Button>
      </div>
    </section>
  );
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
          theirs={conflict}
          yours={values}
          standards={standards}
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
