import { useLayoutEffect, useRef, useState } from 'react';
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
import type { Standard, StandardValues, Teacher } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { EditConflict } from '../../../components/ui/EditConflict';
import type { ConflictField } from '../../../components/ui/EditConflict';
import { useEditConflict, withTheirs } from '../../../components/ui/useEditConflict';
import { Field, TextAreaField } from '../../../components/ui/Field';
import { useUnsavedForm } from '../../../components/ui/useUnsavedForm';
import { bindFields, useFieldErrors } from '../../../lib/forms';
import { serverFieldErrors } from '../../../lib/server-errors';
import { check } from '../../../lib/validation';
import { useCreateStandard } from '../api/create-standard';
import { standardHistoryPath } from '../api/get-standard-history';
import { useUpdateStandard } from '../api/update-standard';
import { standardFieldLabels } from '../fields';
import { TeachersField } from './TeachersField';

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

/** Each field as the edit started, as the colleague saved it, and as the form holds it. */
function conflictFields(before: Standard, theirs: Standard, yours: FormValues): ConflictField[] {
  const [was, saved] = [initialValues(before), initialValues(theirs)];
  return (Object.keys(saved) as (keyof FormValues)[]).map((field) => ({
    name: field,
    label: standardFieldLabels[field],
    before: was[field],
    theirs: saved[field],
    yours: yours[field],
  }));
}

/**
 * Adds a standard, or edits one when given it: one form, never both at once.
 * The contract's schema checks the values first, so the messages are the server's own.
 */
export function StandardForm({ editing, onSaved, onFailed, onCancel }: StandardFormProps) {
  const { values, setValues, extras } = useUnsavedForm('standard', editing, initialValues(editing));
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const create = useCreateStandard();
  const update = useUpdateStandard();
  const saving = create.isPending || update.isPending;
  // The saved standard the edit builds on: the one opened, or a colleague's newer save once the
  // person has seen it. Its version goes with the save, its year stays the standard's.
  const [basis, setBasis] = useState(editing);
  // The teachers are chosen from a list rather than typed, so they are kept beside the typed
  // fields; a save always names them.
  const [teachers, setTeachers] = useState<Teacher[]>(editing?.teachers ?? []);
  const conflicts = useEditConflict(
    standardSchema,
    editing ? standardHistoryPath(editing.id) : null,
  );
  const { conflict } = conflicts;

  // On the render that shows it: Preact runs a plain effect only after the next paint.
  useLayoutEffect(() => nameInput.current?.focus(), []);

  function parse(typed: FormValues, saved: Standard | undefined): StandardValues | null {
    const gradeText = typed.grade_level.trim();
    return check(
      standardInputSchema,
      {
        name: typed.name,
        // An empty box is not grade 0: NaN makes the schema say the range.
        grade_level: gradeText === '' ? Number.NaN : Number(gradeText),
        description: typed.description,
        // A new standard belongs to this year; an edited one keeps its own year.
        academic_year: saved?.academic_year ?? currentAcademicYear(),
        teacher_ids: teachers.map((teacher) => teacher.id),
      },
      setErrors,
    );
  }

  function submit(parsed: StandardValues, saved: Standard | undefined) {
    const outcome = {
      onSuccess: () => {
        conflicts.clear();
        onSaved();
      },
      onError: (error: unknown) => {
        if (conflicts.caught(error)) return;
        setErrors(serverFieldErrors(error));
        onFailed(error);
      },
    };
    if (editing)
      update.mutate({ id: editing.id, values: parsed, version: saved?.version }, outcome);
    else create.mutate(parsed, outcome);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parse(values, basis);
    if (parsed) submit(parsed, basis);
  }

  function keepTheirs(theirs: Standard) {
    setValues(initialValues(theirs));
    setTeachers(theirs.teachers);
    setBasis(theirs);
    conflicts.clear();
    // The pressed button leaves with the conflict view: focus goes to the form, now theirs.
    nameInput.current?.focus();
  }

  /** Saves over their version: what was typed, with the fields chosen from theirs. */
  function saveOver(theirs: Standard, chosen: string[]) {
    const merged = withTheirs(values, initialValues(theirs), chosen);
    setValues(merged);
    setBasis(theirs);
    const parsed = parse(merged, theirs);
    if (parsed) submit(parsed, theirs);
  }

  const field = bindFields(values, setValues, errors);

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
        required
        maxLength={LIMITS.standardNameMax}
        autoComplete="off"
        {...field('name')}
      />
      <Field
        label="Grade level"
        type="number"
        inputMode="numeric"
        required
        min={GRADE_LEVEL_MIN}
        max={GRADE_LEVEL_MAX}
        step={1}
        {...field('grade_level')}
      />
      <TextAreaField
        label="Description (optional)"
        maxLength={LIMITS.descriptionMax}
        className="sm:col-span-2"
        {...field('description')}
      />
      <TeachersField value={teachers} onChange={setTeachers} error={errors['teacher_ids']} />
      {conflict && basis && (
        <EditConflict
          className="sm:col-span-2"
          by={conflict.by}
          fields={conflictFields(basis, conflict.current, values)}
          saving={saving}
          onKeepTheirs={() => keepTheirs(conflict.current)}
          onSave={(chosen) => saveOver(conflict.current, chosen)}
        />
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={saving}>
          {editing ? 'Save changes' : 'Save standard'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
