import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  DEFAULT_GRADE_LEVEL,
  GRADE_LEVEL_MAX,
  GRADE_LEVEL_MIN,
  LIMITS,
  currentAcademicYear,
  standardInputSchema,
  standardSchema,
} from '@um/contract';
import type { Standard, StandardValues } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { EditConflict } from '../../components/ui/EditConflict';
import type { ConflictField } from '../../components/ui/EditConflict';
import { Field, TextAreaField } from '../../components/ui/Field';
import { useUnsavedForm } from '../../components/ui/useUnsavedForm';
import { useFieldErrors } from '../../lib/forms';
import { editConflictCurrent, serverFieldErrors } from '../../lib/server-errors';
import { check } from '../../lib/validation';
import { standardFieldLabels } from './fields';
import { useSaveStandard } from './hooks';

export interface StandardFormProps {
  /** The standard to edit; without one the form adds a new standard. */
  editing?: Standard | undefined;
  onSaved: () => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}

function initialValues(editing: Standard | undefined) {
  return {
    name: editing?.name ?? '',
    grade_level: String(editing?.grade_level ?? DEFAULT_GRADE_LEVEL),
    description: editing?.description ?? '',
  };
}

type FormValues = ReturnType<typeof initialValues>;

/** Each field of the colleague's saved standard and of the form, as a person reads them. */
function conflictFields(theirs: Standard, yours: FormValues): ConflictField[] {
  const saved = initialValues(theirs);
  return (Object.keys(saved) as (keyof FormValues)[]).map((field) => ({
    label: standardFieldLabels[field],
    theirs: saved[field],
    yours: yours[field],
  }));
}

/**
 * Adds a standard, or edits one when given it (SPEC.md 4: one form, never both at once).
 * The contract's schema checks the values first, so the messages are the server's own.
 */
export function StandardForm({ editing, onSaved, onFailed, onCancel }: StandardFormProps) {
  const { values, setValues, extras } = useUnsavedForm('standard', editing, initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const save = useSaveStandard();
  // The saved standard the edit builds on: the one opened, or a colleague's newer save once the
  // person has seen it. Its version goes with the save, its year stays the standard's.
  const [basis, setBasis] = useState(editing);
  const [conflict, setConflict] = useState<Standard | null>(null);

  useEffect(() => nameInput.current?.focus(), []);

  function parse(saved: Standard | undefined): StandardValues | null {
    const gradeText = values.grade_level.trim();
    return check(
      standardInputSchema,
      {
        name: values.name,
        // An empty box is not grade 0: NaN makes the schema say the range.
        grade_level: gradeText === '' ? Number.NaN : Number(gradeText),
        description: values.description,
        // A new standard belongs to this year (SPEC.md 3); an edited one keeps its own year.
        academic_year: saved?.academic_year ?? currentAcademicYear(),
      },
      setErrors,
    );
  }

  function submit(parsed: StandardValues, saved: Standard | undefined) {
    save.mutate(
      { id: editing?.id, values: parsed, version: saved?.version },
      {
        onSuccess: () => {
          setConflict(null);
          onSaved();
        },
        onError: (error) => {
          const current = editConflictCurrent(error, standardSchema);
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
    const parsed = parse(basis);
    if (parsed) submit(parsed, basis);
  }

  function keepTheirs(theirs: Standard) {
    setValues(initialValues(theirs));
    setBasis(theirs);
    setConflict(null);
    // The pressed button leaves with the conflict view: focus goes to the form, now theirs.
    nameInput.current?.focus();
  }

  function saveMine(theirs: Standard) {
    setBasis(theirs);
    const parsed = parse(theirs);
    if (parsed) submit(parsed, theirs);
  }

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 sm:grid-cols-[1fr_10rem]"
    >
      {extras}
      <Field
        ref={nameInput}
        label="Name"
        name="name"
        required
        maxLength={LIMITS.standardNameMax}
        autoComplete="off"
        value={values.name}
        onChange={(event) => set('name')(event.target.value)}
        error={errors['name']}
      />
      <Field
        label="Grade level"
        name="grade_level"
        type="number"
        inputMode="numeric"
        required
        min={GRADE_LEVEL_MIN}
        max={GRADE_LEVEL_MAX}
        step={1}
        value={values.grade_level}
        onChange={(event) => set('grade_level')(event.target.value)}
        error={errors['grade_level']}
      />
      <TextAreaField
        label="Description (optional)"
        name="description"
        maxLength={LIMITS.descriptionMax}
        className="sm:col-span-2"
        value={values.description}
        onChange={(event) => set('description')(event.target.value)}
        error={errors['description']}
      />
      {conflict && (
        <EditConflict
          className="sm:col-span-2"
          fields={conflictFields(conflict, values)}
          saving={save.isPending}
          onKeepTheirs={() => keepTheirs(conflict)}
          onSaveMine={() => saveMine(conflict)}
        />
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          {editing ? 'Save changes' : 'Save standard'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
