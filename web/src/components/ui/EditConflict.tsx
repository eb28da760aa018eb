import { useId } from 'react';
import { appTexts } from '@um/contract';
import { Button } from './Button';
import { cx } from './cx';

/** One field of the record as a person reads it: its saved value and what the form holds. */
export interface ConflictField {
  label: string;
  theirs: string;
  yours: string;
}

export interface EditConflictProps {
  /** Every field the form edits; only those where the two versions differ are shown. */
  fields: ConflictField[];
  saving: boolean;
  onKeepTheirs: () => void;
  onSaveMine: () => void;
  className?: string | undefined;
}

/**
 * A colleague saved the record after the form opened: each field where their saved value and
 * what was typed here differ, side by side, and the choice of which to keep. What was typed stays
 * in the form until the person chooses.
 */
export function EditConflict({
  fields,
  saving,
  onKeepTheirs,
  onSaveMine,
  className,
}: EditConflictProps) {
  const titleId = useId();
  const differing = fields.filter((field) => field.theirs.trim() !== field.yours.trim());
  return (
    <section
      role="alert"
      aria-labelledby={titleId}
      className={cx(
        'rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
        className,
      )}
    >
      <h3 id={titleId} className="font-semibold">
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
              <tr key={field.label}>
                <th scope="row" className="pr-3 font-medium">
                  {field.label}
                </th>
                <td className="pr-3 break-words">{field.theirs || '—'}</td>
                <td className="break-words">{field.yours || '—'}</td>
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
