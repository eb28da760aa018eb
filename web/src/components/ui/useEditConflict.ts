import { useState } from 'react';
import type { ResponseSchema } from '../../lib/api-client';
import { getLatestChangeBy } from '../../lib/api/get-record-history';
import { editConflictCurrent } from '../../lib/server-errors';
import { useStoredSession } from '../../lib/session';

/** Who saved in between: a colleague by name, or the person themselves in another tab. */
export type SavedBy = { name: string } | 'you' | null;

/** A save refused because somebody saved first: the record as it now is, and who saved it. */
export interface Conflict<Saved> {
  current: Saved;
  by: SavedBy;
}

/**
 * The edit conflict of a record's form (docs/web.md, Edit conflicts). `caught` takes a failed
 * save: when it was a conflict it reads who made the record's latest change from its history
 * (`historyPath`) and then shows the conflict, so the panel appears once, naming them; a
 * history that cannot be read leaves them unnamed.
 */
export function useEditConflict<Saved>(schema: ResponseSchema<Saved>, historyPath: string | null) {
  const { user } = useStoredSession();
  const [conflict, setConflict] = useState<Conflict<Saved> | null>(null);

  function caught(error: unknown): boolean {
    const current = editConflictCurrent(error, schema);
    if (current === null) return false;
    const show = (by: SavedBy) => setConflict({ current, by });
    if (historyPath === null) {
      show(null);
      return true;
    }
    getLatestChangeBy(historyPath).then(
      (actor) =>
        show(
          actor === null || actor.name === ''
            ? null
            : String(actor.id) === user?.id
              ? 'you'
              : { name: actor.name },
        ),
      () => show(null),
    );
    return true;
  }

  return { conflict, caught, clear: () => setConflict(null) };
}

/** A form's values with the fields `chosen` (by name) taken from `theirs`. */
export function withTheirs<Values extends object>(
  values: Values,
  theirs: Values,
  chosen: readonly string[],
): Values {
  const taken = Object.entries(theirs).filter(([name]) => chosen.includes(name));
  return { ...values, ...Object.fromEntries(taken) };
}
