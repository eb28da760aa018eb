import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import {
  DEFAULT_GRADE_LEVEL,
  GRADE_LEVEL_MAX,
  GRADE_LEVEL_MIN,
  LIMITS,
  currentAcademicYear,
  standardInputSchema,
} from '@um/contract';
import type { Standard } from '@um/contract';
import { Button } from '../../components/ui/Button';
import { Field, TextAreaField } from '../../components/ui/Field';
import { useFieldErrors } from '../../lib/forms';
import { serverFieldErrors } from '../../lib/server-errors';
import { check } from '../../lib/validation';
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

/**
 * Adds a standard, or edits one when given it (SPEC.md 4: one form, never both at once).
 * The contract's schema checks the values first, so the messages are the server's own.
 */
export function StandardForm({ editing, onSaved, onFailed, onCancel }: StandardFormProps) {
  const [values, setValues] = useState(() => initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const save = useSaveStandard();

  useEffect(() => nameInput.current?.focus(), []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const gradeText = values.grade_level.trim();
    const parsed = check(
      standardInputSchema,
      {
        name: values.name,
        // An empty box is not grade 0: NaN makes the schema say the range.
        grade_level: gradeText === '' ? Number.NaN : Number(gradeText),
        description: values.description,
        // A new standard belongs to this year (SPEC.md 3); an edited one keeps its own year.
        academic_year: editing?.academic_year ?? currentAcademicYear(),
      },
      setErrors,
    );
    if (!parsed) return;
    save.mutate(
      { id: editing?.id, values: parsed, version: editing?.version },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          onFailed(error);
        },
      },
    );
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
