import { useId } from 'react';
import X from 'lucide-react/icons/x';
import { teacherTexts } from '@um/contract';
import type { Teacher } from '@um/contract';
import { SelectField } from '../../../components/ui/Field';
import { useTeacherChoices } from '../api/get-teacher-choices';

export interface TeachersFieldProps {
  /** The chosen teachers, in order: the first is the class's primary teacher. */
  value: readonly Teacher[];
  onChange: (teachers: Teacher[]) => void;
  error?: string | undefined;
}

/**
 * A standard's teachers: the chosen ones listed, each with Remove, and a select to add one of
 * the school's active staff accounts (docs/web.md, "Standards").
 */
export function TeachersField({ value, onChange, error }: TeachersFieldProps) {
  const choices = useTeacherChoices();
  const headingId = useId();
  const chosen = new Set(value.map((teacher) => teacher.id));
  const remaining = (choices.data ?? []).filter((choice) => !chosen.has(choice.id));

  return (
    <fieldset className="space-y-2 sm:col-span-2" aria-labelledby={headingId}>
      <legend id={headingId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {teacherTexts.label}
      </legend>
      {value.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{teacherTexts.none}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {value.map((teacher) => (
            <li
              key={teacher.id}
              className="flex max-w-full items-center gap-1 rounded-pill bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-900 dark:bg-brand-950/60 dark:text-brand-100"
            >
              <span className="min-w-0 break-words">{teacher.name}</span>
              <button
                type="button"
                className="rounded-pill p-1 hover:bg-brand-100 dark:hover:bg-brand-900"
                aria-label={teacherTexts.remove(teacher.name)}
                onClick={() => onChange(value.filter((other) => other.id !== teacher.id))}
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {choices.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {teacherTexts.choicesFailed}
        </p>
      ) : (
        <SelectField
          label={teacherTexts.add}
          value=""
          error={error}
          disabled={remaining.length === 0}
          onChange={(event) => {
            const picked = remaining.find((choice) => String(choice.id) === event.target.value);
            if (picked) onChange([...value, picked]);
          }}
        >
          <option value="">{choices.isPending ? 'Loading…' : '—'}</option>
          {remaining.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </SelectField>
      )}
    </fieldset>
  );
}
