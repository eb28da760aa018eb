import { useLayoutEffect, useRef, useState } from 'react';
import type { Dispatch, FormEvent, SetStateAction } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_STUDENT_STANDARD,
  LIMITS,
  appRoutes,
  appTexts,
  studentInputSchema,
  studentFieldLabels,
  studentRecordTexts,
  studentSchema,
  studentStatuses,
} from '@um/contract';
import type { Guardian, Standard, Student, StudentStatus, StudentValues } from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { EditConflict } from '../../../components/ui/EditConflict';
import type { ConflictField } from '../../../components/ui/EditConflict';
import { useEditConflict, withTheirs } from '../../../components/ui/useEditConflict';
import { Field, SelectField, TextAreaField } from '../../../components/ui/Field';
import { useUnsavedForm } from '../../../components/ui/useUnsavedForm';
import { bindFields, useFieldErrors } from '../../../lib/forms';
import { serverFieldErrors } from '../../../lib/server-errors';
import { check } from '../../../lib/validation';
import { localToday } from '../../../lib/local-date';
import { useCreateStudent } from '../api/create-student';
import { findLikelyDuplicates } from '../api/find-likely-duplicates';
import { studentHistoryPath } from '../api/get-student-history';
import type { LikelyDuplicate } from '../api/find-likely-duplicates';
import { useUpdateStudent } from '../api/update-student';
import { standardLabeller, standardNamer } from '../standard-names';
import { LikelyDuplicates } from './LikelyDuplicates';

export interface StudentFormProps {
  /** The standards a student can belong to. */
  standards: Standard[];
  /** The student to edit; without one the form adds a new student. */
  editing?: Student | undefined;
  /** The standard a new student starts on: the one the list is showing, if any. */
  standard?: number | null | undefined;
  /** The student as saved; `addAnother` when the form stays open for the next one. */
  onSaved: (student: Student, addAnother: boolean) => void;
  onFailed: (error: unknown) => void;
  onCancel: () => void;
}

function initialValues(editing: Student | undefined, standard = DEFAULT_STUDENT_STANDARD) {
  return {
    name: editing?.name ?? '',
    email: editing?.email ?? '',
    roll_number: editing?.roll_number ?? '',
    standard: editing?.standard ?? standard,
    phone_number: editing?.phone_number ?? '',
    address: editing?.address ?? '',
    admission_number: editing?.admission_number ?? '',
    // Date inputs hold '' for none; the contract reads it as null.
    date_of_birth: editing?.date_of_birth ?? '',
    status: editing?.status ?? ('active' as StudentStatus),
    left_on: editing?.left_on ?? '',
    guardians: editing?.guardians ?? ([] as Guardian[]),
  };
}

type FormValues = ReturnType<typeof initialValues>;

const noGuardian: Guardian = { name: '', relation: '', phone: '', email: '', primary: false };

/** Guardians as one line, for an edit conflict's comparison. */
const guardiansLine = (guardians: readonly Guardian[]) =>
  guardians.map((guardian) => `${guardian.name}${guardian.primary ? ' *' : ''}`).join(', ');

const formFields = Object.keys(studentFieldLabels) as (keyof FormValues)[];

/**
 * Each field as a person reads it: as the edit started, as the colleague saved it, and as the
 * form holds it.
 */
function conflictFields(
  before: Student,
  theirs: Student,
  yours: FormValues,
  standards: Standard[],
): ConflictField[] {
  const [was, saved] = [initialValues(before), initialValues(theirs)];
  const nameOf = standardNamer(standards);
  const shown = (field: keyof FormValues, value: FormValues[keyof FormValues]) =>
    field === 'standard'
      ? nameOf(Number(value))
      : Array.isArray(value)
        ? guardiansLine(value)
        : String(value);
  return formFields.map((field) => ({
    name: field,
    label: studentFieldLabels[field],
    before: shown(field, was[field]),
    theirs: shown(field, saved[field]),
    yours: shown(field, yours[field]),
  }));
}

/**
 * Adds a student, or edits one when given it, in three groups: the student, their guardians
 * (up to four, one primary) and their place at school. Name, roll number and standard are
 * required; the contract's schema checks everything, so the browser says what the server would.
 * A failed save keeps every value typed.
 */
