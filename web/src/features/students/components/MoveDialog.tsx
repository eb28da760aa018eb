import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  bulkRefusedSchema,
  bulkScreenTexts as t,
  rollNumberChoices,
  type RollNumberChange,
  type RollNumberChoice,
} from '@um/contract';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { ApiError, errorDetail } from '../../../lib/api-client';
import { previewBulkChange } from '../api/change-students-in-bulk';

/** The roll numbers a move changes, as a table: who, the number now, the number it becomes. */
export function RollNumberChanges({ changes }: { changes: readonly RollNumberChange[] }) {
  return (
    <table className="mt-3 w-full text-left text-sm" aria-label={t.changesTable}>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-3">
            {t.changeColumns.student}
          </th>
          <th scope="col" className="py-1 pr-3">
            {t.changeColumns.from}
          </th>
          <th scope="col" className="py-1">
            {t.changeColumns.to}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.student.id}>
            <td className="py-1 pr-3 break-words">{change.student.name}</td>
            <td className="py-1 pr-3">{change.from}</td>
            <td className="py-1 font-semibold">{change.to}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The three answers to roll numbers already taken where students go. */
export function RollNumberChoiceField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: RollNumberChoice;
  onChange: (choice: RollNumberChoice) => void;
}) {
  return (
    <fieldset className="mt-3">
      <legend className="text-sm font-semibold">{t.clashChoice}</legend>
      {rollNumberChoices.map((choice) => (
        <label key={choice} className="mt-2 flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={name}
            value={choice}
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {t.clashChoices[choice]}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The question before a move of many students: it previews the move, and when roll numbers are
 * taken in the target offers what to do with them, showing the numbers students will get.
 */
export function MoveDialog({
  ids,
  target,
  busy,
  onConfirm,
  onCancel,
}: {
  ids: readonly number[];
  target: { id: number; name: string };
  busy: boolean;
  onConfirm: (choice: RollNumberChoice) => void;
  onCancel: () => void;
}) {
  const [choice, setChoice] = useState<RollNumberChoice>('keep');
  const [clashes, setClashes] = useState(0);
  const preview = useQuery({
    queryKey: ['bulk-move-preview', target.id, choice, ids],
    queryFn: async () => {
      try {
        return await previewBulkChange({
          action: 'move',
          ids: [...ids],
          standard: target.id,
          roll_numbers: choice,
        });
      } catch (error) {
        const refused =
          error instanceof ApiError ? bulkRefusedSchema.safeParse(error.problem) : null;
        const taken = refused?.success
          ? refused.data.errors.filter((entry) => entry.field === 'roll_number').length
          : 0;
        if (taken > 0) setClashes(taken);
        throw error;
      }
    },
    retry: false,
    gcTime: 0,
  });
  const refusedForClashes = choice === 'keep' && preview.isError && clashes > 0;
  const offerChoice = clashes > 0;

  return (
    <Dialog
      open
      title={t.confirmMoveTitle(ids.length, target.name)}
      onClose={busy ? () => undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => onConfirm(choice)}
            loading={busy}
            disabled={refusedForClashes || preview.isPending}
          >
            {t.move}
          </Button>
        </>
      }
    >
      <p>{t.confirmMove(ids.length, target.name)}</p>
      {preview.isPending && <p className="mt-2 text-sm">{t.checking}</p>}
      {offerChoice && (
        <>
          <p className="mt-3 font-semibold">{t.clashHeading(clashes)}</p>
          <RollNumberChoiceField name="bulk-move-clashes" value={choice} onChange={setChoice} />
        </>
      )}
      {preview.isError && !refusedForClashes && (
        <p className="mt-2 text-sm">{errorDetail(preview.error)}</p>
      )}
      {preview.data && preview.data.roll_numbers.length > 0 && (
        <RollNumberChanges changes={preview.data.roll_numbers} />
      )}
    </Dialog>
  );
}
