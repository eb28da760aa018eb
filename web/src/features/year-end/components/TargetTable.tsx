import { GRADE_LEVEL_MAX, GRADE_LEVEL_MIN, LIMITS, yearEndScreenTexts as t } from '@um/contract';
import type { Standard } from '@um/contract';
import { Field, SelectField } from '../../../components/ui/Field';
import { ResponsiveTable } from '../../../components/ui/ResponsiveTable';
import type { FieldErrors } from '../../../lib/forms';
import { newTarget } from '../plan';
import type { Target } from '../plan';

export interface TargetTableProps {
  toYear: string;
  rows: ReadonlyArray<{ standard: Standard; target: Target }>;
  /** The next year's standards, which a standard's students can go to. */
  nextYear: readonly Standard[];
  /** Keyed as the request's fields are ("moves.2.to_new.name"), from the contract or the API. */
  errors: FieldErrors;
  onChange: (standard: Standard, target: Target) => void;
}

/** The year's standards, one a row (a card on a phone), each with where its students go. */
export function TargetTable({ toYear, rows, nextYear, errors, onChange }: TargetTableProps) {
  return (
    <ResponsiveTable
      label={t.targetsTable}
      rows={rows.map((row, index) => ({ ...row, index }))}
      rowKey={({ standard }) => standard.id}
      framed={false}
      columns={[
        { header: t.columns.standard, kind: 'title', cell: ({ standard }) => standard.name },
        { header: t.columns.grade, cell: ({ standard }) => standard.grade_level },
        { header: t.columns.students, cell: ({ standard }) => standard.student_count },
        {
          header: t.columns.target,
          labelled: true,
          className: 'min-w-64 align-top',
          cell: ({ standard, target, index }) => (
            <TargetChoice
              standard={standard}
              target={target}
              toYear={toYear}
              nextYear={nextYear}
              error={(field) => errors[`moves.${index}${field}`]}
              onChange={(next) => onChange(standard, next)}
            />
          ),
        },
      ]}
    />
  );
}

/** Where one standard's students go: a standard of the next year, a new one, or graduating. */
function TargetChoice({
  standard,
  target,
  toYear,
  nextYear,
  error,
  onChange,
}: {
  standard: Standard;
  target: Target;
  toYear: string;
  nextYear: readonly Standard[];
  /** The message for a field of this row's move ('' for the move itself), if any. */
  error: (field: string) => string | undefined;
  onChange: (target: Target) => void;
}) {
  return (
    <>
      <SelectField
        label={t.targetOf(standard.name)}
        value={target.kind === 'existing' ? String(target.id) : target.kind}
        error={error('') ?? error('.from_standard') ?? error('.to_standard') ?? error('.graduate')}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === 'graduate') onChange({ kind: 'graduate' });
          // Back to a new standard after trying another target: what was typed stays.
          else if (chosen === 'new') onChange(target.kind === 'new' ? target : newTarget(standard));
          else onChange({ kind: 'existing', id: Number(chosen) });
        }}
      >
        {nextYear.length > 0 && (
          <optgroup label={t.standardsOf(toYear)}>
            {nextYear.map((next) => (
              <option key={next.id} value={next.id}>
                {next.name}
              </option>
            ))}
          </optgroup>
        )}
        <option value="new">{t.newStandard}</option>
        <option value="graduate">{t.graduates}</option>
      </SelectField>
      {target.kind === 'new' && (
        <div className="mt-2 grid gap-2 sm:grid-cols-[1fr_8rem]">
          <Field
            label={t.newName}
            aria-label={t.newNameOf(standard.name)}
            autoComplete="off"
            maxLength={LIMITS.standardNameMax}
            value={target.name}
            error={error('.to_new.name') ?? error('.to_new')}
            onChange={(event) => onChange({ ...target, name: event.target.value })}
          />
          <Field
            label={t.newGrade}
            aria-label={t.newGradeOf(standard.name)}
            type="number"
            inputMode="numeric"
            min={GRADE_LEVEL_MIN}
            max={GRADE_LEVEL_MAX}
            step={1}
            value={target.gradeLevel}
            error={error('.to_new.grade_level')}
            onChange={(event) => onChange({ ...target, gradeLevel: event.target.value })}
          />
        </div>
      )}
    </>
  );
}
