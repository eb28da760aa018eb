import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_STUDENT_STANDARD,
  LIMITS,
  appRoutes,
  appTexts,
  studentInputSchema,
  studentFieldLabels,
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
import { findLikelyDuplicates } from './api';
import type { LikelyDuplicate } from './api';
import { useSaveStudent } from './hooks';

export interface StudentFormProps {
  /** The standards a student can belong to. */
  standards: Standard[];
  /** The student to edit; without one the form adds a new student. */
  editing?: Student | undefined;
  /** The student as saved; `addAnother` when the form stays open for the next one. */
  onSaved: (student: Student, addAnother: boolean) => void;
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
  return (Object.keys(studentFieldLabels) as (keyof FormValues)[]).map((field) => ({
    label: studentFieldLabels[field],
    theirs: shown(field, saved[field]),
    yours: shown(field, yours[field]),
  }));
}

/**
 * Students already on the list who look like the one about to be saved, each with what they
 * share with it; saving anyway is the person's choice.
 */
function LikelyDuplicates({
  duplicates,
  standards,
  saving,
  onSaveAnyway,
}: {
  duplicates: LikelyDuplicate[];
  standards: Standard[];
  saving: boolean;
  onSaveAnyway: () => void;
}) {
  const standardName = (id: number) =>
    standards.find((standard) => standard.id === id)?.name ?? `Standard ${id}`;
  return (
    <section
      role="alert"
      aria-labelledby="likely-duplicates-title"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:col-span-2 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <h3 id="likely-duplicates-title" className="font-semibold">
        {appTexts.students.duplicateTitle}
      </h3>
      <p className="mt-1">{appTexts.students.duplicateIntro}</p>
      <ul className="mt-3 space-y-2">
        {duplicates.map(({ student, sameEmail, sameName }) => (
          <li key={student.id}>
            <span className="font-medium">
              {appTexts.students.which(student.name, student.roll_number)}
            </span>
            , {standardName(student.standard)}, <span className="break-all">{student.email}</span>
            <span className="block text-amber-900 dark:text-amber-200">
              {[
                sameEmail ? appTexts.students.sameEmail : '',
                sameName ? appTexts.students.sameName : '',
              ]
                .filter(Boolean)
                .join('; ')}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3">
        <Button variant="secondary" onClick={onSaveAnyway} loading={saving}>
          {appTexts.students.saveAnyway}
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
  const { values, setValues, extras } = useUnsavedForm('student', editing, initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const save = useSaveStudent();
  const [version, setVersion] = useState(editing?.version);
  const [conflict, setConflict] = useState<Student | null>(null);
  /** Look-alikes found before saving, and which save button asked. */
  const [duplicates, setDuplicates] = useState<{
    found: LikelyDuplicate[];
    addAnother: boolean;
  } | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => nameInput.current?.focus(), []);

  function submit(parsed: StudentValues, atVersion: number | undefined, addAnother = false) {
    save.mutate(
      { id: editing?.id, values: parsed, version: atVersion },
      {
        onSuccess: (saved) => {
          setConflict(null);
          setDuplicates(null);
          if (addAnother) {
            // The next student is most likely of the same standard.
            setValues({ ...initialValues(undefined), standard: parsed.standard });
            setErrors({});
            nameInput.current?.focus();
          }
          onSaved(saved, addAnother);
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

  /** Whether the save could make a look-alike: a new student, or a changed name, e-mail or standard. */
  function mayDuplicate(parsed: StudentValues) {
    return (
      !editing ||
      parsed.email !== editing.email ||
      parsed.name !== editing.name ||
      parsed.standard !== editing.standard
    );
  }

  async function attempt(addAnother: boolean) {
    const parsed = check(studentInputSchema, values, setErrors);
    if (!parsed) return;
    if (mayDuplicate(parsed)) {
      setChecking(true);
      // The check only warns: when it cannot be made, the save goes ahead as it would without it.
      const found = await findLikelyDuplicates(parsed, editing?.id).catch(() => []);
      setChecking(false);
      if (found.length > 0) {
        setDuplicates({ found, addAnother });
        return;
      }
    }
    submit(parsed, version, addAnother);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void attempt(false);
  }

  function saveAnyway(addAnother: boolean) {
    const parsed = check(studentInputSchema, values, setErrors);
    if (parsed) submit(parsed, version, addAnother);
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
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
  });

  /** A change to what is typed: look-alikes found for the earlier values no longer apply. */
  function change(next: Partial<FormValues>) {
    setDuplicates(null);
    setValues((current) => ({ ...current, ...next }));
  }

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
          change({
            standard: Number.parseInt(event.target.value, 10) || DEFAULT_STUDENT_STANDARD,
          })
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
      {duplicates && (
        <LikelyDuplicates
          duplicates={duplicates.found}
          standards={standards}
          saving={save.isPending}
          onSaveAnyway={() => saveAnyway(duplicates.addAnother)}
        />
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={save.isPending || checking}>
          {editing ? 'Save changes' : 'Save student'}
        </Button>
        {!editing && (
          <Button
            variant="secondary"
            onClick={() => void attempt(true)}
            disabled={save.isPending || checking}
          >
            {appTexts.students.saveAndAddAnother}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