export function StudentForm({
  standards,
  editing,
  standard,
  onSaved,
  onFailed,
  onCancel,
}: StudentFormProps) {
  const { values, setValues, extras } = useUnsavedForm(
    'student',
    editing,
    initialValues(editing, standard ?? undefined),
  );
  const { formRef, errors, setErrors } = useFieldErrors();
  const nameInput = useRef<HTMLInputElement>(null);
  const create = useCreateStudent();
  const update = useUpdateStudent();
  const saving = create.isPending || update.isPending;
  const label = standardLabeller(standards);
  // The saved student the edit builds on: the one opened, or a colleague's newer save once the
  // person has seen it. Its version goes with the save.
  const [basis, setBasis] = useState(editing);
  const conflicts = useEditConflict(studentSchema, editing ? studentHistoryPath(editing.id) : null);
  const { conflict } = conflicts;
  /** Look-alikes found before saving, and which save button asked. */
  const [duplicates, setDuplicates] = useState<{
    found: LikelyDuplicate[];
    addAnother: boolean;
  } | null>(null);
  const [checking, setChecking] = useState(false);

  // On the render that shows it: Preact runs a plain effect only after the next paint.
  useLayoutEffect(() => nameInput.current?.focus(), []);

  function submit(parsed: StudentValues, atVersion: number | undefined, addAnother = false) {
    const outcome = {
      onSuccess: (saved: Student) => {
        conflicts.clear();
        setDuplicates(null);
        if (addAnother) {
          // The next student is most likely of the same standard.
          setValues({ ...initialValues(undefined), standard: parsed.standard });
          setErrors({});
          nameInput.current?.focus();
        }
        onSaved(saved, addAnother);
      },
      onError: (error: unknown) => {
        if (conflicts.caught(error)) return;
        setErrors(serverFieldErrors(error));
        onFailed(error);
      },
    };
    if (editing) update.mutate({ id: editing.id, values: parsed, version: atVersion }, outcome);
    else create.mutate(parsed, outcome);
  }

  /**
   * Whether the save could make a look-alike: a new student, or a changed name, e-mail,
   * standard, admission number or date of birth.
   */
  function mayDuplicate(parsed: StudentValues) {
    return (
      !editing ||
      parsed.email !== editing.email ||
      parsed.name !== editing.name ||
      parsed.standard !== editing.standard ||
      parsed.admission_number !== editing.admission_number ||
      parsed.date_of_birth !== editing.date_of_birth
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
    submit(parsed, basis?.version, addAnother);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void attempt(false);
  }

  function saveAnyway(addAnother: boolean) {
    const parsed = check(studentInputSchema, values, setErrors);
    if (parsed) submit(parsed, basis?.version, addAnother);
  }

  function keepTheirs(theirs: Student) {
    setValues(initialValues(theirs));
    setBasis(theirs);
    conflicts.clear();
    // The pressed button leaves with the conflict view: focus goes to the form, now theirs.
    nameInput.current?.focus();
  }

  /** Saves over their version: what was typed, with the fields chosen from theirs. */
  function saveOver(theirs: Student, chosen: string[]) {
    const merged = withTheirs(values, initialValues(theirs), chosen);
    setValues(merged);
    setBasis(theirs);
    const parsed = check(studentInputSchema, merged, setErrors);
    if (parsed) submit(parsed, theirs.version);
  }

  /** A change to what is typed: look-alikes found for the earlier values no longer apply. */
  const change: Dispatch<SetStateAction<FormValues>> = (next) => {
    setDuplicates(null);
    setValues(next);
  };
  const field = bindFields(values, change, errors);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
      {extras}
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">
          {studentRecordTexts.groups.student}
        </legend>
        <Field
          ref={nameInput}
          label="Name"
          required
          autoComplete="off"
          maxLength={LIMITS.studentNameMax}
          {...field('name')}
        />
        <Field
          label="Date of birth (optional)"
          type="date"
          autoComplete="off"
          {...field('date_of_birth')}
        />
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={LIMITS.emailMax}
          {...field('email')}
        />
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="off"
          maxLength={LIMITS.phoneMax}
          {...field('phone_number')}
        />
        <TextAreaField
          label="Address (optional)"
          rows={2}
          maxLength={LIMITS.addressMax}
          {...field('address')}
        />
      </fieldset>
      <GuardiansFields
        guardians={values.guardians}
        errors={errors}
        onChange={(guardians) => change((current) => ({ ...current, guardians }))}
      />
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
        <legend className="mb-2 text-base font-semibold">{studentRecordTexts.groups.school}</legend>
        <Field
          label="Roll number"
          required
          autoComplete="off"
          maxLength={LIMITS.rollNumberMax}
          {...field('roll_number')}
        />
        <SelectField
          label="Standard"
          name="standard"
          required
          value={values.standard}
          // The standard is parsed as an integer; 0 means none is chosen yet.
          onChange={(event) => {
            const standard = Number.parseInt(event.target.value, 10) || DEFAULT_STUDENT_STANDARD;
            change((current) => ({ ...current, standard }));
          }}
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
              {label(standard)}
            </option>
          ))}
        </SelectField>
        <Field
          label={studentRecordTexts.admissionNumber}
          autoComplete="off"
          maxLength={LIMITS.admissionNumberMax}
          {...field('admission_number')}
        />
        <SelectField
          label={studentRecordTexts.status}
          name="status"
          value={values.status}
          error={errors['status']}
          onChange={(event) => {
            const status = event.target.value as StudentStatus;
            // An active student has no leaving date.
            change((current) => ({
              ...current,
              status,
              // Marked as left, the student left today unless the person says otherwise.
              left_on: status === 'active' ? '' : current.left_on || localToday(),
            }));
          }}
        >
          {studentStatuses.map((status) => (
            <option key={status} value={status}>
              {studentRecordTexts.statuses[status]}
            </option>
          ))}
        </SelectField>
        {values.status !== 'active' && (
          <Field label={studentRecordTexts.leftOn} type="date" required {...field('left_on')} />
        )}
      </fieldset>
      {conflict && basis && (
        <EditConflict
          className="sm:col-span-2"
          by={conflict.by}
          fields={conflictFields(basis, conflict.current, values, standards)}
          saving={saving}
          onKeepTheirs={() => keepTheirs(conflict.current)}
          onSave={(chosen) => saveOver(conflict.current, chosen)}
        />
      )}
      {duplicates && (
        <LikelyDuplicates
          duplicates={duplicates.found}
          standards={standards}
          saving={saving}
          onSaveAnyway={() => saveAnyway(duplicates.addAnother)}
        />
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" loading={saving || checking}>
          {editing ? 'Save changes' : 'Save student'}
        </Button>
        {!editing && (
          <Button
            variant="secondary"
            onClick={() => void attempt(true)}
            disabled={saving || checking}
          >
            {appTexts.students.saveAndAddAnother}
          </Button>
        )}
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface GuardiansFieldsProps {
  guardians: Guardian[];
  errors: Record<string, string | undefined>;
  onChange: (guardians: Guardian[]) => void;
}

/** A student's guardians: added and removed here, up to four, exactly one of them primary. */
function GuardiansFields({ guardians, errors, onChange }: GuardiansFieldsProps) {
  const texts = studentRecordTexts;
  const set = (index: number, change: Partial<Guardian>) =>
    onChange(
      guardians.map((guardian, at) => (at === index ? { ...guardian, ...change } : guardian)),
    );
  const makePrimary = (index: number) =>
    onChange(guardians.map((guardian, at) => ({ ...guardian, primary: at === index })));
  function remove(index: number) {
    const rest = guardians.filter((_, at) => at !== index);
    // The primary one gone, the first that stays takes its place.
    const hasPrimary = rest.some((guardian) => guardian.primary);
    onChange(
      rest.map((guardian, at) => ({
        ...guardian,
        primary: hasPrimary ? guardian.primary : at === 0,
      })),
    );
  }
  const text = (index: number, name: 'name' | 'relation' | 'phone' | 'email') => ({
    name: `guardians.${index}.${name}`,
    value: guardians[index]?.[name] ?? '',
    error: errors[`guardians.${index}.${name}`],
    onChange: (event: { target: { value: string } }) => set(index, { [name]: event.target.value }),
  });
  return (
    <fieldset className="grid gap-4 sm:col-span-2">
      <legend className="mb-2 text-base font-semibold">{texts.groups.guardians}</legend>
      {guardians.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">{texts.noGuardians}</p>
      )}
      {errors['guardians'] && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {errors['guardians']}
        </p>
      )}
      {guardians.map((guardian, index) => (
        <fieldset
          key={index}
          className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700"
        >
          <legend className="px-1 text-sm font-medium">{texts.guardianLegend(index + 1)}</legend>
          <Field
            label={texts.guardianName}
            required
            autoComplete="off"
            maxLength={LIMITS.guardianNameMax}
            {...text(index, 'name')}
          />
          <Field
            label={texts.guardianRelation}
            autoComplete="off"
            maxLength={LIMITS.guardianRelationMax}
            {...text(index, 'relation')}
          />
          <Field
            label={texts.guardianPhone}
            type="tel"
            autoComplete="off"
            maxLength={LIMITS.phoneMax}
            {...text(index, 'phone')}
          />
          <Field
            label={texts.guardianEmail}
            type="email"
            autoComplete="off"
            maxLength={LIMITS.emailMax}
            {...text(index, 'email')}
          />
          <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="primary-guardian"
                checked={guardian.primary}
                onChange={() => makePrimary(index)}
              />
              {texts.guardianPrimary}
            </label>
            <Button variant="secondary" onClick={() => remove(index)}>
              {texts.removeGuardian(index + 1)}
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button
          variant="secondary"
          disabled={guardians.length >= LIMITS.guardiansMax}
          onClick={() =>
            onChange([...guardians, { ...noGuardian, primary: guardians.length === 0 }])
          }
        >
          {texts.addGuardian}
        </Button>
        {guardians.length >= LIMITS.guardiansMax && (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{texts.guardiansMax}</p>
        )}
      </div>
    </fieldset>
  );
}
