import { useId, useState } from 'react';
import { appTexts, dailyUseTexts } from '@um/contract';
import { Button } from './Button';
import { cx } from './cx';
import type { SavedBy } from './useEditConflict';

/** One field of the form, as a person reads it, in the three versions a conflict compares. */
export interface ConflictField {
  /** The field's name in the form's values. */
  name: string;
  label: string;
  /** The saved value the edit started from. */
  before: string;
  /** The value the colleague saved since. */
  theirs: string;
  /** What the form holds now. */
  yours: string;
}

export interface EditConflictProps {
  /** Who saved in between; null when the record's history does not say. */
  by: SavedBy;
  /** Every field the form edits; those the colleague changed to something else are offered. */
  fields: ConflictField[];
  saving: boolean;
  /** Takes every value of theirs into the form, saving nothing. */
  onKeepTheirs: () => void;
  /** Saves what the form holds over their version, with `theirs` (field names) taken from it. */
  onSave: (theirs: string[]) => void;
  className?: string | undefined;
}

const same = (a: string, b: string) => a.trim() === b.trim();

type Choice = 'theirs' | 'yours';

const columns: Record<Choice, string> = {
  theirs: appTexts.history.theirs,
  yours: appTexts.history.yours,
};

/**
 * A colleague saved the record after the form opened. Each field they changed, where their
 * value differs from what was typed here, is offered side by side with a choice: theirs by
 * default, yours when it was changed here too. Fields they did not touch keep what was typed,
 * and nothing typed leaves the form until the person chooses.
 */
export function EditConflict({
  by,
  fields,
  saving,
  onKeepTheirs,
  onSave,
  className,
}: EditConflictProps) {
  const id = useId();
  const [chosen, setChosen] = useState<Record<string, Choice>>({});
  const offered = fields.filter(
    (field) => !same(field.before, field.theirs) && !same(field.theirs, field.yours),
  );
  const choiceOf = (field: ConflictField): Choice =>
    chosen[field.name] ?? (same(field.yours, field.before) ? 'theirs' : 'yours');

  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className={cx(
        // min-w-0: in a form's grid it narrows to the screen, and long values wrap inside it.
        'min-w-0 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
        className,
      )}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {by === 'you'
          ? dailyUseTexts.conflict.byYou
          : by
            ? dailyUseTexts.conflict.by(by.name)
            : appTexts.history.conflictTitle}
      </h3>
      <p className="mt-1">
        {offered.length > 0 ? dailyUseTexts.conflict.help : dailyUseTexts.conflict.nothingToChoose}
      </p>
      {offered.length > 0 && (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left">
            <thead>
              <tr>
                <th scope="col" className="pr-3">
                  Field
                </th>
                <th scope="col" className="pr-3">
                  {columns.theirs}
                </th>
                <th scope="col">{columns.yours}</th>
              </tr>
            </thead>
            <tbody>
              {offered.map((field) => {
                const option = (choice: Choice, value: string) => (
                  <td className="py-1 pr-3 align-top">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`${id}-${field.name}`}
                        checked={choiceOf(field) === choice}
                        onChange={() =>
                          setChosen((current) => ({ ...current, [field.name]: choice }))
                        }
                        // Its row and column in its name: "Phone, Their version: +91 11111 22222".
                        aria-label={`${field.label}, ${columns[choice]}: ${value || '—'}`}
                        className="mt-0.5 size-4 shrink-0 accent-brand-600"
                      />
                      <span className="min-w-0 [overflow-wrap:anywhere]">{value || '—'}</span>
                    </label>
                  </td>
                );
                return (
                  <tr key={field.name}>
                    <th scope="row" className="py-1 pr-3 align-top font-medium">
                      {field.label}
                    </th>
                    {option('theirs', field.theirs)}
                    {option('yours', field.yours)}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={onKeepTheirs} disabled={saving}>
          {appTexts.history.keepTheirs}
        </Button>
        <Button
          loading={saving}
          onClick={() =>
            onSave(
              offered.filter((field) => choiceOf(field) === 'theirs').map((field) => field.name),
            )
          }
        >
          {dailyUseTexts.conflict.save}
        </Button>
      </div>
    </section>
  );
}
